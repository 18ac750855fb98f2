/**
 * The map's marker icons as RGBA pixels, computed in plain JavaScript rather than drawn on a canvas.
 * Why: the page's first 2D-canvas draw (or its GPU readback with getImageData) costs 130-330 ms of
 * main thread on a GPU-less machine, once per page load, measured in the Lighthouse traces; these
 * icons are 30 px, one evaluation per pixel and shape. MapLibre takes `{ width, height, data }` as is.
 */

export interface IconoRGBA {
  width: number;
  height: number;
  data: Uint8Array;
}

type Rgba = readonly [number, number, number, number];

/** A shape as a signed distance from a point to its edge, in units: negative inside. */
type Forma = (x: number, y: number) => number;

const hex = (color: string, alfa = 1): Rgba => [parseInt(color.slice(1, 3), 16), parseInt(color.slice(3, 5), 16), parseInt(color.slice(5, 7), 16), alfa];

/** How much of each pixel each shape covers (0-1), `lado` units at `ratio` device pixels per unit. */
interface Cobertura {
  size: number;
  capas: Float32Array[];
}

/**
 * Each shape covers a pixel by the distance from the pixel's centre to its edge (half a pixel either
 * side), which smooths the edges as a canvas does, at one evaluation per pixel: 4 x 4 samples per
 * pixel took 40 ms of the map's first load on this machine. Computed once per shape and ratio.
 */
function cubrir(lado: number, ratio: number, formas: readonly Forma[]): Cobertura {
  const size = Math.round(lado * ratio);
  const capas = formas.map((forma) => {
    const capa = new Float32Array(size * size);
    for (let py = 0; py < size; py++)
      for (let px = 0; px < size; px++) capa[py * size + px] = Math.min(1, Math.max(0, 0.5 - forma((px + 0.5) / ratio, (py + 0.5) / ratio) * ratio));
    return capa;
  });
  return { size, capas };
}

/** Straight (not premultiplied) RGBA: one colour per shape, each laid over the ones before (source-over). */
function pintar({ size, capas }: Cobertura, colores: readonly Rgba[]): IconoRGBA {
  const data = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    // Premultiplied, so a half-covered pixel does not darken the edge.
    let r = 0, g = 0, b = 0, a = 0;
    for (let k = 0; k < capas.length; k++) {
      const color = colores[k]!;
      const cubre = capas[k]![i]! * color[3];
      r = color[0] * cubre + r * (1 - cubre);
      g = color[1] * cubre + g * (1 - cubre);
      b = color[2] * cubre + b * (1 - cubre);
      a = cubre + a * (1 - cubre);
    }
    if (a === 0) continue;
    data[i * 4] = Math.round(r / a);
    data[i * 4 + 1] = Math.round(g / a);
    data[i * 4 + 2] = Math.round(b / a);
    data[i * 4 + 3] = Math.round(a * 255);
  }
  return { width: size, height: size, data };
}

type Punto = readonly [number, number];

// Points read by index, not destructured: these run once per pixel before the page's JIT has warmed
// up, where array destructuring goes through the iterator protocol (about twice as slow, measured).
function distanciaAlSegmento(x: number, y: number, a: Punto, b: Punto): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

function dentro(x: number, y: number, poligono: readonly Punto[]): boolean {
  let adentro = false;
  for (let i = 0, j = poligono.length - 1; i < poligono.length; j = i++) {
    const p = poligono[i]!;
    const q = poligono[j]!;
    if (p[1] > y !== q[1] > y && x < ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1]) + p[0]) adentro = !adentro;
  }
  return adentro;
}

export const ICONO_FLECHA_PX = 30;
/** The arrow of docs/spec/02.md section 2.1, pointing up, in a 30-unit box. */
const FLECHA: readonly Punto[] = [[15, 2], [27, 27], [15, 21], [3, 27]];
const BORDE_FLECHA = hex('#0f141e', 0.85);
const MEDIO_BORDE_FLECHA = 2.5 / 2;

/** How far a point is from the arrow's edge. */
function alBorde(x: number, y: number): number {
  let d = Infinity;
  for (let i = 0; i < FLECHA.length; i++) d = Math.min(d, distanciaAlSegmento(x, y, FLECHA[i]!, FLECHA[(i + 1) % FLECHA.length]!));
  return d;
}
/** The arrow's shapes: its fill, and the outline over it. */
const FORMAS_FLECHA: readonly Forma[] = [(x, y) => (dentro(x, y, FLECHA) ? -1 : 1) * alBorde(x, y), (x, y) => alBorde(x, y) - MEDIO_BORDE_FLECHA];
/** One shape per pixel ratio for all the state colours. */
const flechas = new Map<number, Cobertura>();

/** The arrow marker in `color` ('#rrggbb') with a dark outline (round joins, like a canvas stroke). */
export function iconoFlecha(color: string, ratio: number): IconoRGBA {
  let cobertura = flechas.get(ratio);
  if (!cobertura) flechas.set(ratio, (cobertura = cubrir(ICONO_FLECHA_PX, ratio, FORMAS_FLECHA)));
  return pintar(cobertura, [hex(color), BORDE_FLECHA]);
}

export const ICONO_CONDUCTOR_PX = 28;
const BLANCO = hex('#ffffff');
/** The drivers' colour, on the map and in the legend. */
export const COLOR_CONDUCTOR = '#0b7a75';
const VERDE = hex(COLOR_CONDUCTOR);

/** A driver on a started trip (docs/spec/02.md section 7): a teal dot with a white ring and a white centre. */
export function iconoConductor(ratio: number): IconoRGBA {
  const centro = (x: number, y: number) => Math.hypot(x - 14, y - 14);
  return pintar(cubrir(ICONO_CONDUCTOR_PX, ratio, [(x, y) => centro(x, y) - 12.5, (x, y) => Math.max(4 - centro(x, y), centro(x, y) - 9.5)]), [BLANCO, VERDE]);
}
