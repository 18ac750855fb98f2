/**
 * What the local stand-ins lack that matters for security, said when the stack starts (scripts/local/
 * stack.ts) and listed in docs/architecture.md ("The local stack"): the local app is for one machine,
 * never for a network. Each stand-in binds to 127.0.0.1 where it can choose.
 */
export const LIMITACIONES_LOCALES = [
  {
    servicio: 'Cognito (cognito-local)',
    falta:
      'firma los tokens con una clave publicada en su paquete: cualquiera que llegue a la API local puede fabricar un token válido; también entrega tokens a usuarios desactivados (la API los rechaza por su registro); no aplica "solo el administrador crea usuarios", así que un registro directo de un correo existente responde UsernameExistsException (el disparador rechaza los demás), sus tokens dicen email_verified verdadero aunque no lo esté (la API revisa el registro), y al iniciar sesión responde distinto a un correo sin cuenta (NotAuthorizedException) que a una contraseña errada (InvalidPasswordException): AWS responde lo mismo a ambos.',
  },
  {
    servicio: 'ePayco (simulador local)',
    falta: 'acepta que cualquier proceso de esta máquina registre una transacción como pagada (POST /local/transacciones).',
  },
  {
    servicio: 'S3 (s3rver)',
    falta: 'no revisa la política ni la firma de las subidas, y entrega archivos sin firma (la API revisa cada archivo al confirmarlo).',
  },
  {
    servicio: 'DynamoDB Local',
    falta: 'escucha en todas las interfaces (no tiene opción para limitarlo) y no pide credenciales: en una red compartida, bloquea su puerto.',
  },
] as const;

/** The lines the stack prints at start. */
export const avisoLimitaciones = (): string[] => [
  'Servicios locales solo para esta máquina (escuchan en 127.0.0.1 salvo DynamoDB Local). Lo que les falta frente a AWS:',
  ...LIMITACIONES_LOCALES.map((l) => `  ${l.servicio}: ${l.falta}`),
];
