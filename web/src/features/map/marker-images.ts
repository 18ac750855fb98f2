/**
 * The map's marker icons as RGBA pixels, computed in plain JavaScript rather than drawn on a canvas.
 * Why: the page's first 2D-canvas draw (or its GPU readback with getImageData) costs 130-330 ms of
 * main thread on a GPU-less machine, once per page load, measured in the Lighthouse traces; these
 * icons are 30 px and need a few thousand samples. MapLibre takes `{ width, height, data }` as is.
 */

export interface IconoRGBA {
  width: number;
  height: number;
  data: Uint8Array;
}

type Rgba = readonly [number, number, number, number];
/** Which paint covers a point of the icon: an index into the palette, 0 for nothing. */
type Forma = (x: number, y: number) => number;

/** 4 x 4 samples per pixel: edges as smooth as the canvas' anti-aliasing at this size. */
const MUESTRAS = 4;

const hex = (color: string, alfa = 1): Rgba => [parseInt(color.slice(1, 3), 16), parseInt(color.slice(3, 5), 16), parseInt(color.slice(5, 7), 16), alfa];

/** Samples of each paint per pixel, `lado` units at `ratio` device pixels per unit: computed once per shape. */
interface Cobertura {
  size: number;
  pinturas: number;
  cuentas: Uint8Array;
}

function cubrir(lado: number, ratio: number, pinturas: number, forma: Forma): Cobertura {
  const size = Math.round(lado * ratio);
  const cuentas = new Uint8Array(size * size * pinturas);
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++)
      for (let sy = 0; sy < MUESTRAS; sy++)
        for (let sx = 0; sx < MUESTRAS; sx++) {
          const k = forma((px + (sx + 0.5) / MUESTRAS) / ratio, (py + (sy + 0.5) / MUESTRAS) / ratio);
          if (k) cuentas[(py * size + px) * pinturas + k - 1]!++;
        }
  return { size, pinturas, cuentas };
}

/** Straight (not premultiplied) RGBA from the coverage and one colour per paint. */
function pintar({ size, pinturas, cuentas }: Cobertura, paleta: readonly Rgba[]): IconoRGBA {
  const data = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    // Premultiplied sums, so transparent samples do not darken the edge.
    let r = 0, g = 0, b = 0, a = 0;
    for (let k = 0; k < pinturas; k++) {
      const n = cuentas[i * pinturas + k]!;
      const [cr, cg, cb, ca] = paleta[k]!;
      r += n * cr * ca;
      g += n * cg * ca;
      b += n * cb * ca;
      a += n * ca;
    }
    if (a === 0) continue;
    data[i * 4] = Math.round(r / a);
    data[i * 4 + 1] = Math.round(g / a);
    data[i * 4 + 2] = Math.round(b / a);
    data[i * 4 + 3] = Math.round((a / (MUESTRAS * MUESTRAS)) * 255);
  }
  return { width: size, height: size, data };
}

/** `arriba` over `abajo` (source-over), as a canvas strokes over its fill. */
function sobre(arriba: Rgba, abajo: Rgba): Rgba {
  if (arriba[3] === 1) return arriba;
  const a = arriba[3] + abajo[3] * (1 - arriba[3]);
  const mezcla = (k: 0 | 1 | 2) => (arriba[k] * arriba[3] + abajo[k] * abajo[3] * (1 - arriba[3])) / a;
  return [mezcla(0), mezcla(1), mezcla(2), a];
}

type Punto = readonly [number, number];

function distanciaAlSegmento(x: number, y: number, [ax, ay]: Punto, [bx, by]: Punto): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

function dentro(x: number, y: number, poligono: readonly Punto[]): boolean {
  let adentro = false;
  for (let i = 0, j = poligono.length - 1; i < poligono.length; j = i++) {
    const [xi, yi] = poligono[i]!;
    const [xj, yj] = poligono[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) adentro = !adentro;
  }
  return adentro;
}

export const ICONO_FLECHA_PX = 30;
/** The arrow of spec 02 section 2.1, pointing up, in a 30-unit box. */
const FLECHA: readonly Punto[] = [[15, 2], [27, 27], [15, 21], [3, 27]];
const BORDE_FLECHA = hex('#0f141e', 0.85);
const MEDIO_BORDE_FLECHA = 2.5 / 2;

/** The arrow's paints: 1 fill, 2 outline over the fill, 3 outline outside it. */
const formaFlecha: Forma = (x, y) => {
  const borde = FLECHA.some((p, i) => distanciaAlSegmento(x, y, p, FLECHA[(i + 1) % FLECHA.length]!) <= MEDIO_BORDE_FLECHA);
  const relleno = dentro(x, y, FLECHA);
  return borde ? (relleno ? 2 : 3) : relleno ? 1 : 0;
};
/** One shape per pixel ratio for all the state colours. */
const flechas = new Map<number, Cobertura>();

/** The arrow marker in `color` ('#rrggbb') with a dark outline (round joins, like a canvas stroke). */
export function iconoFlecha(color: string, ratio: number): IconoRGBA {
  let cobertura = flechas.get(ratio);
  if (!cobertura) flechas.set(ratio, (cobertura = cubrir(ICONO_FLECHA_PX, ratio, 3, formaFlecha)));
  const relleno = hex(color);
  return pintar(cobertura, [relleno, sobre(BORDE_FLECHA, relleno), BORDE_FLECHA]);
}

export const ICONO_CONDUCTOR_PX = 28;
const BLANCO = hex('#ffffff');
/** The drivers' colour, on the map and in the legend. */
export const COLOR_CONDUCTOR = '#0b7a75';
const VERDE = hex(COLOR_CONDUCTOR);

/** A driver on a started trip (spec 02 section 7): a teal dot with a white ring and a white centre. */
export function iconoConductor(ratio: number): IconoRGBA {
  const forma: Forma = (x, y) => {
    const d = Math.hypot(x - 14, y - 14);
    return d <= 4 ? 1 : d < 9.5 ? 2 : d <= 12.5 ? 1 : 0;
  };
  return pintar(cubrir(ICONO_CONDUCTOR_PX, ratio, 2, forma), [BLANCO, VERDE]);
}
