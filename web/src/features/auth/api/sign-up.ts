import { confirmSignUp, resendSignUpCode, signUp } from 'aws-amplify/auth';
import { SIGNUP_KEY_FIELD, SIGNUP_METADATA } from '@shared/constants.js';
import type { signUpSchema } from '@shared/schemas/auth.js';
import type { z } from 'zod';
import { cognitoErrorMessage, isWrongSignUpKey } from './cognito-errors.js';

export type SignUpData = z.output<typeof signUpSchema>;

export type SignUpResult = { kind: 'created'; confirmed: boolean } | { kind: 'wrongKey' } | { kind: 'failed'; message: string };

/**
 * Self sign-up of a company admin (docs/spec/01.md section 7). The authorization key travels as client
 * metadata with the company data; the PreSignUp trigger checks it on the server and creates nothing when it is wrong.
 */
export async function registerAccount(data: SignUpData, claveAutorizacion: string): Promise<SignUpResult> {
  try {
    const { isSignUpComplete } = await signUp({
      username: data.email,
      password: data.password,
      options: {
        userAttributes: {
          email: data.email,
          given_name: data.nombres,
          family_name: data.apellidos,
        },
        // The company and position are not Cognito attributes the console may write: PreSignUp keeps them.
        clientMetadata: { [SIGNUP_KEY_FIELD]: claveAutorizacion, [SIGNUP_METADATA.empresa]: data.empresa, [SIGNUP_METADATA.puesto]: data.puesto },
      },
    });
    return { kind: 'created', confirmed: isSignUpComplete };
  } catch (error) {
    if (isWrongSignUpKey(error)) return { kind: 'wrongKey' };
    return { kind: 'failed', message: cognitoErrorMessage(error) };
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
