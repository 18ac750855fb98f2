import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../../../../../shared/schemas/auth.js';
import { MSG } from '../../../../../shared/schemas/messages.js';

/*
 * The spec has no e-mail verification screen (Cognito needs one) and no wording for its code, so
 * these checks live with the console rather than in shared/.
 */
export const CODIGO_MSG = 'Ingresa el código de 6 dígitos que enviamos a tu correo';
const codigoSchema = z.string({ error: CODIGO_MSG }).trim().regex(/^\d{6}$/, CODIGO_MSG);

export const verifyEmailSchema = z.object({ email: emailSchema, codigo: codigoSchema });

/** Second step of the recovery: the code from the e-mail and the new password. */
export const newPasswordStepSchema = z.object({ codigo: codigoSchema, password: newPasswordSchema(MSG.passwordMin) });
