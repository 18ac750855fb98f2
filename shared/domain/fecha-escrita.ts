/**
 * A calendar date as people in Colombia type it (docs/product.md, "Dates"): day first, as they write it
 * (31/12/2027, 31-12-2027, 31.12.2027, 1/2/2027), or year first, as the forms keep it (2027/12/31,
 * 2027-12-31). Anything else is refused with a Spanish message, never read as another date: a masked
 * date field once turned "31/12/2027" into 2031/12/20.
 */

export const FECHA_ESCRITA_MSG = {
  formato: 'Escribe la fecha como DD/MM/AAAA, por ejemplo 31/12/2027',
  anio: 'Escribe el año con sus cuatro cifras, por ejemplo 31/12/2027',
  mes: (mes: number) => `El mes ${mes} no existe: escribe la fecha como DD/MM/AAAA`,
  dia: (dia: number, mes: string, anio: number, dias: number) => `El ${dia} de ${mes} de ${anio} no existe: ese mes tiene ${dias} días`,
} as const;

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const diasDelMes = (anio: number, mes: number) => new Date(Date.UTC(anio, mes, 0)).getUTCDate();
const dosCifras = (n: number) => String(n).padStart(2, '0');

/** The typed text as 'YYYY-MM-DD', or why it is not a date; null when nothing was typed. */
export function leerFechaEscrita(texto: string): { fecha: string } | { error: string } | null {
  const t = texto.trim();
  if (!t) return null;
  const partes = t.split(/\s*[/.-]\s*|\s+/);
  if (partes.length !== 3 || partes.some((p) => !/^\d+$/.test(p))) return { error: FECHA_ESCRITA_MSG.formato };
  const [a, b, c] = partes as [string, string, string];
  // Year first only when the first part has four digits; otherwise day first, as Colombians write it.
  const [anioTxt, mesTxt, diaTxt] = a.length === 4 ? [a, b, c] : [c, b, a];
  if (anioTxt.length !== 4) return { error: FECHA_ESCRITA_MSG.anio };
  if (mesTxt.length > 2 || diaTxt.length > 2) return { error: FECHA_ESCRITA_MSG.formato };
  const anio = Number(anioTxt);
  const mes = Number(mesTxt);
  const dia = Number(diaTxt);
  if (mes < 1 || mes > 12) return { error: FECHA_ESCRITA_MSG.mes(mes) };
  const dias = diasDelMes(anio, mes);
  if (dia < 1 || dia > dias) return { error: FECHA_ESCRITA_MSG.dia(dia, MESES[mes - 1]!, anio, dias) };
  return { fecha: `${anioTxt}-${dosCifras(mes)}-${dosCifras(dia)}` };
}

/** A kept date ('YYYY-MM-DD') as the field shows it: DD/MM/AAAA. */
export const fechaParaEscribir = (fecha: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : fecha;
};
