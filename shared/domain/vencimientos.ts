/**
 * Expiry of a vehicle's documents (SOAT, technical inspection, operating card, driver's licence).
 * Dates are calendar dates 'YYYY-MM-DD' and "today" is the date in Bogota, so a document is valid
 * through its expiry day wherever the code runs (a Lambda in UTC, a browser abroad).
 */

/** The four dated documents, in the order the console lists them. */
export const DOCUMENTOS_CON_VENCIMIENTO = [
  { campo: 'fechasoat', nombre: 'SOAT' },
  { campo: 'vencimientoRevisionTecnica', nombre: 'Revisión técnico-mecánica' },
  { campo: 'vencimientoTarjetaOperacion', nombre: 'Tarjeta de operación' },
  { campo: 'vencimientoLicenciaDeConducir', nombre: 'Licencia de conducción' },
] as const;
export type CampoVencimiento = (typeof DOCUMENTOS_CON_VENCIMIENTO)[number]['campo'];

/** Days left at or below which a document needs attention, by level. */
export const UMBRALES_VENCIMIENTO = { proximo: 30, urgente: 15, critico: 7 } as const;

/** Levels from worst to best: sorting and `peorNivel` follow this order. */
export const NIVELES = ['vencido', 'critico', 'urgente', 'proximo', 'sin_fecha', 'vigente'] as const;
export type Nivel = (typeof NIVELES)[number];

/** Cloudscape StatusIndicator type per level: warning within 30 days, error once expired. */
export type TipoIndicador = 'error' | 'warning' | 'success' | 'info' | 'stopped';
export const TIPO_INDICADOR: Record<Nivel, TipoIndicador> = {
  vencido: 'error',
  critico: 'warning',
  urgente: 'warning',
  proximo: 'warning',
  vigente: 'success',
  sin_fecha: 'stopped',
};

/** A missing date is a record from before the field existed, not an expired document. */
export const TEXTO_SIN_FECHA = 'Sin fecha registrada';

const DIA_MS = 24 * 60 * 60 * 1000;

/**
 * Bogota is UTC-5 all year: Colombia has kept no daylight saving time since 1993. A fixed offset, not
 * an Intl formatter with `timeZone`: building one loads the ICU zone data, about 45 ms of the first
 * render of every panel page on a slow machine (measured in the Lighthouse traces).
 */
const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Today's calendar date in Bogota, 'YYYY-MM-DD', whatever the machine's time zone. */
export function hoyEnBogota(now: Date = new Date()): string {
  return new Date(now.getTime() + BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant as Bogota's date and time to the minute, 'YYYY-MM-DD HH:mm' (what a spreadsheet reads as a date and time, e.g. in a CSV). */
export function fechaHoraEnBogota(iso: string): string {
  const t = new Date(Date.parse(iso) + BOGOTA_OFFSET_MS).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)}`;
}

/**
 * Milliseconds at UTC midnight of a 'YYYY-MM-DD' date, or null when it is empty or not a real date.
 * UTC on both sides keeps day differences whole (no DST, no machine time zone).
 */
export function diaUTC(fecha: string | null | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha ?? '');
  if (!m) return null;
  const [anio, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const d = new Date(0);
  d.setUTCFullYear(anio, mes - 1, dia);
  // Date rolls '2026-02-30' over to March: a changed part means the date does not exist.
  return d.getUTCFullYear() === anio && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia ? d.getTime() : null;
}

/** Whether `fecha` is a real calendar date 'YYYY-MM-DD' ('2026-02-30' is not). */
export const esFechaValida = (fecha: string): boolean => diaUTC(fecha) !== null;

/** Whole days from `hoy` to `fecha`; null when either is not a real date. */
function diasEntre(hoy: string, fecha: string | null | undefined): number | null {
  const desde = diaUTC(hoy);
  const hasta = diaUTC(fecha);
  return desde === null || hasta === null ? null : Math.round((hasta - desde) / DIA_MS);
}

/** Days from today (Bogota) to the expiry date: 0 on the expiry day, negative once expired, null without a date. */
export const diasRestantes = (fecha: string | null | undefined, now: Date = new Date()): number | null => diasEntre(hoyEnBogota(now), fecha);

/** The level for a number of days left (the document is valid through day 0). */
export function nivelPorDias(dias: number): Exclude<Nivel, 'sin_fecha'> {
  if (dias < 0) return 'vencido';
  if (dias <= UMBRALES_VENCIMIENTO.critico) return 'critico';
  if (dias <= UMBRALES_VENCIMIENTO.urgente) return 'urgente';
  if (dias <= UMBRALES_VENCIMIENTO.proximo) return 'proximo';
  return 'vigente';
}

/** How the days left read to people. */
export function textoPorDias(dias: number): string {
  if (dias === -1) return 'Vencido hace 1 día';
  if (dias < 0) return `Vencido hace ${-dias} días`;
  if (dias === 0) return 'Vence hoy';
  if (dias === 1) return 'Vence mañana';
  return `Vence en ${dias} días`;
}

/** A document's state; `dias` is null exactly when there is no usable date. */
export type EstadoDocumento =
  | { dias: number; nivel: Exclude<Nivel, 'sin_fecha'>; texto: string }
  | { dias: null; nivel: 'sin_fecha'; texto: string };

function estadoEn(hoy: string, fecha: string | null | undefined): EstadoDocumento {
  const dias = diasEntre(hoy, fecha);
  if (dias === null) return { dias: null, nivel: 'sin_fecha', texto: TEXTO_SIN_FECHA };
  return { dias, nivel: nivelPorDias(dias), texto: textoPorDias(dias) };
}

/** State of one document expiring on `fecha`, as of `now`. */
export const estadoDocumento = (fecha: string | null | undefined, now: Date = new Date()): EstadoDocumento => estadoEn(hoyEnBogota(now), fecha);

export type VehiculoConVencimientos = Partial<Record<CampoVencimiento, string | null>>;
export type DocumentoVencimiento = { campo: CampoVencimiento; nombre: string; fecha: string } & EstadoDocumento;

/** The four documents of a vehicle, in order, with their state. */
export function vencimientosDe(vehiculo: VehiculoConVencimientos, now: Date = new Date()): DocumentoVencimiento[] {
  // One "today" for all four, so a call made at midnight does not straddle two days.
  const hoy = hoyEnBogota(now);
  return DOCUMENTOS_CON_VENCIMIENTO.map(({ campo, nombre }) => {
    const fecha = vehiculo[campo] ?? '';
    return { campo, nombre, fecha, ...estadoEn(hoy, fecha) };
  });
}

const severidad = (nivel: Nivel): number => NIVELES.indexOf(nivel);

/** The worst of some levels; 'vigente' when there are none (nothing to warn about). */
export const peorNivel = (niveles: readonly Nivel[]): Nivel =>
  niveles.reduce<Nivel>((peor, nivel) => (severidad(nivel) < severidad(peor) ? nivel : peor), 'vigente');

/** 'proximo' or worse: the document must be renewed soon (a missing date is not counted). */
export const necesitaAtencion = (nivel: Nivel): boolean => severidad(nivel) <= severidad('proximo');

/** A vehicle's worst level and the documents that need attention, worst (then fewest days) first. */
export function resumenVencimientos(
  vehiculo: VehiculoConVencimientos,
  now: Date = new Date(),
): { nivel: Nivel; documentos: DocumentoVencimiento[] } {
  const todos = vencimientosDe(vehiculo, now);
  const documentos = todos
    .filter((d) => necesitaAtencion(d.nivel))
    // Stable sort: equal levels and days keep the listing order.
    .sort((a, b) => severidad(a.nivel) - severidad(b.nivel) || (a.dias ?? 0) - (b.dias ?? 0));
  return { nivel: peorNivel(todos.map((d) => d.nivel)), documentos };
}

/** The fleet list filter "Documentos por vencer": any document at 'proximo' or worse. */
export const requiereAtencion = (vehiculo: VehiculoConVencimientos, now: Date = new Date()): boolean =>
  vencimientosDe(vehiculo, now).some((d) => necesitaAtencion(d.nivel));
