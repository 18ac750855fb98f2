import type { Context } from 'hono';
import { estadoMapa, serviciosDelMapa } from '@shared/domain/mapa.js';
import type { Marcador } from '@shared/schemas/mapa.js';
import type { ServicioMapa } from '../../data/service-repository.js';
import { mapaCaches } from '../caches.js';
import type { CompanyCaller } from '../caller.js';
import { jsonWithEtag } from '../etag.js';

const marcador = (s: ServicioMapa, estado: Marcador['estado']): Marcador => ({
  id: s.id,
  estado,
  tipo: s.tipo,
  lat: s.latOrigen,
  lng: s.lonOrigen,
  origen: s.origen,
  destino: s.destino,
  fechaSalida: s.fechaSalida,
  pasajeros: s.pasajeros,
  iniciado: s.recorridoIniciado,
});

/**
 * `GET /mapa` (docs/spec/02.md sections 2.1 and 6): pending services of any company plus the company's own
 * later ones, only of its fleet's types, at most 50, each kind keeping room for the other (`serviciosDelMapa`).
 */
export async function verMapa(c: Context, caller: CompanyCaller) {
  const now = new Date();
  const { tipos, propios } = await mapaCaches.empresa(caller.empresaId, now);
  if (!tipos.length) return jsonWithEtag(c, { tipos, servicios: [] });
  const enFlota = new Set<string>(tipos);
  const mios = propios.filter((s) => enFlota.has(s.tipo));
  const abiertos = await mapaCaches.pendientes(tipos, now);
  const servicios = serviciosDelMapa(mios, abiertos).flatMap((s) => {
    const estado = estadoMapa(s, caller.empresaId);
    return estado ? [marcador(s, estado)] : [];
  });
  return jsonWithEtag(c, { tipos, servicios });
}
