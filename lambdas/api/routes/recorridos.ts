import type { Context } from 'hono';
import { dentroDeLimites, finalizable, POSICION_VIGENTE_MS } from '@shared/domain/recorrido.js';
import { MAPA_MSG, RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { limitesSchema, type ConductorEnMapa, type Posicion } from '@shared/schemas/recorrido.js';
import { serviceRepository } from '../../data/service-repository.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { quienDe, type CompanyCaller, type ConductorCaller } from '../caller.js';
import { idParam } from '../validate.js';
import { jsonWithEtag } from '../etag.js';
import { pagoRegistrado, viajesEnCurso } from '../caches.js';
import { enlaceDe } from './seguimiento.js';

/**
 * A started trip (docs/spec/02.md sections 2.2 and 7; docs/product.md): the driver app reports its position and
 * may end the trip; the company's map shows its drivers inside the visible bounds.
 */

/**
 * `GET /recorridos/en-curso`: the company's trips under way with their live links for the passengers, from its cached trips under way (read once
 * per container until the change log names the company), with an ETag: polled by every screen, an
 * unchanged answer is a 304 that reads nothing.
 */
export async function verRecorridosEnCurso(c: Context, caller: CompanyCaller) {
  const viajes = await viajesEnCurso(caller.empresaId);
  return jsonWithEtag(c, { recorridos: viajes.map((v) => ({ id: v.id, placas: v.placas, origen: v.origen, enlace: enlaceDe(v) })) });
}

/**
 * `GET /mapa/conductores?norte&sur&este&oeste`: the company's drivers on a trip under way whose last
 * position (fresh) lies inside the bounds plus 0.1 degrees (all of them without bounds). Which trips are
 * under way comes from the company's cached trips under way; the positions from one BatchGet of those vehicles.
 */
export async function verConductores(c: Context, caller: CompanyCaller) {
  // Without bounds: every driver of the company on a trip (e.g. a list); with them, the visible map's.
  const query = c.req.query();
  const limites = Object.keys(query).length ? limitesSchema.safeParse(query) : null;
  if (limites && !limites.success) throw badRequest(RECORRIDO_MSG.limitesInvalidos);
  const now = Date.now();
  const viajes = await viajesEnCurso(caller.empresaId);
  const posiciones = new Map((await vehiculoRepository.posiciones(caller.empresaId, viajes.map((s) => s.vehiculoId))).map((p) => [p.id, p]));
  const conductores: ConductorEnMapa[] = viajes.flatMap((s) => {
    const p = posiciones.get(s.vehiculoId);
    if (!p || now - Date.parse(p.posicionEn) > POSICION_VIGENTE_MS || (limites && !dentroDeLimites(p, limites.data!))) return [];
    return [{ servicioId: s.id, placas: s.placas, conductor: s.conductor, lat: p.lat, lng: p.lng, posicionEn: p.posicionEn }];
  });
  return c.json({ conductores });
}

/**
 * `POST /integracion/conductor/posicion`: the driver app's report, onto its own vehicle only, and only
 * while a trip of that vehicle is under way (a driver off duty is not followed; cached per company).
 */
export async function reportarPosicion(c: Context, caller: ConductorCaller, body: Posicion) {
  const now = new Date();
  if (!(await viajesEnCurso(caller.empresaId)).some((v) => v.vehiculoId === caller.vehiculoId)) throw conflict(RECORRIDO_MSG.sinViajeEnCurso);
  if (!(await vehiculoRepository.reportarPosicion(caller.empresaId, caller.vehiculoId, body, now))) throw forbidden(RECORRIDO_MSG.sinVehiculo);
  return c.body(null, 204);
}

/** `POST /integracion/conductor/servicios/{id}/finalizar`: the driver ends its own started trip. */
export async function finalizarComoConductor(c: Context, caller: ConductorCaller) {
  const now = new Date();
  const service = await serviceRepository.get(idParam(c, 'servicioId', MAPA_MSG.servicioNoEncontrado));
  if (!service || service.vehiculoId !== caller.vehiculoId || service.empresaAliada !== caller.empresaId) throw notFound(RECORRIDO_MSG.noEsTuViaje);
  if (!finalizable(service, now) || !(await serviceRepository.finalizar(service, quienDe(caller), now))) throw conflict(RECORRIDO_MSG.noFinalizable);
  pagoRegistrado();
  return c.json({ id: service.id, estado: 'finalizado' });
}
