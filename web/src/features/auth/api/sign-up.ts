import { registroEmpresaCreadoSchema, type signUpSchema } from '@shared/schemas/auth.js';
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

/** The 6-digit code of the verification e-mail, checked by the API. Throws its ApiError (a Spanish message; `codigo-*` codes belong to the field). */
export async function verifyEmail(email: string, code: string): Promise<void> {
  await llamar('POST /registro/confirmar', { body: { email, codigo: code }, schema: registroEmpresaCreadoSchema, sinSesion: true });
}

/** Sends a new verification code (the API answers alike whether or not the address waits for one). Throws its ApiError. */
export async function resendVerificationCode(email: string): Promise<void> {
  await llamar('POST /registro/codigo', { body: { email }, sinSesion: true });
}
