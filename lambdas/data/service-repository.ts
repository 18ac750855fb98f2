import { serviceLifecycle } from './service-lifecycle.js';
import { servicePayments } from './service-payments.js';
import { serviceReads } from './service-reads.js';

/**
 * The services table, as the API, jobs and scripts use it: reads (service-reads.ts), lifecycle writes
 * (service-lifecycle.ts), payment writes (service-payments.ts); items, projections and the change write
 * in service-items.ts.
 */
export const serviceRepository = { ...serviceReads, ...serviceLifecycle, ...servicePayments };

export type { ViajeEnCurso } from './service-reads.js';
export { CAMPOS_FILA, CAMPOS_MAPA, cambioDeServicio, MAX_COBROS_EN_SERVICIO, servicioItem, type PaginaPendientes, type ServicioMapa } from './service-items.js';
