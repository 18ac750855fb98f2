import { signOut } from 'aws-amplify/auth';
import { registroEmpresaCreadoSchema, type signUpSchema } from '@shared/schemas/auth.js';
import { VERIFICANDO } from './paths.js';
import type { z } from 'zod';
import { ApiError, llamar } from '../../../lib/api-client.js';
import { cognitoErrorMessage } from './cognito-errors.js';

export type SignUpData = z.output<typeof signUpSchema>;

export type SignUpResult = { kind: 'created'; confirmed: boolean } | { kind: 'wrongKey' } | { kind: 'failed'; message: string };

/**
 * Self sign-up of a company admin (docs/spec/01.md section 7) through the API (`POST /registro`): it
 * checks the authorization key before anything reaches the user pool, then makes the account and
 * e-mails a code of its own, confirmed below (docs/decisions/0010).
 */
export async function registerAccount(data: SignUpData, claveAutorizacion: string): Promise<SignUpResult> {
  try {
    const { confirmado } = await llamar('POST /registro', { body: { ...data, claveAutorizacion }, schema: registroEmpresaCreadoSchema, sinSesion: true });
    return { kind: 'created', confirmed: confirmado };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'clave-incorrecta') return { kind: 'wrongKey' };
    return { kind: 'failed', message: error instanceof ApiError ? error.message : cognitoErrorMessage(error) };
  }
}

/**
 * The 6-digit code of the verification e-mail, checked by the API for the account of the session (the
 * console signs the account in first: only its password opens its code, docs/decisions/0010). Then the
 * session is closed: the next sign-in carries the verified e-mail and the group. Throws its ApiError.
 */
export async function verifyEmail(code: string): Promise<void> {
  await llamar('POST /registro/confirmar', { body: { codigo: code }, schema: registroEmpresaCreadoSchema });
  await cerrarSesion();
}

/** Ends the code screen's session (an unverified account's, which the panel refuses). */
export async function cerrarSesion(): Promise<void> {
  sessionStorage.removeItem(VERIFICANDO);
  await signOut().catch(() => undefined);
}

/** Sends a new verification code to the session's account. Throws its ApiError. */
export async function resendVerificationCode(): Promise<void> {
  await llamar('POST /registro/codigo', {});
}
