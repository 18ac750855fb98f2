import { randomBytes, timingSafeEqual } from 'node:crypto';
import { BYTES_SECRETO } from '@shared/domain/seguimiento.js';

/** A new live trip link's secret (docs/decisions/0014): random, 32 characters of base64url. */
export const secretoSeguimiento = (): string => randomBytes(BYTES_SECRETO).toString('base64url');

/** Whether a link's secret is the service's, compared in constant time (the time tells nothing of how much matched). */
export function mismoSecreto(guardado: string, enviado: string): boolean {
  const a = Buffer.from(guardado);
  const b = Buffer.from(enviado);
  return a.length === b.length && timingSafeEqual(a, b);
}
