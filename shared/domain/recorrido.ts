import type { Service, ServiceState } from '../schemas/service.js';

/**
 * A started trip (docs/spec/02.md sections 2.2 and 7; docs/product.md, the service lifecycle): the driver's live position on
 * the map, and its end, marked by the company or the driver app once the departure has passed.
 */

/** docs/spec/02.md section 7: a driver is shown while inside the visible map bounds plus this margin (degrees). */
export const MARGEN_LIMITES_GRADOS = 0.1;
/** docs/spec/02.md section 7: how often the console re-checks the drivers' positions. */
export const POSICIONES_REFRESCO_MS = 5000;
/** A position older than this is not shown (the driver app stopped reporting). */
export const POSICION_VIGENTE_MS = 10 * 60_000;

export type Limites = { norte: number; sur: number; este: number; oeste: number };

/** Whether a point lies within the bounds widened by the spec's margin. */
export const dentroDeLimites = (p: { lat: number; lng: number }, l: Limites, margen = MARGEN_LIMITES_GRADOS): boolean =>
  p.lat <= l.norte + margen && p.lat >= l.sur - margen && p.lng <= l.este + margen && p.lng >= l.oeste - margen;

/** Started and not finished: the driver is on the way. */
export const enCurso = (s: Pick<Service, 'estado' | 'recorridoIniciado'>): boolean => s.estado === 'confirmado' && s.recorridoIniciado;

/** The trip may be marked finished: started, and its departure has passed. */
export const finalizable = (s: Pick<Service, 'estado' | 'recorridoIniciado' | 'fechaSalida'>, now: Date): boolean =>
  enCurso(s) && Date.parse(s.fechaSalida) <= now.getTime();

/** The states in which a reservation waits for something before its trip: its payment, or its vehicle and FUEC. */
const ANTES_DEL_VIAJE: readonly ServiceState[] = ['validar', 'reservado'];

/**
 * A reservation whose departure passed while it still waited for its payment or for its vehicle and
 * FUEC (beyond the spec). It may still go on (a late payment the client made, a trip that did happen
 * and whose FUEC comes late), so nothing refuses those steps; marketplace staff see it marked and may
 * cancel it, saying why and how the client was refunded. The only way to 'cancelado' (docs/decisions/0005).
 */
export const reservaVencida = (s: Pick<Service, 'estado' | 'fechaSalida'>, now: Date): boolean =>
  ANTES_DEL_VIAJE.includes(s.estado) && Date.parse(s.fechaSalida) <= now.getTime();
