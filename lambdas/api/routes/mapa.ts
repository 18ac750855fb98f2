import type { Context } from 'hono';
import { estadoMapa, MAX_SERVICIOS_MAPA, newestAcross, serviciosDelMapa } from '../../../shared/domain/mapa.js';
import type { Marcador } from '../../../shared/schemas/mapa.js';
import { VEHICLE_TYPES, type VehicleType } from '../../../shared/schemas/service.js';
import { serviceRepository, type ServicioMapa } from '../../data/service-repository.js';
import { cambios } from '../../data/cambios.js';
import { ttlCache } from '../../data/ttl-cache.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import type { CompanyCaller } from '../caller.js';
import { jsonWithEtag } from '../etag.js';

/**
 * The map feed's reads are shared per Lambda container: the pending part for a few seconds by set of
 * vehicle types (the same for every company with those types; anyone may publish or offer at any
 * moment), the company's own part (its types and its services after pendiente) until the change log
 * says the company changed (`cambios`: a vehicle, an accepted offer...). The console polls every
 * 5 s, so what DynamoDB serves grows with the distinct type sets, not with users or companies.
 */
export const MAPA_CACHE_MS = 3000;
const pendientesCache = ttlCache<ServicioMapa[]>(MAPA_CACHE_MS);
const empresaCache = cambios.cache<{ tipos: VehicleType[]; propios: ServicioMapa[] }>('empresa');

const esTipo = (t: string): t is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(t);
const masNuevo = (a: ServicioMapa, b: ServicioMapa) => (a.expiresAt ?? 0) > (b.expiresAt ?? 0);

/**
 * The newest 50 pending services across the types: each type's index is read a page at a time and
 * merged, so about 50 items plus one page per type are read, however many services are stored.
 */
async function pendientes(tipos: readonly VehicleType[], now: Date): Promise<ServicioMapa[]> {
  const pagina = Math.ceil(MAX_SERVICIOS_MAPA / tipos.length);
  const next: (Record<string, unknown> | undefined)[] = [];
  const first = await Promise.all(tipos.map((t) => serviceRepository.pendientesPorTipo(t, now, pagina)));
  first.forEach((p, i) => (next[i] = p.next));
  return newestAcross(
    first.map((p) => p.items),
    masNuevo,
    MAX_SERVICIOS_MAPA,
    async (i, faltan) => {
      if (!next[i]) return null;
      const p = await serviceRepository.pendientesPorTipo(tipos[i]!, now, faltan, next[i]);
      next[i] = p.next;
      return p.items;
    },
  );
}

export const mapaCaches = {
  pendientes: (tipos: readonly VehicleType[], now: Date) => pendientesCache.get(tipos.join('|'), () => pendientes(tipos, now)),
  empresa: (empresaId: string, now: Date) =>
    empresaCache.get(empresaId, async () => {
      const [tipos, propios] = await Promise.all([vehiculoRepository.tipos(empresaId), serviceRepository.propiosRecientes(empresaId, now)]);
      return { tipos: tipos.filter(esTipo), propios };
    }),
  /** After a write in this container: its next answer already shows it (other containers' within seconds). */
  olvidarPendientes: () => pendientesCache.forget(),
};

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
