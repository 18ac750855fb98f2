import { DIGITOS_MSG } from './messages.js';
import * as z from './zod-es.js';

/** Beyond the spec: a bound on stored numbers (a Colombian account has at most 20 digits). */
export const DIGITS_MAX = 20;

/** What a digits-only input keeps of what is typed or pasted ("300 123-4567" becomes "3001234567"). */
export const onlyDigits = (text: string): string => text.replace(/\D+/g, '');

/**
 * A number written as digits only: a phone, a bank account (docs/spec/02.md section 5.3: at least 10 digits).
 * The spec's required message when empty, `shortMsg` under `min` digits. Spaces around are trimmed;
 * anything else that is not a digit is refused rather than silently dropped, so what is stored is
 * what the person typed.
 */
export const digitsText = (min: number, requiredMsg: string, shortMsg: string, max = DIGITS_MAX) =>
  z
    .string({ error: requiredMsg })
    .trim()
    // One message per field: each check stops the ones after it.
    .min(1, { error: requiredMsg, abort: true })
    .regex(/^\d+$/, { error: DIGITOS_MSG.soloDigitos, abort: true })
    .min(min, { error: shortMsg, abort: true })
    .max(max, DIGITOS_MSG.maximo(max));
