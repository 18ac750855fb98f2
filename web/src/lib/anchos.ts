import * as z from 'zod';

/** A list's column, with its share of the list's width (1 unless said: a route 2, a client 1.5). */
export type ConPeso = { header?: unknown; minWidth?: number; peso?: number };

/** Cloudscape's bold 14 px header: about 9 px a character, plus the cell's padding and resizer. */
const PX_POR_LETRA = 9;
const RELLENO = 44;

/**
 * Minimum widths by what a cell holds (its 40 px of padding included): a name's longest word
 * ("Tecnoquímicas", "Transportes"), a date ("26/11/2026,"), a route's addresses; any other column
 * 110 (an amount, a badge, 'Ver detalle'); an amount with its base under it ('de $ 1.745.001') 130;
 * an action of two words such as 'Registrar pago' 150.
 */
export const ANCHO = { nombre: 140, fecha: 120, ruta: 160, otro: 110, importeConBase: 130, accionLarga: 150 } as const;

/** What a header needs so that its longest word stays whole (a header that is no text: the table's own minimum). */
export const anchoDeEncabezado = (header: unknown): number =>
  typeof header === 'string' ? Math.max(...header.split(/\s+/).map((palabra) => palabra.length)) * PX_POR_LETRA + RELLENO : 0;

/**
 * The first widths of a list with fixed, resizable columns: the list's width shared by `peso`, each
 * column at least its minimum and what its header's longest word needs. Fixed columns keep rows
 * arriving from moving them (no layout shift), but Cloudscape measures them on an empty table, where
 * every column gets the same share: "Comprobante" and "Tecnoquímicas" broke mid-word in 128 px
 * columns beside a route with room to spare. Past the list's width, the list scrolls sideways.
 */
export function conAnchos<C extends ConPeso>(columnas: readonly C[], ancho: number): (Omit<C, 'peso'> & { width: number; minWidth: number })[] {
  const cols = columnas.map((c) => ({ peso: c.peso ?? 1, minimo: Math.max(c.minWidth ?? ANCHO.otro, anchoDeEncabezado(c.header)), fija: false }));
  // Columns whose share is under their minimum get the minimum; the others share what is left.
  const reparto = () => ({
    libre: ancho - cols.reduce((s, c) => (c.fija ? s + c.minimo : s), 0),
    pesos: cols.reduce((s, c) => (c.fija ? s : s + c.peso), 0),
  });
  for (let cambio = true; cambio; ) {
    const { libre, pesos } = reparto();
    const cortas = cols.filter((c) => !c.fija && (libre * c.peso) / pesos < c.minimo);
    cortas.forEach((c) => (c.fija = true));
    cambio = cortas.length > 0;
  }
  const { libre, pesos } = reparto();
  return columnas.map(({ peso: _p, ...c }, i) => {
    const { minimo, fija, peso } = cols[i]!;
    return { ...c, minWidth: minimo, width: fija ? minimo : Math.floor((libre * peso) / pesos) };
  });
}

/**
 * The columns as the browser sizes them by their content (a phone's few columns, Historial's whole
 * list): without the minimums, which are for fixed columns and would widen a phone's table past its box.
 */
export const sinAnchos = <C extends ConPeso>(columnas: readonly C[]): Omit<C, 'peso' | 'minWidth'>[] => columnas.map(({ peso: _p, minWidth: _m, ...c }) => c);

/** Widths a user chose by hand in one list, by column id, and the list's width when they were chosen. */
const elegidosSchema = z.object({ ancho: z.number().positive(), columnas: z.record(z.string(), z.number().positive()) });
export type AnchosElegidos = z.infer<typeof elegidosSchema>;
export const NINGUNO: AnchosElegidos = { ancho: 0, columnas: {} };

const claveAnchos = (lista: string) => `anchos:${lista}`;

/**
 * The widths chosen by hand in a list (local storage, per browser), so that a list opens as it was left.
 * Anything unreadable counts as nothing chosen.
 */
export function anchosElegidos(lista: string): AnchosElegidos {
  try {
    return elegidosSchema.safeParse(JSON.parse(localStorage.getItem(claveAnchos(lista)) ?? 'null')).data ?? NINGUNO;
  } catch {
    return NINGUNO;
  }
}

export function guardarAnchos(lista: string, elegidos: AnchosElegidos): void {
  try {
    localStorage.setItem(claveAnchos(lista), JSON.stringify(elegidos));
  } catch {
    // Storage full or refused: the widths last until the page is left, as before.
  }
}

/**
 * What a drag leaves chosen: the columns whose width now differs from the one the list was given, at
 * the list's width now. Cloudscape reports every column's width in the definitions' order; only the
 * dragged one differs. The last column is left out: it takes what the others leave, so its width says
 * nothing chosen.
 */
export function anchosTrasArrastrar(elegidos: AnchosElegidos, columnas: readonly { id?: string; width?: number | string }[], anchos: readonly number[], ancho: number): AnchosElegidos {
  const nuevos = { ...elegidos.columnas };
  columnas.slice(0, -1).forEach((c, i) => {
    const w = anchos[i];
    if (c.id && w !== undefined && w !== c.width) nuevos[c.id] = Math.round(w);
  });
  return { ancho, columnas: nuevos };
}

/**
 * The first widths, with those chosen by hand over them (never under a column's minimum), fitted to the
 * list where they can be: what does not fit is taken first from the other columns (down to their
 * minimums) and, in a list narrower than where they were chosen, then from what the chosen ones widened
 * (down to their first widths). Past that the list scrolls sideways. Kept as dragged, a choice made the
 * list scroll with its sticky action column over the data (a driver's account cut at 1366 px after
 * widening at 1920; 'Viaje' covered at 1920 itself).
 */
export function conElegidos<C extends { id?: string; width: number; minWidth: number }>(columnas: readonly C[], elegidos: AnchosElegidos, ancho: number): C[] {
  const cols = columnas.map((c) => {
    const propia = elegidos.columnas[c.id ?? ''];
    const elegida = propia ? Math.max(c.minWidth, propia) : null;
    // What each column can give: a chosen one what it widened, another down to its minimum.
    return { c, w: elegida ?? c.width, holgura: elegida === null ? Math.max(0, c.width - c.minWidth) : Math.max(0, elegida - c.width), elegida: elegida !== null };
  });
  let sobra = cols.reduce((s, x) => s + x.w, 0) - ancho;
  // The chosen give back only in a list narrower than where they were chosen.
  for (const deElegidas of ancho < elegidos.ancho ? [false, true] : [false]) {
    const grupo = cols.filter((x) => x.elegida === deElegidas && x.holgura > 0);
    const holgura = grupo.reduce((s, x) => s + x.holgura, 0);
    if (sobra <= 0 || holgura === 0) continue;
    const parte = Math.min(1, sobra / holgura);
    grupo.forEach((x) => (x.w -= x.holgura * parte));
    sobra -= holgura * parte;
  }
  return cols.map(({ c, w }) => (w === c.width ? c : { ...c, width: Math.floor(w) }));
}
