import { FUEC_MSG } from '../schemas/messages-servicios.js';
import { VERIFICACIONES_FUEC, type Service } from '../schemas/service.js';
import { hoyEnBogota } from './vencimientos.js';

/**
 * The FUEC check (beyond the spec; docs/product.md "The FUEC and the vehicle's documents"): the text of a
 * PDF FUEC, as a PDF library extracted it, against the reservation. A FUEC is wrong when its plate
 * differs from the assigned vehicle, its dates do not cover the trip, or its origin and destination
 * differ from the service's. An image, or a PDF without text (a scan), cannot be read: 'sin-verificar'.
 */
export { VERIFICACIONES_FUEC };
export type EstadoVerificacion = (typeof VERIFICACIONES_FUEC)[number];
export type VerificacionFuec = { estado: EstadoVerificacion; problemas: string[] };

type Reserva = Pick<Service, 'placas' | 'origen' | 'destino' | 'fechaSalida' | 'fechaRegreso'>;

/** Upper case, without accents, one space between words: how both texts are compared. */
export const normalizar = (t: string): string =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Calendar dates written in the text (dd/mm/yyyy, dd-mm-yyyy, yyyy-mm-dd), as 'YYYY-MM-DD', sorted. */
export function fechasEnTexto(texto: string): string[] {
  const fechas = new Set<string>();
  const dos = (n: string) => n.padStart(2, '0');
  for (const m of texto.matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/g)) fechas.add(`${m[3]}-${dos(m[2]!)}-${dos(m[1]!)}`);
  for (const m of texto.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g)) fechas.add(`${m[1]}-${dos(m[2]!)}-${dos(m[3]!)}`);
  return [...fechas].filter((f) => !Number.isNaN(Date.parse(`${f}T00:00:00Z`))).sort();
}

/** A place matches when one of its parts (e.g. 'Hotel Spiwak', 'Cali') of 4 letters or more is in the text. */
const lugarEn = (lugar: string, texto: string) =>
  lugar
    .split(/[,–-]/)
    .map(normalizar)
    .filter((parte) => parte.length >= 4)
    .some((parte) => texto.includes(parte));

const dia = (f: string) => f.split('-').reverse().join('/');

/** The check of a FUEC's text against its reservation; an empty text is a FUEC that cannot be read. */
export function verificarFuec(textoPdf: string, s: Reserva): VerificacionFuec {
  const texto = normalizar(textoPdf);
  if (texto.replace(/[^A-Z0-9]/g, '').length < 20) return { estado: 'sin-verificar', problemas: [] };
  const problemas: string[] = [];

  // Plates as printed: 'TSQ204', 'TSQ 204' or 'TSQ-204'.
  const placa = normalizar(s.placas).replace(/[^A-Z0-9]/g, '');
  const placaPatron = new RegExp(`\\b${placa.slice(0, 3)}[ -]?${placa.slice(3)}\\b`);
  if (!placaPatron.test(texto)) problemas.push(FUEC_MSG.placaNoCoincide(s.placas));

  const inicio = hoyEnBogota(new Date(s.fechaSalida));
  const fin = hoyEnBogota(new Date(s.fechaRegreso ?? s.fechaSalida));
  // The contract's validity when the FUEC labels it ('VIGENCIA ...'); otherwise every date it prints
  // (issue date, licences) bounds it, which can only make the check more lenient.
  const lineas = textoPdf.split(/\r?\n/).map(normalizar);
  const enVigencia = lineas.flatMap((l, i) => (l.includes('VIGENCIA') ? fechasEnTexto(`${l} ${lineas[i + 1] ?? ''}`.slice(0, 160)) : []));
  const fechas = enVigencia.length ? [...new Set(enVigencia)].sort() : fechasEnTexto(texto);
  if (!fechas.length) problemas.push(FUEC_MSG.sinFechas);
  else if (fechas[0]! > inicio || fechas[fechas.length - 1]! < fin) {
    problemas.push(FUEC_MSG.fechasNoCubren(dia(fechas[0]!), dia(fechas[fechas.length - 1]!), inicio === fin ? dia(inicio) : `${dia(inicio)} a ${dia(fin)}`));
  }

  if (!lugarEn(s.origen, texto)) problemas.push(FUEC_MSG.origenNoCoincide(s.origen));
  if (!lugarEn(s.destino, texto)) problemas.push(FUEC_MSG.destinoNoCoincide(s.destino));
  return { estado: problemas.length ? 'no-coincide' : 'coincide', problemas };
}
