import { serviceRepository } from '../data/service-repository.js';
import { logger, MetricUnit, publicarMetricas } from '../observability.js';
import { expireUnconfirmedStaff } from './sweep-staff.js';

/**
 * Runs every minute (EventBridge Scheduler in AWS, an interval locally): starts every confirmed trip
 * whose departure is 2 hours away or less, and expires staff accounts left unconfirmed. Idempotent,
 * so overlapping runs are harmless; each step reads only what is due (indexed queries).
 */
export async function runTick(now = new Date()): Promise<{ started: string[]; expired: string[] }> {
  const due = await serviceRepository.listDueTrips(now);
  const started: string[] = [];
  for (const s of due) if (await serviceRepository.markTripStarted(s.id, s.empresaAliada, now)) started.push(s.id);
  const { expired } = await expireUnconfirmedStaff(now);
  if (started.length || expired.length) logger.info('Tarea de cada minuto', { started, expired });
  publicarMetricas('tick', {}, [
    { nombre: 'ViajesIniciados', unidad: MetricUnit.Count, valor: started.length },
    { nombre: 'CuentasVencidas', unidad: MetricUnit.Count, valor: expired.length },
  ]);
  return { started, expired };
}

export const handler = async (): Promise<{ started: string[]; expired: string[] }> => runTick();
