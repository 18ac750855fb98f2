import { serviceRepository } from '../data/service-repository.js';

/**
 * Runs every minute (EventBridge Scheduler in AWS, an interval locally): starts every confirmed trip
 * whose departure is 2 hours away or less. Idempotent, so overlapping runs are harmless.
 */
export async function runTick(now = new Date()): Promise<{ started: string[] }> {
  const due = await serviceRepository.listDueTrips(now);
  const started: string[] = [];
  for (const s of due) if (await serviceRepository.markTripStarted(s.id)) started.push(s.id);
  if (started.length) console.log(JSON.stringify({ level: 'info', msg: 'trips started', started }));
  return { started };
}

export const handler = async (): Promise<{ started: string[] }> => runTick();
