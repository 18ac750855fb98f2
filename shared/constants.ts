/** Cognito groups. `admin` and `user` are company users; `plataforma` is marketplace staff. */
export const GROUPS = ['admin', 'user', 'plataforma', 'conductor'] as const;
export type Group = (typeof GROUPS)[number];

/** The spec's one password rule: at least 6 characters (also Cognito's smallest allowed minimum). */
export const PASSWORD_MIN_LENGTH = 6;
/**
 * The user pool's policy is exactly the spec's rule, declared here once for the pool (infra and the
 * local stand-in), the forms and the API: a password the console accepts is never refused by Cognito.
 */
export const PASSWORD_POLICY = {
  minLength: PASSWORD_MIN_LENGTH,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
} as const;

export const INITIAL_RATING = 5;

export const BOGOTA_TZ = 'America/Bogota';

/** Pending services and offers expire after 24 h. */
export const EXPIRY_SECONDS = 24 * 60 * 60;

/** The verification e-mail (Cognito's template in AWS; the local outbox writes the same text). */
export const VERIFICATION_EMAIL = { subject: 'Tu código de verificación', body: 'Tu código de verificación es {####}' } as const;

/**
 * The invitation a driver receives when a company adds the vehicle it drives (Cognito's template in
 * AWS, which needs both placeholders; the local outbox writes the same text).
 */
/** How long an invitation lasts: a driver's temporary password (the pool's setting; a resend gives a new one) and a staff member's link (docs/decisions/0011). */
export const INVITACION_DIAS = 7;
/** The console's page a staff invitation's link opens (docs/decisions/0011): the API writes it in the e-mail. */
export const VALIDAR_CUENTA_PATH = '/validar-cuenta';
/** The console's public page of a live trip link (docs/decisions/0014): `/seguimiento/<servicio>.<secreto>`. */
export const SEGUIMIENTO_PATH = '/seguimiento';
/** A driver's invitation is sent again at most once in this many minutes (no mail flood from a double click or a script). */
export const REENVIO_INVITACION_MINUTOS = 5;
/** And at most this many times a day (Bogotá's) per vehicle: a driver who got five has a mail problem, not a missing mail. */
export const REENVIOS_INVITACION_DIA = 5;

export const INVITATION_EMAIL = {
  subject: 'Tu cuenta de conductor en TransAliadas',
  body: 'Tu empresa te registró como conductor en TransAliadas. Entra a la aplicación de conductores con tu correo {username} y la contraseña temporal {####}; al entrar te pediremos cambiarla.',
} as const;

/** The CloudWatch namespace of the app's own metrics (EMF from the functions; the dashboard reads it). */
export const METRICAS_NAMESPACE = 'TransportadorasAliadas';
