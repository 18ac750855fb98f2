import { DIGITOS_MSG, PERFIL_MSG } from './messages.js';
import * as z from './zod-es.js';

/** Under the RUT field of both forms. */
export const RUT_AYUDA = 'Con el dígito de verificación después del guion, si lo tiene (ej. 900123456-7).';

/** A RUT as written (the company's NIT or a driver's cédula) is at most this long. */
export const RUT_MAX = 20;

/**
 * A RUT as stored, the same way for the company's profile and a vehicle's driver: digits, and the
 * check digit after a hyphen when given ("900.123.456-7" is kept as "900123456-7"). The dots and spaces
 * people write are dropped, so one number reads one way wherever it is shown.
 */
export const normalizarRut = (rut: string): string => rut.replace(/[\s.]+/g, '');

/**
 * One rule for the RUT of the profile (docs/spec/01.md section 5) and of the vehicle form (docs/spec/02.md
 * section 5.3: at least 6 digits): `requerido` is each form's own required message.
 */
export const rutSchema = (requerido: string) =>
  z
    .string({ error: requerido })
    .trim()
    .min(1, { error: requerido, abort: true })
    .transform(normalizarRut)
    .pipe(
      z
        .string()
        .max(RUT_MAX, { error: DIGITOS_MSG.maximo(RUT_MAX), abort: true })
        .regex(/^\d+(-\d)?$/, { error: PERFIL_MSG.rutFormato, abort: true })
        .regex(/^\d{6,}/, DIGITOS_MSG.rutCorto),
    );
