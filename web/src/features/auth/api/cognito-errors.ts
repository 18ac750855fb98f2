import { MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';

const TOO_MANY = 'Demasiados intentos. Espera un momento e inténtalo de nuevo.';
export const CODIGO_INCORRECTO = 'El código de verificación no es correcto.';

/**
 * Spanish texts for the Cognito errors of sign-up, verification and recovery. Amplify throws them with
 * Cognito's exception name as `name` and its English text as `message`.
 */
const MESSAGES: Record<string, string> = {
  UsernameExistsException: REGISTRO_MSG.yaExiste,
  AliasExistsException: REGISTRO_MSG.yaExiste,
  // The pool's only rule is the spec's minimum (PASSWORD_POLICY).
  InvalidPasswordException: MSG.passwordMin,
  InvalidParameterException: 'Alguno de los datos no es válido. Revísalos e inténtalo de nuevo.',
  CodeMismatchException: CODIGO_INCORRECTO,
  ExpiredCodeException: 'El código de verificación expiró. Solicita uno nuevo.',
  UserNotFoundException: 'No existe una cuenta con este correo electrónico.',
  CodeDeliveryFailureException: 'No se pudo enviar el código. Inténtalo de nuevo.',
  TooManyRequestsException: TOO_MANY,
  TooManyFailedAttemptsException: TOO_MANY,
  LimitExceededException: TOO_MANY,
  NetworkError: 'No se pudo conectar con el servicio de autenticación. Revisa tu conexión.',
};

export function cognitoErrorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

/**
 * The Spanish text for a Cognito failure. Cognito's own texts are English: an unknown failure reads
 * as a plain Spanish sentence, its detail goes to the browser console for support.
 */
export function cognitoErrorMessage(error: unknown, overrides: Record<string, string> = {}): string {
  const name = cognitoErrorName(error);
  const known = overrides[name] ?? MESSAGES[name];
  if (known) return known;
  const detail = error instanceof Error ? error.message : String(error);
  // The triggers answer in Spanish already: "PreSignUp failed with error <mensaje>."
  const fromTrigger = /failed with error (.+?)\.?$/.exec(detail)?.[1];
  if (fromTrigger) return fromTrigger;
  console.error('Error de autenticación:', error);
  return 'No se pudo completar la operación. Inténtalo de nuevo en unos minutos.';
}
