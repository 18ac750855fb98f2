/** A confirmed trip starts on the server 2 hours before departure (docs/spec/02.md section 4.2). */
export const TRIP_START_LEAD_MS = 2 * 60 * 60 * 1000;

/** Latest departure instant whose trip is due to start at `now`. */
export const tripStartCutoff = (now: Date): string => new Date(now.getTime() + TRIP_START_LEAD_MS).toISOString();

export function isTripDue(service: { estado: string; recorridoIniciado: boolean; fechaSalida: string }, now: Date): boolean {
  return service.estado === 'confirmado' && !service.recorridoIniciado && service.fechaSalida <= tripStartCutoff(now);
}

/** Whether a TTL-carrying item has expired; TTL deletion lags (never happens locally), so reads filter too. */
export const isExpired = (item: { expiresAt?: number }, now: Date): boolean =>
  item.expiresAt !== undefined && item.expiresAt <= Math.floor(now.getTime() / 1000);
