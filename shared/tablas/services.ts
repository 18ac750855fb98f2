import { indice, type IndexName } from '../tables.js';

/**
 * The services table's keys (docs/architecture.md, "Data model"): how each sparse index's partition
 * value is written, and which partition each list reads. The item's index attributes (shared/domain
 * pagos.ts and servicios.ts), the repository's queries (lambdas/data/service-reads.ts) and the
 * cursors the routes check (lambdas/api/routes/listas.ts, pagos.ts) all take them from here, so the
 * three can never write the same key two ways.
 */
export const clavesServicio = {
  /** `porEstadoEmpresa`: one company's services in one state. */
  estadoEmpresa: (empresa: string, estado: string): string => `${empresa}#${estado}`,
  /** `porPagarEmpresa`: one company's services waiting for one payment. */
  pagoPendienteEmpresa: (empresa: string, pago: string): string => `${empresa}#${pago}`,
  /** `pendientesPorTipo`: the map's pending services of one vehicle type. */
  mapa: (tipo: string): string => `pendiente#${tipo}`,
} as const;

/** One partition of an index of the services table: what a list's query reads and its cursor must name. */
export type ParticionServicios = { indice: IndexName<'services'>; atributo: string; valor: string };

/** A service list's partition: one company's services in a state, or every company's (marketplace staff). */
export const particionDeEstado = (empresa: string | null, estado: string): ParticionServicios =>
  empresa
    ? { indice: indice('services', 'porEstadoEmpresa'), atributo: 'estadoEmpresa', valor: clavesServicio.estadoEmpresa(empresa, estado) }
    : { indice: indice('services', 'byEstado'), atributo: 'estado', valor: estado };

/** The services waiting for one payment: one company's, or every company's. */
export const particionDePago = (empresa: string | null, pago: string): ParticionServicios =>
  empresa
    ? { indice: indice('services', 'porPagarEmpresa'), atributo: 'pagoPendienteEmpresa', valor: clavesServicio.pagoPendienteEmpresa(empresa, pago) }
    : { indice: indice('services', 'porPagar'), atributo: 'pagoPendiente', valor: pago };

/** A company's services after its offer was accepted, whatever their state (the history without a state). */
export const particionDeEmpresa = (empresa: string): ParticionServicios => ({ indice: indice('services', 'byEmpresaAliada'), atributo: 'empresaAliada', valor: empresa });
