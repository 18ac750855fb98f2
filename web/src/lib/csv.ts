import { hoyEnBogota } from '@shared/domain/vencimientos.js';

/** A list's export named with today's date in Bogotá ('anticipos-2026-11-27.csv' at 9 p. m. there, not the next UTC day). */
export const nombreCsv = (lista: string): string => `${lista}-${hoyEnBogota()}.csv`;

/**
 * Downloads rows as a CSV file that Excel in Spanish opens as columns: `;` between fields (the
 * decimal comma rules out `,`), a byte-order mark so accents read right. Papa Parse does the
 * quoting; it loads on the first export, not with the page.
 */
export async function descargarCsv(nombre: string, columnas: readonly { titulo: string; valor: (fila: never) => string | number }[], filas: readonly unknown[]): Promise<void> {
  const { unparse } = await import('papaparse');
  const datos = filas.map((f) => columnas.map((c) => (c.valor as (x: unknown) => string | number)(f)));
  const texto = unparse({ fields: columnas.map((c) => c.titulo), data: datos }, { delimiter: ';', escapeFormulae: true });
  const url = URL.createObjectURL(new Blob(['\ufeff', texto], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
