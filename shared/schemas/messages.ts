/** Spanish messages from the spec, verbatim, shared by the API and the console. */
export const MSG = {
  emailRequerido: 'El correo electrónico es requerido',
  emailInvalido: 'Ingresa un correo electrónico válido',
  passwordRequerida: 'La contraseña es requerida',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  passwordCaracteres: 'La contraseña no puede empezar ni terminar con espacios ni contener caracteres de control',
  /** Beyond the spec: Cognito's six-digit codes. */
  codigo: 'Ingresa el código de 6 dígitos que enviamos a tu correo',
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
  ocupado: 'Otra solicitud está cambiando estos datos en este momento. Inténtalo de nuevo en unos segundos.',
  interno: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  /** The console's own: the API could not be reached at all. */
  sinConexion: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  /** The console's own: no answer within 70 s (docs/spec/01.md section 7; section 8's deadline-exceeded). */
  tiempoAgotado: 'El servidor tardó demasiado en responder. Inténtalo de nuevo en unos minutos.',
  usuarioSinEmpresa: 'Tu usuario no está asociado a ninguna empresa.',
  perfilIncompleto: 'Completa tu perfil y sube una foto corporativa para usar esta sección.',
  soloAdminEmpresa: 'Solo un administrador puede cambiar los datos de la empresa.',
  jsonInvalido: 'El cuerpo de la solicitud no es un JSON válido.',
  /** Beyond the spec: what the server answers before the app sees the request (scripts/local/stack.ts). */
  encabezadosGrandes: 'La solicitud es demasiado grande: su dirección o sus encabezados superan el límite.',
  solicitudLenta: 'La solicitud tardó demasiado en llegar. Inténtalo de nuevo.',
  solicitudMalFormada: 'La solicitud no es válida.',
  soloJson: 'El cuerpo de la solicitud debe enviarse como JSON (Content-Type: application/json).',
  cuerpoGrande: 'La solicitud es demasiado grande.',
  cuentaDesactivada: 'Tu cuenta está desactivada. Comunícate con el administrador de tu empresa.',
  conductorSinConsola: 'Las cuentas de conductor usan la aplicación de conductores, no esta consola.',
} as const;

/** Beyond the spec: quotas per hour and per day (shared/domain/cuotas.ts); `cuando` is 'en 23 minutos'. */
export const CUOTA_MSG = {
  subidasUsuario: (cuando: string) => `Subiste el máximo de archivos permitido por ahora. Podrás subir más ${cuando}.`,
  subidasEmpresa: (cuando: string) => `Tu empresa subió el máximo de archivos permitido por ahora. Podrán subir más ${cuando}.`,
  subidasApp: (cuando: string) => `La app alcanzó el máximo de archivos permitido por ahora. Intenta de nuevo ${cuando}.`,
  escriturasApp: (cuando: string) => `La app alcanzó el máximo de solicitudes permitido por ahora. Intenta de nuevo ${cuando}.`,
  codigosCorreo: (cuando: string) => `Pediste varios códigos seguidos. Podrás pedir otro ${cuando}.`,
  registrosPersonal: (cuando: string) => `Tu empresa registró el máximo de usuarios permitido por ahora. Podrás registrar más ${cuando}.`,
} as const;

/** Uploads beyond the profile's (docs/spec/02.md sections 4.3, 4.4 and 5.3 where it words them). */
export const UPLOAD_MSG = {
  fuecGrande: 'El FUEC excede el tamaño máximo de 2MB',
  fuecTipo: 'El FUEC debe ser un archivo PDF, JPG o PNG',
  cotizacionGrande: 'El PDF de cotización excede el tamaño máximo de 2MB',
  cotizacionTipo: 'Por favor seleccione un archivo PDF',
  noDisponible: 'Este tipo de archivo todavía no se puede subir.',
  archivoNoSubido: 'No se pudo subir el archivo. Intenta de nuevo.',
  /** Beyond the spec: one upload checked as many times as a ticket allows (REVISIONES_POR_TICKET). */
  revisionesAgotadas: (veces: number) => `Este archivo ya se revisó ${veces} veces. Súbelo de nuevo para revisarlo otra vez.`,
  /** Beyond the spec: a PDF cut off (or not a PDF behind its header), which no reader could open. */
  pdfIncompleto: (nombre: string) => `El PDF ${nombre} está incompleto o dañado. Descárgalo o genéralo de nuevo y vuelve a subirlo.`,
} as const;

/** docs/spec/01.md sections 5 and 8: profile, internal registration and photos. */
export const PERFIL_MSG = {
  nombres: 'El nombre es requerido',
  apellidos: 'Los apellidos son requeridos',
  email: 'El correo es requerido',
  movil: 'El teléfono móvil es requerido',
  empresa: 'La empresa es requerida',
  cuenta: 'El número de cuenta es requerido',
  tipocuenta: 'El tipo de cuenta es requerido',
  banco: 'El banco es requerido',
  titular: 'El nombre del titular es requerido',
  rut: 'El RUT o cédula es requerido',
  rutFormato: 'El RUT o cédula solo lleva números, puntos y el guion del dígito de verificación (ej. 900123456-7)',
  incompleto: 'Por favor, complete todos los campos requeridos',
  sinDatos: 'No se pudo obtener los datos del usuario',
  errorCarga: 'Error al cargar los datos del perfil',
  errorActualizar: 'Error al actualizar el perfil',
  actualizado: 'Perfil actualizado con éxito',
  fotoPerfilActualizada: 'Foto de perfil actualizada con éxito',
  logoActualizado: 'Logo de la empresa actualizado con éxito',
  fotosActualizadas: 'Fotos corporativas actualizadas con éxito',
  fotoPerfilGrande: 'La foto de perfil es demasiado grande. El tamaño máximo es 1MB',
  logoGrande: 'El logo es demasiado grande. El tamaño máximo es 1MB',
  maxFotos: 'Solo puedes seleccionar hasta 5 fotos',
  minFotos: 'Debes seleccionar al menos una foto',
  fotoNoSubida: 'No se pudo subir la foto. Intenta de nuevo.',
  /** Beyond the spec's English drop-zone texts: the same rules, in Spanish. */
  fotoCorporativaGrande: 'La foto es demasiado grande. El tamaño máximo es 2MB',
  tipoImagen: 'El archivo debe ser una imagen JPEG, PNG, GIF o WebP',
  errorFotos: 'Error al subir las fotos: ',
} as const;

/**
 * To the owner of an address another company tried to register as its staff (docs/decisions/0009): no
 * account was made; the company was told what it is told for a new address, so it learns nothing.
 */
export const CORREO_REGISTRO_AJENO = {
  subject: 'Intentaron registrar tu correo en otra empresa',
  body: (empresa: string) =>
    `Hola:\n\n${empresa} intentó registrar este correo como usuario de su Panel de Control. Tu correo ya tiene una cuenta en la plataforma, así que no se creó otra y tu cuenta no cambió.\n\nSi vas a trabajar con ${empresa}, pídele que te registre con otro correo. Si no sabes de qué se trata, puedes ignorar este mensaje.\n`,
};

/** The verification code of a new account (docs/decisions/0010): sent by the API, not by Cognito. */
export const CORREO_CODIGO = {
  subject: 'Tu código de verificación',
  body: (codigo: string) =>
    `Hola:\n\nTu código de verificación para el Panel de Control es ${codigo}. Escríbelo en la pantalla "Verifica tu correo", que se abre al crear la cuenta o al iniciar sesión con ella, para activar tu cuenta. Vence en 24 horas.\n\nSi no creaste una cuenta, puedes ignorar este mensaje.\n`,
};

/**
 * A staff member's invitation (docs/decisions/0011): the link that validates the account with the
 * password the admin chose. The company's name says who registered them.
 */
export const CORREO_INVITACION = {
  subject: 'Valida tu cuenta del Panel de Control',
  body: (empresa: string, enlace: string, dias: number) =>
    `Hola:\n\n${empresa} te registró como usuario de su Panel de Control. Para activar tu cuenta, abre este enlace y escribe la contraseña que te dio quien te registró:\n\n${enlace}\n\nEl enlace vence en ${dias} días. Si no trabajas con ${empresa}, puedes ignorar este mensaje.\n`,
};

/** The invitation link's screen (docs/decisions/0011). */
export const INVITACION_MSG = {
  invalida: 'Este enlace ya no sirve: venció, ya se usó o está incompleto. Si ya validaste tu cuenta, inicia sesión; si no, pide a quien te registró que te registre de nuevo.',
  sinEnlace: 'Para validar tu cuenta, abre el enlace del correo que te llegó cuando te registraron.',
  contrasena: (quedan: number) =>
    quedan > 0
      ? `Esa no es la contraseña que te dio quien te registró. ${quedan === 1 ? 'Te queda 1 intento' : `Te quedan ${quedan} intentos`}.`
      : 'Esa no es la contraseña que te dio quien te registró, y el enlace ya no admite más intentos. Pide que te registren de nuevo.',
  contrasenaRequerida: 'Escribe la contraseña que te dio quien te registró',
  cuentaExiste: 'Este correo ya tiene una cuenta en la plataforma. Inicia sesión con ella, o pide que te registren con otro correo.',
  validada: 'Tu cuenta quedó validada. Ya puedes iniciar sesión.',
} as const;

export const REGISTRO_MSG = {
  email: 'Un email válido es requerido',
  emailsNoCoinciden: 'Los emails no coinciden',
  password: 'Contraseña requerida (mínimo 6 caracteres)',
  passwordsNoCoinciden: 'Las contraseñas no coinciden',
  exito:
    'Usuario creado correctamente. Indica al usuario que revise la bandeja de entrada de su correo y valide la cuenta para tener acceso al Panel de Control',
  exitoRegistro: 'Usuario creado correctamente. Por favor, revisa tu correo electrónico para verificar tu cuenta.',
  soloAdmin: 'Solo un administrador de la empresa puede registrar usuarios.',
  yaExiste: 'Ya existe una cuenta con este correo electrónico.',
  /** `POST /usuarios`: the address is the company's already, as a user or as a live invitation (docs/decisions/0011). */
  yaEnEmpresa: 'Este correo ya está registrado en tu empresa: tiene una cuenta o una invitación pendiente.',
  /** Beyond the spec: the verification code (docs/decisions/0010). An unknown address reads the same. */
  codigoIncorrecto: 'El código de verificación no es correcto.',
  codigoVencido: 'El código de verificación expiró o se intentó demasiadas veces. Solicita uno nuevo.',
} as const;

export const RECUPERAR_MSG = {
  exito: 'Hemos enviado instrucciones a tu correo para que puedas cambiar tu contraseña',
  error: 'Ocurrió un error al enviar el correo. Por favor, inténtalo de nuevo.',
} as const;

/**
 * The corporate gallery one photo at a time, and digits-only phone and account numbers (docs/spec/02.md
 * section 5.3 words the 10-digit rule; the rest is beyond the spec).
 */
export const GALERIA_MSG = {
  fotoQuitada: 'Foto corporativa quitada de la galería',
  fotoNoEncontrada: 'Esa foto ya no está en la galería. Recarga la página para ver la galería actual.',
  fotoRequerida: 'Indica la foto que quieres quitar',
  modo: 'Indica si agregas fotos o reemplazas la galería',
  galeriaOcupada: 'Otra persona está cambiando la galería. Inténtalo de nuevo.',
} as const;

export const DIGITOS_MSG = {
  telefonoCorto: 'El número de teléfono debe tener al menos 10 dígitos',
  cuentaCorta: 'El número de cuenta debe tener al menos 10 dígitos',
  soloDigitos: 'Escribe solo números, sin espacios, puntos ni guiones',
  maximo: (max: number) => `Máximo ${max} dígitos`,
  /** docs/spec/02.md section 5.3, for the RUT of the profile and of the vehicle alike (shared/schemas/rut.ts). */
  rutCorto: 'El RUT debe tener al menos 6 dígitos',
} as const;
