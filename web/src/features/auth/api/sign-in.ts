import { signIn } from 'aws-amplify/auth';

export type SignInResult =
  | { kind: 'signedIn' }
  | { kind: 'unconfirmed' }
  | { kind: 'failed'; code: string; message: string };

/** Spanish texts for the Cognito errors a person can cause; the code itself is shown too. */
const MESSAGES: Record<string, string> = {
  NotAuthorizedException: 'Correo o contraseña incorrectos',
  // cognito-local answers a wrong password with this one.
  InvalidPasswordException: 'Correo o contraseña incorrectos',
  UserNotFoundException: 'Correo o contraseña incorrectos',
  PasswordResetRequiredException: 'Debes restablecer tu contraseña antes de iniciar sesión',
  TooManyRequestsException: 'Demasiados intentos. Espera un momento e inténtalo de nuevo',
  TooManyFailedAttemptsException: 'Demasiados intentos. Espera un momento e inténtalo de nuevo',
  LimitExceededException: 'Demasiados intentos. Espera un momento e inténtalo de nuevo',
  UserLambdaValidationException: 'Tu cuenta no puede iniciar sesión en este momento',
  NetworkError: 'No se pudo conectar con el servicio de autenticación. Revisa tu conexión',
};

/**
 * cognito-local cannot do SRP, so the password flow is used everywhere (the AWS app client allows it
 * too, and the connection is HTTPS).
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  try {
    const { isSignedIn, nextStep } = await signIn({
      username: email,
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    if (isSignedIn) return { kind: 'signedIn' };
    if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return { kind: 'unconfirmed' };
    return {
      kind: 'failed',
      code: nextStep.signInStep,
      message: 'Tu cuenta requiere un paso de inicio de sesión que esta consola aún no admite',
    };
  } catch (error) {
    const code = error instanceof Error ? error.name : 'Error';
    if (code === 'UserNotConfirmedException') return { kind: 'unconfirmed' };
    // A session left from before (another tab, say) is as good as a fresh sign-in.
    if (code === 'UserAlreadyAuthenticatedException') return { kind: 'signedIn' };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', code, message: MESSAGES[code] ?? `No se pudo iniciar sesión: ${detail}` };
  }
}
