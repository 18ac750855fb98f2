import { MAX_SERVICIOS_MAPA, newestAcross } from '@shared/domain/mapa.js';
import type { ResumenPagos } from '@shared/schemas/pagos.js';
import { VEHICLE_TYPES, type VehicleType } from '@shared/schemas/service.js';
import { cambios } from '../data/cambios.js';
import { serviceRepository, type ServicioMapa, type ViajeEnCurso } from '../data/service-repository.js';
import { ttlCache } from '../data/ttl-cache.js';
import { vehiculoRepository } from '../data/vehiculo-repository.js';

/**
 * The per-container caches that several routes read or clear (docs/architecture.md, "What every user polls"): the
 * map feed's, and the payments' counts. A route that changes what they hold clears them here, so
 * its container's next answer already shows the change.
 */

// --- The map feed ------------------------------------------------------------------------------

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

/**
 * The company's trips under way, for the drivers' position reports (every few seconds each), the
 * shell's 'Recorrido Iniciado' and the map's drivers: read once, then kept until the change log names
 * the company (a trip started or ended), so a report or a poll reads nothing, however many trips the
 * company runs at once.
 */
const enCursoCache = cambios.cache<ViajeEnCurso[]>('empresa');
export const viajesEnCurso = (empresaId: string) => enCursoCache.get(empresaId, () => serviceRepository.enCurso(empresaId));

// --- The payments' counts (the bottom bar's badge and the tabs) -----------------------------------

/** A company's counts: kept per container until the change log names the company (or CACHE_REGISTROS_MS), so polling reads nothing. */
export const conteosEmpresa = cambios.cache<ResumenPagos>('empresa');
/**
 * Every company's counts (staff's): recounting reads every pending payment, and any company's change
 * would drop them, so they are kept CONTEOS_TODAS_MS whatever changes elsewhere; a payment registered
 * (by staff, ePayco) or made due (a FUEC, a trip's end, a client's acceptance or receipt) drops them
 * at once in the container that handled it.
 */
export const CONTEOS_TODAS_MS = 30_000;
export const conteosTodas = ttlCache<ResumenPagos>(CONTEOS_TODAS_MS);
/** A payment registered or made due: staff's counts are recounted at once (in this container). */
export const pagoRegistrado = () => conteosTodas.forget();
