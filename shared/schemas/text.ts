import { z } from 'zod';

/** Beyond the spec: bounds that keep records sane (Cognito caps custom attributes at 256). */
export const TEXT_MAX = 120;
export const EMPRESA_MAX = 256;
const tooLong = (max: number) => `Máximo ${max} caracteres`;

/** A required text: the spec's message when empty, a length bound always. */
export const requiredText = (message: string, max = TEXT_MAX) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));

/** An optional text with its default. */
export const optionalText = (fallback: string) => z.string().trim().max(TEXT_MAX, tooLong(TEXT_MAX)).default(fallback);
