import * as z from './zod-es.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { puestoSchema } from './puestos.js';
import { INVITACION_MSG, MSG } from './messages.js';
import { EMAIL_MAX, EMPRESA_MAX, PASSWORD_MAX, requiredText, TEXT_MSG } from './text.js';

/** E-mail as the spec checks it: required, then a standard pattern. Stored lower-case. */
export const emailSchema = z
  .string({ error: MSG.emailRequerido })
  .trim()
  .min(1, MSG.emailRequerido)
  .max(EMAIL_MAX, TEXT_MSG.maximo(EMAIL_MAX))
  .pipe(z.email(MSG.emailInvalido))
  .transform((e) => e.toLowerCase());

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: MSG.passwordRequerida }).min(1, MSG.passwordRequerida).max(PASSWORD_MAX, TEXT_MSG.maximo(PASSWORD_MAX)),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * A new password: the spec's minimum (PASSWORD_POLICY, the pool's too) with the form's own message. One
 * message at a time, by guards (`when`) rather than `abort`: an aborted field stops its form's own checks
 * (registration's 'Las contraseñas no coinciden' came only in a second round).
 */
export const newPasswordSchema = (minMessage: string) =>
  z
    .string({ error: minMessage })
    .min(PASSWORD_MIN_LENGTH, minMessage)
    .max(PASSWORD_MAX, TEXT_MSG.maximo(PASSWORD_MAX))
    // Cognito refuses edge spaces; controls never belong in a password someone types.
    .refine((p) => p === p.trim() && !/[\p{Cc}\p{Cs}]/u.test(p), {
      message: MSG.passwordCaracteres,
      when: ({ value }) => typeof value === 'string' && value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX,
    });

export const signUpSchema = z.object({
  nombres: requiredText(MSG.nombresRequeridos),
  apellidos: requiredText(MSG.apellidosRequeridos),
  empresa: requiredText(MSG.empresaRequerida, EMPRESA_MAX),
  puesto: puestoSchema,
  email: emailSchema,
  password: newPasswordSchema(MSG.passwordMin),
});
export type SignUpInput = z.input<typeof signUpSchema>;

/**
 * `POST /registro`: the sign-up form and the authorization key, checked by the API before anything
 * reaches the user pool (docs/architecture.md, "Untrusted input"). A key of any form is just wrong.
 */
export const registroEmpresaSchema = signUpSchema.extend({
  claveAutorizacion: z.string({ error: MSG.claveIncorrecta }).max(200, MSG.claveIncorrecta),
});
export type RegistroEmpresaBody = z.output<typeof registroEmpresaSchema>;
/** Its answer: the account waits for the e-mail's code. */
export const registroEmpresaCreadoSchema = z.object({ email: z.string(), confirmado: z.boolean() });

/** A company's sign-up data, kept with its account until the e-mail's code founds the company (docs/decisions/0010). */
export const registroSchema = signUpSchema.omit({ password: true });
export type Registro = z.output<typeof registroSchema>;

export const passwordRecoverySchema = z.object({ email: emailSchema });

/** Beyond the spec (Cognito's verification and recovery codes): six digits. */
const codigoSchema = z.string({ error: MSG.codigo }).trim().regex(/^\d{6}$/, MSG.codigo);

/** E-mail verification after sign-up: the screen's form (the address shown, taken from the session). */
export const verifyEmailSchema = z.object({ email: emailSchema, codigo: codigoSchema });
/** `POST /registro/confirmar`: the code; the account is the session's (docs/decisions/0010). */
export const confirmarCodigoSchema = z.object({ codigo: codigoSchema });

/**
 * `POST /registro/invitacion`: a staff invitation's link (its company, address and token, from the
 * link's fragment) and the password the admin chose (docs/decisions/0011). A link cut or altered is
 * just not valid.
 */
export const validarInvitacionSchema = z.object({
  empresa: z.string({ error: INVITACION_MSG.invalida }).min(1, INVITACION_MSG.invalida).max(200, INVITACION_MSG.invalida),
  correo: z.string({ error: INVITACION_MSG.invalida }).max(EMAIL_MAX, INVITACION_MSG.invalida).pipe(z.email(INVITACION_MSG.invalida)).transform((e) => e.toLowerCase()),
  token: z.string({ error: INVITACION_MSG.invalida }).regex(/^[\w-]{43}$/, INVITACION_MSG.invalida),
  password: z.string({ error: INVITACION_MSG.contrasenaRequerida }).min(1, INVITACION_MSG.contrasenaRequerida).max(PASSWORD_MAX, TEXT_MSG.maximo(PASSWORD_MAX)),
});
export type ValidarInvitacionBody = z.output<typeof validarInvitacionSchema>;
/** Its answer: the account made, its e-mail verified. */
export const invitacionValidadaSchema = z.object({ email: z.string() });

/** Second step of the password recovery: the code from the e-mail and the new password. */
export const newPasswordStepSchema = z.object({ codigo: codigoSchema, password: newPasswordSchema(MSG.passwordMin) });
