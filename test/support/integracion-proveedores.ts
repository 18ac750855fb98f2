import { api } from './clients.js';

/**
 * The provider panel's calls as marketplace staff make them (test/integration/proveedores-*.test.ts), with
 * the token the file signed in with (read at each call: the file signs in before its first test).
 */
export function panelDeProveedores(plataforma: () => string) {
  const conteos = async () => (await api('/plataforma/proveedores/resumen', { token: plataforma() })).json.conteos as Record<string, number>;
  const pagina = (lista: string, query = '') => api(`/plataforma/proveedores/listas/${lista}${query}`, { token: plataforma() });
  const detalle = (tipo: string, id: string) => api(`/plataforma/proveedores/${tipo}/${id}`, { token: plataforma() });
  /** The action as the detail modal sends it: validating names the version staff were shown (read now). */
  const accion = async (tipo: string, id: string, que: 'validar' | 'bienvenida', token = plataforma()) =>
    api(`/plataforma/proveedores/${tipo}/${id}/${que}`, { token, method: 'POST', body: que === 'validar' ? { version: await versionVista(tipo, id) } : {} });
  const versionVista = async (tipo: string, id: string): Promise<string> => (await detalle(tipo, id)).json?.version ?? '';
  const validarVersion = (tipo: string, id: string, version: unknown) => api(`/plataforma/proveedores/${tipo}/${id}/validar`, { token: plataforma(), body: { version } });
  return { conteos, pagina, detalle, accion, versionVista, validarVersion };
}
