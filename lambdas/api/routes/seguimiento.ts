import type { Context } from 'hono';
import { enCurso } from '@shared/domain/recorrido.js';
import { caducaEn, enlaceVigente, partesDelToken, posicionDelViaje, primerNombre, urlSeguimiento } from '@shared/domain/seguimiento.js';
import { MAPA_MSG, SEGUIMIENTO_MSG } from '@shared/schemas/messages-servicios.js';
import type { Seguimiento } from '@shared/schemas/seguimiento.js';
import type { Service } from '@shared/schemas/service.js';
import { config } from '../../config.js';
import { mismoSecreto } from '../../data/seguimiento-secreto.js';
import { serviceRepository } from '../../data/service-repository.js';
import { ttlCache } from '../../data/ttl-cache.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import { notFound } from '../../errors.js';
import { jsonWithEtag } from '../etag.js';
import { idParam } from '../validate.js';

/**
 * The live trip link (issue 48, docs/decisions/0014): a public page the corporate client sends to its
 * passengers. Read-only, without a session, and nothing of the company or the client in it.
 */

/**
 * What one link shows, per container for as long as the driver's app takes to report again (5 s):
 * forty passengers polling one link cost DynamoDB what one does. A link that is no link is kept too
 * (null), so repeating it reads nothing either.
 */
export const SEGUIMIENTO_CACHE_MS = 5000;
const vistas = ttlCache<Seguimiento | null>(SEGUIMIENTO_CACHE_MS);

async function cargar(servicioId: string, secreto: string, now: Date): Promise<Seguimiento | null> {
  const s = await serviceRepository.get(servicioId);
  if (!s?.seguimiento || !mismoSecreto(s.seguimiento, secreto) || !enlaceVigente(s, now)) return null;
  return { ...ruta(s), posicion: enCurso(s) ? await ultimaPosicion(s) : null };
}

const ruta = (s: Service): Omit<Seguimiento, 'posicion'> => ({
  placas: s.placas,
  conductor: primerNombre(s.conductor),
  origen: s.origen,
  destino: s.destino,
  fechaSalida: s.fechaSalida,
  estado: enCurso(s) ? 'en_curso' : 'finalizado',
  finalizadoEn: s.finalizadoEn ?? null,
  caducaEn: caducaEn(s)?.toISOString() ?? null,
});

/** The vehicle's last report while this trip is the vehicle's: an earlier or a later trip's is never shown. */
async function ultimaPosicion(s: Service): Promise<Seguimiento['posicion']> {
  if (!s.vehiculoId || !s.empresaAliada) return null;
  const p = await vehiculoRepository.posicionYAgenda(s.empresaAliada, s.vehiculoId);
  if (!p || !posicionDelViaje(s, p.posicionEn, p.agenda)) return null;
  return { lat: p.lat, lng: p.lng, en: p.posicionEn };
}

/** `GET /seguimiento/{token}`: the trip as its passengers see it, with an ETag (polled: 304 when unchanged). */
export async function verSeguimiento(c: Context) {
  const token = c.req.param('token') ?? '';
  const partes = partesDelToken(token);
  if (!partes) throw notFound(SEGUIMIENTO_MSG.noDisponible);
  const now = new Date();
  const vista = await vistas.get(token, () => cargar(partes.servicioId, partes.secreto, now));
  // A view kept from before the link's end is not shown after it.
  if (!vista || (vista.caducaEn && Date.parse(vista.caducaEn) <= now.getTime())) throw notFound(SEGUIMIENTO_MSG.noDisponible);
  return jsonWithEtag(c, vista);
}

/** A started trip's link as the company and the client app get it: on the console's own address. */
export const enlaceDe = (s: Pick<Service, 'id' | 'seguimiento'>): string | null =>
  s.seguimiento ? urlSeguimiento(config().allowedOrigins[0] ?? '', s.id, s.seguimiento) : null;

/**
 * `GET /integracion/cliente/servicios/{id}/seguimiento`: the link for the client app to hand its
 * passengers, once the trip started (null before), and when it stops working.
 */
export async function seguimientoParaCliente(c: Context) {
  const s = await serviceRepository.get(idParam(c, 'servicioId', MAPA_MSG.servicioNoEncontrado));
  if (!s) throw notFound(MAPA_MSG.servicioNoEncontrado);
  const now = new Date();
  const vigente = enlaceVigente(s, now);
  return c.json({ estado: s.estado, enlace: vigente ? enlaceDe(s) : null, caducaEn: vigente ? (caducaEn(s)?.toISOString() ?? null) : null });
}
