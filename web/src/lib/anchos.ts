/** A list's column, with its share of the list's width (1 unless said: a route 2, a client 1.5). */
export type ConPeso = { header?: unknown; minWidth?: number; peso?: number };

/** Cloudscape's bold 14 px header: about 9 px a character, plus the cell's padding and resizer. */
const PX_POR_LETRA = 9;
const RELLENO = 44;

/**
 * Minimum widths by what a cell holds (its 40 px of padding included): a name's longest word
 * ("Tecnoquímicas", "Transportes"), a date ("26/11/2026,"), a route's addresses; any other column
 * 110 (an amount, a badge, 'Ver detalle').
 */
export const ANCHO = { nombre: 140, fecha: 120, ruta: 160, otro: 110 } as const;

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
