/** docs/spec/02.md section 9: Cali, zoom 13 ([lng, lat], MapLibre's order). */
export const CENTRO_MAPA: [number, number] = [-76.532, 3.4516];
export const ZOOM_MAPA = 13;

/** Amazon Location's style takes the colour scheme as a parameter; the offline one has a dark file. */
export function estiloSegunModo(url: string, oscuro: boolean): string {
  if (!oscuro) return url;
  if (url.endsWith('/map/style.json')) return url.replace(/style\.json$/, 'style-dark.json');
  if (url.includes('/v2/styles/')) return `${url}${url.includes('?') ? '&' : '?'}color-scheme=Dark`;
  return url;
}
