import { contadorCuota, CUOTAS, enCuanto, ventanaCuota, type ReglaCuota, type VentanaCuota } from '@shared/domain/cuotas.js';
import { CUOTA_MSG } from '@shared/schemas/messages.js';
import { cuotaRepository, type Contador } from '../data/cuota-repository.js';
import { AppError } from '../errors.js';

/** Counters are kept an hour past their window, then DynamoDB drops them. */
const MARGEN_S = 3600;

/**
 * Counts a request against quotas (shared/domain/cuotas.ts), per hour and per day for each
 * `[regla, quien]`; past one, a 429 whose Spanish message and Retry-After say when its window ends
 * (the latest, when several are full).
 */
export async function gastarCuota(ambitos: readonly (readonly [ReglaCuota, string])[], now = new Date()): Promise<void> {
  const ventanas: VentanaCuota[] = ['hora', 'dia'];
  const porId = new Map<string, { regla: ReglaCuota; finS: number }>();
  const contadores: Contador[] = ambitos.flatMap(([regla, quien]) =>
    ventanas.map((ventana) => {
      const { finS } = ventanaCuota(ventana, now);
      const id = contadorCuota(regla, quien, ventana, now);
      porId.set(id, { regla, finS });
      return { id, limite: CUOTAS[regla][ventana], expiresAt: finS + MARGEN_S };
    }),
  );
  const llenos = (await cuotaRepository.contar(contadores)).map((c) => porId.get(c.id)!);
  if (!llenos.length) return;
  const ultimo = llenos.reduce((a, b) => (b.finS > a.finS ? b : a));
  const esperaS = ultimo.finS - now.getTime() / 1000;
  throw new AppError(429, 'resource-exhausted', CUOTA_MSG[ultimo.regla](enCuanto(esperaS)), undefined, esperaS);
}
