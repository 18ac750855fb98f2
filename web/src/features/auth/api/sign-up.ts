import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { registroEmpresaCreadoSchema, type signUpSchema } from '@shared/schemas/auth.js';
import type { z } from 'zod';
import { ApiError, llamar } from '../../../lib/api-client.js';
import { cognitoErrorMessage } from './cognito-errors.js';

export type SignUpData = z.output<typeof signUpSchema>;

export type SignUpResult = { kind: 'created'; confirmed: boolean } | { kind: 'wrongKey' } | { kind: 'failed'; message: string };

/**
 * Self sign-up of a company admin (docs/spec/01.md section 7) through the API (`POST /registro`): it
 * checks the authorization key before anything reaches the user pool, then signs the account up;
 * Cognito e-mails the code, confirmed below as before.
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

const CONFIRM_MESSAGES = {
  // Cognito answers this when the account was confirmed already.
  NotAuthorizedException: 'Esta cuenta ya está verificada. Inicia sesión.',
};

/** The 6-digit code of the verification e-mail. Throws an Error with a Spanish message. */
export async function verifyEmail(email: string, code: string): Promise<void> {
  try {
    await confirmSignUp({ username: email, confirmationCode: code });
  } catch (error) {
    throw new Error(cognitoErrorMessage(error, CONFIRM_MESSAGES), { cause: error });
  }
}

/** Sends a new verification code. Throws an Error with a Spanish message. */
export async function resendVerificationCode(email: string): Promise<void> {
  try {
    await resendSignUpCode({ username: email });
  } catch (error) {
    throw new Error(cognitoErrorMessage(error, { InvalidParameterException: CONFIRM_MESSAGES.NotAuthorizedException }), {
      cause: error,
    });
  }
}
