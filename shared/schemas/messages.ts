/** Spanish messages from the spec, verbatim, shared by the API and the console. */
export const MSG = {
  emailRequerido: 'El correo electrónico es requerido',
  emailInvalido: 'Ingresa un correo electrónico válido',
  passwordRequerida: 'La contraseña es requerida',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  nombresRequeridos: 'Los nombres son requeridos',
  apellidosRequeridos: 'Los apellidos son requeridos',
  empresaRequerida: 'El nombre de la empresa es requerido',
  puestoRequerido: 'Por favor selecciona un puesto',
  claveIncorrecta: 'Clave de autorización incorrecta',
  verificaCorreo: 'Por favor verifica tu correo',
  completaPerfil: 'Completa tu perfil',
  bienvenido: 'Bienvenido !!',
} as const;

/** API answers that the spec does not word; kept here so the console can show the same text. */
export const API_MSG = {
  noAutenticado: 'Debes iniciar sesión para continuar.',
  sesionInvalida: 'Tu sesión no es válida o expiró. Inicia sesión de nuevo.',
  sinPermiso: 'No tienes permiso para realizar esta acción.',
  noEncontrado: 'No encontramos el recurso solicitado.',
  datosInvalidos: 'Los datos enviados no son válidos.',
  conflicto: 'La operación entra en conflicto con el estado actual.',
  interno: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  usuarioSinEmpresa: 'Tu usuario no está asociado a ninguna empresa.',
} as const;
