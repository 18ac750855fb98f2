import { serviceRepository } from '../data/service-repository.js';
import { logger, MetricUnit, publicarMetricas } from '../observability.js';
import { expireUnconfirmedStaff } from './sweep-staff.js';

/**
 * Runs every minute (EventBridge Scheduler in AWS, an interval locally; docs/decisions/0001): starts every confirmed trip
 * whose departure is 2 hours away or less, and expires staff accounts left unconfirmed. Idempotent,
 * so overlapping runs are harmless; each step reads only what is due (indexed queries).
 */
export async function runTick(now = new Date()): Promise<{ started: string[]; expired: string[] }> {
  const due = await serviceRepository.listDueTrips(now);
  const started: string[] = [];
  // One trip that fails (a throttled or conflicting write) is tried again next minute; it must not
  // hold back the trips after it or the sweep.
  let fallidos = 0;
  for (const s of due) {
    try {
      if (await serviceRepository.markTripStarted(s.id, s.empresaAliada, now)) started.push(s.id);
    } catch (error) {
      fallidos++;
      logger.error('No se pudo iniciar el viaje', { servicioId: s.id, error: error as Error });
    }
  }
  const { expired } = await expireUnconfirmedStaff(now);
  if (started.length || expired.length) logger.info('Tarea de cada minuto', { started, expired });
  publicarMetricas('tick', {}, [
    { nombre: 'ViajesIniciados', unidad: MetricUnit.Count, valor: started.length },
    { nombre: 'ViajesNoIniciados', unidad: MetricUnit.Count, valor: fallidos },
    { nombre: 'CuentasVencidas', unidad: MetricUnit.Count, valor: expired.length },
  ]);
  // The run still fails when a trip did, so the scheduler's failure alarm sees it.
  if (fallidos) throw new Error(`No se pudieron iniciar ${fallidos} de ${due.length} viajes; se reintentan en la próxima ejecución.`);
  return { started, expired };
}

export const handler = async (): Promise<{ started: string[]; expired: string[] }> => runTick();
