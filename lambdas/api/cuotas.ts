import { contadorCuota, CUOTAS, enCuanto, ventanaCuota, type ReglaCuota } from '@shared/domain/cuotas.js';
import { CUOTA_MSG } from '@shared/schemas/messages.js';
import { cuotaRepository, type Contador } from '../data/cuota-repository.js';
import { AppError } from '../errors.js';

/** Counters are kept an hour past their window, then DynamoDB drops them. */
const MARGEN_S = 3600;

/**
 * Counts a request against quotas (shared/domain/cuotas.ts), per hour and per day for each
 * `[regla, quien]`, in order: a later one (a company's) is counted only while the earlier ones (its
 * user's) have room, so one user past their own limit cannot use up their company's. Past one, a 429
 * whose Spanish message and Retry-After say when its window ends (the latest, when several are full).
 */
export async function gastarCuota(ambitos: readonly (readonly [ReglaCuota, string])[], now = new Date()): Promise<void> {
  for (const [regla, quien] of ambitos) {
    const ventanas = (['hora', 'dia'] as const).map((ventana) => ({ ventana, ...ventanaCuota(ventana, now) }));
    const contadores: Contador[] = ventanas.map(({ ventana, finS }) => ({ id: contadorCuota(regla, quien, ventana, now), limite: CUOTAS[regla][ventana], expiresAt: finS + MARGEN_S }));
    const llenos = await cuotaRepository.contar(contadores);
    if (!llenos.length) continue;
    const finS = Math.max(...llenos.map((c) => ventanas[contadores.indexOf(c)]!.finS));
    const esperaS = finS - now.getTime() / 1000;
    throw new AppError(429, 'resource-exhausted', CUOTA_MSG[regla](enCuanto(esperaS)), undefined, esperaS);
  }
}
