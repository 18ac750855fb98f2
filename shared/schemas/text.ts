import * as z from './zod-es.js';

/** Beyond the spec: bounds that keep records sane (Cognito caps custom attributes at 256). */
export const TEXT_MAX = 120;
export const EMPRESA_MAX = 256;
/** RFC 5321: an address is at most 254 characters. */
export const EMAIL_MAX = 254;
/** Cognito's own maximum for a password. */
export const PASSWORD_MAX = 256;

export const TEXT_MSG = {
  caracteresNoPermitidos: 'El texto contiene caracteres no permitidos',
  maximo: (max: number) => `Máximo ${max} caracteres`,
} as const;

/**
 * Characters no single-line field may hold: controls (a newline included), line and paragraph
 * separators, unpaired UTF-16 halves, non-characters, and the bidi overrides and isolates that make a
 * text display differently from what it is.
 */
const FORBIDDEN = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]/u;
/**
 * Blank-looking characters (spaces, zero-width and other default-ignorable ones such as U+3164 or the
 * soft hyphen, and the blank Braille cell), trimmed like spaces so a value made only of them counts
 * as empty.
 */
const EDGE_INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]+|[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]+$/gu;

/** Trims spaces and invisible characters, then refuses controls and bidi overrides. */
export const cleanText = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(EDGE_INVISIBLE, ''))
    .pipe(z.string().max(max, TEXT_MSG.maximo(max)).refine((s) => !FORBIDDEN.test(s), TEXT_MSG.caracteresNoPermitidos));

/** A required text: the spec's message when missing or empty, a length bound always. */
export const requiredText = (message: string, max = TEXT_MAX) =>
  z
    .string({ error: message })
    .transform((s) => s.replace(EDGE_INVISIBLE, ''))
    .pipe(
      z
        .string()
        .min(1, message)
        .max(max, TEXT_MSG.maximo(max))
        .refine((s) => !FORBIDDEN.test(s), TEXT_MSG.caracteresNoPermitidos),
    );

/** An optional text with its default. */
export const optionalText = (fallback: string, max = TEXT_MAX) => cleanText(max).default(fallback);
