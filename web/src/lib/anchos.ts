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

/** Widths a user chose by hand in one list, by column id. */
export type AnchosElegidos = Record<string, number>;

const claveAnchos = (lista: string) => `anchos:${lista}`;

/**
 * The widths chosen by hand in a list (local storage, per browser), so that a list opens as it was left.
 * Anything unreadable counts as nothing chosen.
 */
export function anchosElegidos(lista: string): AnchosElegidos {
  try {
    const guardados: unknown = JSON.parse(localStorage.getItem(claveAnchos(lista)) ?? '{}');
    if (!guardados || typeof guardados !== 'object') return {};
    return Object.fromEntries(Object.entries(guardados).filter(([, w]) => typeof w === 'number' && Number.isFinite(w) && w > 0));
  } catch {
    return {};
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
 * What a drag leaves chosen: the columns whose width now differs from the one the list was given.
 * Cloudscape reports every column's width in the definitions' order; only the dragged one differs.
 * The last column is left out: it takes what the others leave, so its width says nothing chosen, and
 * keeping it would keep the list as wide as the window where it was dragged.
 */
export function anchosTrasArrastrar(elegidos: AnchosElegidos, columnas: readonly { id?: string; width?: number | string }[], anchos: readonly number[]): AnchosElegidos {
  const nuevos = { ...elegidos };
  columnas.slice(0, -1).forEach((c, i) => {
    const ancho = anchos[i];
    if (c.id && ancho !== undefined && ancho !== c.width) nuevos[c.id] = Math.round(ancho);
  });
  return nuevos;
}

/** The first widths, with those chosen by hand over them (never under a column's minimum). */
export const conElegidos = <C extends { id?: string; width: number; minWidth: number }>(columnas: readonly C[], elegidos: AnchosElegidos): C[] =>
  columnas.map((c) => (c.id && elegidos[c.id] ? { ...c, width: Math.max(c.minWidth, elegidos[c.id]!) } : c));
