import type { Context } from 'hono';
import { resumenDe, ultimosMeses } from '@shared/domain/cifras.js';
import { cifrasRepository } from '../../data/cifras-repository.js';
import type { CompanyCaller } from '../caller.js';

/**
 * `GET /resumen` ('Resumen', docs/decisions/0016): the company's offers and wins, money in and out,
 * trips by vehicle and by route, time to offer; its last twelve months from its counters (at most
 * twelve items read, whatever its history).
 */
export async function verResumen(c: Context, caller: CompanyCaller) {
  const now = new Date();
  return c.json(resumenDe(await cifrasRepository.ultimos(caller.empresaId, now), ultimosMeses(now)));
}
