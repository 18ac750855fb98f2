import { signIn } from 'aws-amplify/auth';

export type SignInResult =
  | { kind: 'signedIn' }
  | { kind: 'unconfirmed' }
  | { kind: 'failed'; message: string };

/**
 * Spanish sentences for the Cognito errors of a sign-in; never the code. An unknown e-mail and a
 * wrong password read the same, so the form does not tell which addresses have an account.
 */
const WRONG_CREDENTIALS = 'Correo o contraseña incorrectos. Revísalos e inténtalo de nuevo.';
const MESSAGES: Record<string, string> = {
  NotAuthorizedException: WRONG_CREDENTIALS,
  // cognito-local answers a wrong password with this one.
  InvalidPasswordException: WRONG_CREDENTIALS,
  UserNotFoundException: WRONG_CREDENTIALS,
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
    console.warn('Paso de inicio de sesión no admitido:', nextStep.signInStep);
    return { kind: 'failed', message: 'Tu cuenta requiere un paso de inicio de sesión que esta consola aún no admite.' };
  } catch (error) {
    const code = error instanceof Error ? error.name : 'Error';
    if (code === 'UserNotConfirmedException') return { kind: 'unconfirmed' };
    // A session left from before (another tab, say) is as good as a fresh sign-in.
    if (code === 'UserAlreadyAuthenticatedException') return { kind: 'signedIn' };
    // Cognito's own text is English: it goes to the console for support, not to the person.
    if (!MESSAGES[code]) console.error('Inicio de sesión fallido:', error);
    return { kind: 'failed', message: MESSAGES[code] ?? 'No se pudo iniciar sesión. Inténtalo de nuevo en unos minutos.' };
  }
}
