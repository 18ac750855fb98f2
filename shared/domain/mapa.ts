import type { ServiceState, VehicleType } from '../schemas/service.js';
import { EN_CURSO_TEXTO, ESTADO_SERVICIO_TEXTO } from './etiquetas.js';
import { reservaVencida } from './recorrido.js';
import { clavesServicio } from '../tablas/services.js';

/**
 * The map's states (docs/spec/02.md section 4.1): the stored estado, except that a pending service this
 * company has offered on is 'ofertas' and 'validar' is shown as 'validando'.
 */
export const ESTADOS_MAPA = ['pendiente', 'ofertas', 'validando', 'reservado', 'confirmado', 'finalizado'] as const;
export type EstadoMapa = (typeof ESTADOS_MAPA)[number];

/** The legend's and markers' words: the lists' own (shared/domain/etiquetas.ts), and the spec's 'Ofertas' for the map's own state. */
export const ESTADO_MAPA_INFO: Record<EstadoMapa, { etiqueta: string; descripcion: string; color: string }> = {
  pendiente: { etiqueta: ESTADO_SERVICIO_TEXTO.pendiente, descripcion: 'Esperando ofertas', color: '#d6312b' },
  ofertas: { etiqueta: 'Ofertas', descripcion: 'Pendiente, con oferta de tu empresa', color: '#f08a00' },
  validando: { etiqueta: ESTADO_SERVICIO_TEXTO.validar, descripcion: 'El cliente aceptó tu oferta; se valida el pago', color: '#e8c100' },
  reservado: { etiqueta: ESTADO_SERVICIO_TEXTO.reservado, descripcion: 'Asigna vehículo y sube el FUEC', color: '#1f6fe0' },
  confirmado: { etiqueta: ESTADO_SERVICIO_TEXTO.confirmado, descripcion: 'FUEC cargado; listo para el viaje', color: '#1e9e52' },
  finalizado: { etiqueta: ESTADO_SERVICIO_TEXTO.finalizado, descripcion: 'Viaje terminado', color: '#8a8f98' },
};

/** One marker's or service's state as the lists say it: a confirmed trip whose driver is on the way reads 'En curso'. */
export const etiquetaEstadoMapa = (estado: EstadoMapa, iniciado?: boolean): string =>
  estado === 'confirmado' && iniciado ? EN_CURSO_TEXTO : ESTADO_MAPA_INFO[estado].etiqueta;

/** A marker of a reservation whose departure passed before its trip (recorrido.ts, `reservaVencida`). */
const ANTES_DEL_VIAJE_EN_MAPA: Partial<Record<EstadoMapa, ServiceState>> = { validando: 'validar', reservado: 'reservado' };
export const marcadorVencido = (m: { estado: EstadoMapa; fechaSalida: string }, now: Date): boolean => {
  const estado = ANTES_DEL_VIAJE_EN_MAPA[m.estado];
  return !!estado && reservaVencida({ estado, fechaSalida: m.fechaSalida }, now);
};

/** docs/spec/02.md section 2.1: only pendiente is visible until the legend says otherwise. */
export const ESTADOS_VISIBLES_INICIO: readonly EstadoMapa[] = ['pendiente'];

/** docs/spec/02.md section 9: services shown on the map. */
export const MAX_SERVICIOS_MAPA = 50;

/** How long a finished service of the company stays on its map (beyond the spec: the map is for work at hand). */
export const DIAS_FINALIZADOS_EN_MAPA = 7;

/**
 * While there are pending services to offer on, the company's own take at most this many of the 50:
 * a busy company's own work would otherwise fill its map and hide every request (and the legend
 * shows only pending ones at first).
 */
export const MAX_PROPIOS_MAPA = 25;

/**
 * The map's services (docs/spec/02.md section 2.1, at most 50): the company's own, in the order given (the
 * work nearest at hand first), then the pending ones; each side keeps room for the other.
 */
export function serviciosDelMapa<T>(propios: readonly T[], pendientes: readonly T[]): T[] {
  const cupoPropios = Math.max(MAX_PROPIOS_MAPA, MAX_SERVICIOS_MAPA - pendientes.length);
  return [...propios.slice(0, cupoPropios), ...pendientes].slice(0, MAX_SERVICIOS_MAPA);
}

/** The map's state of a service, or null for one the map never shows: a cancelled reservation (no work at hand). */
export function estadoMapa(service: { estado: ServiceState; oferentes: readonly string[] }, empresaId: string): EstadoMapa | null {
  if (service.estado === 'cancelado') return null;
  if (service.estado === 'pendiente') return service.oferentes.includes(empresaId) ? 'ofertas' : 'pendiente';
  if (service.estado === 'validar') return 'validando';
  return service.estado;
}

/** The map index's partition key of a pending service: one partition per vehicle type. */
export const claveMapa = (tipo: VehicleType): string => clavesServicio.mapa(tipo);

/**
 * The newest `limit` items of several lists each already sorted newest first (one per vehicle type),
 * reading each list only as far as needed: `more(i, missing)` fetches at most `missing` more items of
 * list i (no more can be shown), or null when it has no more. Items read stay near `limit` plus the
 * first page of each list, whatever the table holds.
 */
export async function newestAcross<T>(
  pages: T[][],
  newer: (a: T, b: T) => boolean,
  limit: number,
  more: (i: number, missing: number) => Promise<T[] | null>,
): Promise<T[]> {
  const buffers = pages.map((p) => [...p]);
  const done = pages.map(() => false);
  const out: T[] = [];
  while (out.length < limit) {
    // A list whose buffer ran dry may still hold the next newest item: fetch before choosing.
    for (let i = 0; i < buffers.length; i++) {
      while (!done[i] && buffers[i]!.length === 0) {
        const next = await more(i, limit - out.length);
        if (next === null) done[i] = true;
        else buffers[i]!.push(...next);
      }
    }
    let best = -1;
    for (let i = 0; i < buffers.length; i++) {
      const head = buffers[i]![0];
      if (head !== undefined && (best < 0 || newer(head, buffers[best]![0]!))) best = i;
    }
    if (best < 0) break;
    out.push(buffers[best]!.shift()!);
  }
  return out;
}
