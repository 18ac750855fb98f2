/**
 * Expiry alerts that arrive before they block (issue 48, docs/decisions/0015): a daily job e-mails
 * what expires in 30, 15, 7 and 0 days, each document once per threshold. This file decides what is
 * due for a vehicle on a day and when it next will be; lambdas/jobs/avisos-vencimiento.ts sends it.
 */
import { DOCUMENTOS_CON_VENCIMIENTO, diasRestantes, diaUTC, hoyEnBogota, type CampoVencimiento } from './vencimientos.js';

/** Days before the expiry at which an alert goes out, widest first; 0 is the expiry day (or later, once). */
export const UMBRALES_AVISO = [30, 15, 7, 0] as const;
export type UmbralAviso = (typeof UMBRALES_AVISO)[number];

/** The value of the sparse index key `aviso` while a vehicle has an alert to come (`porAviso`, sorted by `proximoAviso`). */
export const AVISO_PENDIENTE = 'pendiente';

/** The threshold a document is in with `dias` left: the narrowest that holds it; null with more than 30 days. */
export function umbralDe(dias: number): UmbralAviso | null {
  for (const u of [...UMBRALES_AVISO].reverse()) if (dias <= u) return u;
  return null;
}

/** One alert, by what it says: this document, with this expiry date, at this threshold. A renewed date is a new key. */
export const claveAviso = (campo: CampoVencimiento, fecha: string, umbral: UmbralAviso): string => `${campo}#${fecha}#${umbral}`;

export type AvisoDocumento = { campo: CampoVencimiento; nombre: string; fecha: string; dias: number; umbral: UmbralAviso; clave: string };

type ConFechas = Partial<Record<CampoVencimiento, string | null>>;

const DIA_MS = 86_400_000;
const menosDias = (fecha: string, dias: number) => new Date(diaUTC(fecha)! - dias * DIA_MS).toISOString().slice(0, 10);

/** The alerts due today for a vehicle's documents: each one's current threshold, unless already sent. */
export function avisosDebidos(v: ConFechas, enviados: ReadonlySet<string>, now: Date): AvisoDocumento[] {
  return DOCUMENTOS_CON_VENCIMIENTO.flatMap(({ campo, nombre }) => {
    const fecha = v[campo] ?? '';
    const dias = diasRestantes(fecha, now);
    const umbral = dias === null ? null : umbralDe(dias);
    if (dias === null || umbral === null) return [];
    const clave = claveAviso(campo, fecha, umbral);
    return enviados.has(clave) ? [] : [{ campo, nombre, fecha, dias, umbral, clave }];
  });
}

/**
 * The next day (Bogotá, 'YYYY-MM-DD') an alert falls due for the vehicle once `enviados` went out: the
 * first threshold ahead of a document's that was not sent; null when none is left (no dates, or every
 * document past its expiry alert). A threshold passed while a narrower one holds is skipped, not owed.
 */
export function proximoAviso(v: ConFechas, enviados: ReadonlySet<string>, now: Date): string | null {
  const hoy = hoyEnBogota(now);
  let proximo: string | null = null;
  for (const { campo } of DOCUMENTOS_CON_VENCIMIENTO) {
    const fecha = v[campo] ?? '';
    const dias = diasRestantes(fecha, now);
    if (dias === null) continue;
    const actual = umbralDe(dias);
    for (const u of UMBRALES_AVISO) {
      if (enviados.has(claveAviso(campo, fecha, u))) continue;
      const dia = menosDias(fecha, u);
      // Today's threshold, unsent, is due today; a wider one already passed is not owed any more.
      const cuando = dia > hoy ? dia : u === actual ? hoy : null;
      if (cuando && (!proximo || cuando < proximo)) proximo = cuando;
    }
  }
  return proximo;
}

/** The keys worth keeping: those of the documents' current dates (a renewed document's old ones are done with). */
export const clavesVigentes = (v: ConFechas, claves: Iterable<string>): string[] =>
  [...new Set(claves)].filter((k) => {
    const [campo, fecha] = k.split('#') as [CampoVencimiento, string];
    return v[campo] === fecha;
  });

/** How an alert's line reads: 'vence en 30 días', 'vence hoy', 'venció hace 3 días'. */
export function textoAviso(dias: number): string {
  if (dias < -1) return `venció hace ${-dias} días`;
  if (dias === -1) return 'venció ayer';
  if (dias === 0) return 'vence hoy';
  if (dias === 1) return 'vence mañana';
  return `vence en ${dias} días`;
}

/** Staff's alerts are of every company's drivers: their key in the users' index `porAvisos`. */
export const AVISOS_PLATAFORMA = 'plataforma';

/** Whose alerts a user receives, when on: a company admin its company's, marketplace staff every provider's; others none. */
export function destinoAvisos(u: { role: string; empresaId?: string }): string | undefined {
  if (u.role === 'admin') return u.empresaId;
  return u.role === 'plataforma' ? AVISOS_PLATAFORMA : undefined;
}

/**
 * What a vehicle's write adds when its documents' dates may have changed (made, edited): into the
 * alerts' index, due today, so the next run looks at it and sets its real next day (or takes it out).
 */
export const revisarAvisos = (now: Date) => ({ aviso: AVISO_PENDIENTE, proximoAviso: hoyEnBogota(now) });
