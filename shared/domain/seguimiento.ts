/**
 * The live trip link (issue 48, docs/decisions/0014): a public page of the console that the corporate
 * client sends to its passengers. The link carries the service's id and a random secret made when the
 * trip starts; it shows the vehicle, the driver's first name, the last position and the route, and
 * stops working two hours after the trip ends (or at once if the reservation is cancelled).
 */
import type { Service } from '../schemas/service.js';
import { enCurso } from './recorrido.js';
import { SEGUIMIENTO_PATH } from '../constants.js';
import { TRIP_START_LEAD_MS } from './trips.js';

/** How long a link keeps working after its trip ends. */
export const HORAS_TRAS_FIN = 2;
/** Bytes of the secret: 192 random bits, 32 characters in base64url. */
export const BYTES_SECRETO = 24;

/** A link's token: the service id (as `idParam` admits it), a dot, the secret. Anything else is no link. */
const TOKEN = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{32})$/;

export function partesDelToken(token: string): { servicioId: string; secreto: string } | null {
  const m = TOKEN.exec(token);
  return m ? { servicioId: m[1]!, secreto: m[2]! } : null;
}

export const tokenSeguimiento = (servicioId: string, secreto: string): string => `${servicioId}.${secreto}`;

/** The link's address on the console (`origen`: the console's origin, e.g. https://consola.transaliadas.co). */
export const urlSeguimiento = (origen: string, servicioId: string, secreto: string): string =>
  `${origen.replace(/\/$/, '')}${SEGUIMIENTO_PATH}/${tokenSeguimiento(servicioId, secreto)}`;

type ConEnlace = Pick<Service, 'estado' | 'recorridoIniciado' | 'finalizadoEn'> & { seguimiento?: string };

/** When the link stops working: null while the trip is under way (it works until two hours after its end). */
export function caducaEn(s: ConEnlace): Date | null {
  if (s.estado !== 'finalizado' || !s.finalizadoEn) return null;
  return new Date(Date.parse(s.finalizadoEn) + HORAS_TRAS_FIN * 3_600_000);
}

/** Whether a service's link works now: its trip is under way, or ended less than two hours ago. */
export function enlaceVigente(s: ConEnlace, now: Date): boolean {
  if (!s.seguimiento) return false;
  if (enCurso(s)) return true;
  const fin = caducaEn(s);
  return fin !== null && now < fin;
}

/** The driver's first name only: a passenger needs to greet the driver, not to know who they are. */
export const primerNombre = (conductor: string): string => conductor.trim().split(/\s+/)[0] ?? '';

/**
 * Whether the vehicle's last report (`posicionEn`) is this trip's: made since it started, and before any
 * later trip of the vehicle's agenda could start (its departure less the start lead). A trip nobody
 * ended stays under way, its link with it, while its vehicle goes on to other clients' trips: their
 * positions are not its passengers' to see.
 */
export function posicionDelViaje(
  s: Pick<Service, 'id' | 'fechaSalida' | 'recorridoIniciadoEn'>,
  posicionEn: string,
  agenda: readonly { servicioId: string; fechaSalida: string }[],
): boolean {
  if (s.recorridoIniciadoEn && posicionEn < s.recorridoIniciadoEn) return false;
  const en = Date.parse(posicionEn);
  return agenda.every((a) => a.servicioId === s.id || a.fechaSalida <= s.fechaSalida || en < Date.parse(a.fechaSalida) - TRIP_START_LEAD_MS);
}
