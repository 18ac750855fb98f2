import { EXPIRY_SECONDS } from '../constants.js';
import type { ServicioPublicado } from '../schemas/integracion.js';
import { serviceSchema, type Service } from '../schemas/service.js';
import { claveMapa } from './mapa.js';

/**
 * A request the client app published, as stored: pending, on the map's index for its type, taking
 * offers for 24 hours from `creadoEn` (the API's publish route, the demo seed and its simulator).
 */
export const servicioPendiente = (publicado: ServicioPublicado, creadoEn: Date): Service =>
  serviceSchema.parse({
    ...publicado,
    empresa: publicado.cliente,
    nombre: publicado.nombre ?? `Traslado ${publicado.cliente}`,
    estado: 'pendiente',
    creadoEn: creadoEn.toISOString(),
    expiresAt: Math.floor(creadoEn.getTime() / 1000) + EXPIRY_SECONDS,
    mapa: claveMapa(publicado.tipo),
  });
