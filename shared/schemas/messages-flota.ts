import { DIGITOS_MSG } from './messages.js';
import { INVITACION_DIAS, REENVIO_INVITACION_MINUTOS, REENVIOS_INVITACION_DIA } from '../constants.js';

/**
 * Fleet (docs/spec/02.md sections 2.7, 5.2, 5.3, 6 and 8), verbatim where the spec words them. Apart from
 * messages.ts, which the sign-in page's first load carries: these are only the fleet's and the map's.
 */
export const VEHICULO_MSG = {
  requerido: (campo: string) => `El campo ${campo} es requerido`,
  placas: 'Las placas deben tener exactamente 6 caracteres',
  placasCaracteres: 'Las placas solo pueden tener letras y números',
  placaRegistrada: 'Esta placa ya está registrada en el sistema. Por favor ingrese otra placa.',
  placaDuplicada: (placas: string) => `Ya existe un vehículo con las placas: ${placas}`,
  rut: DIGITOS_MSG.rutCorto,
  /** Beyond the spec (which only requires it): in Colombia a vehicle's "modelo" is its year. */
  modelo: 'El modelo es el año del vehículo, con cuatro dígitos (por ejemplo 2022)',
  capacidad: 'La capacidad debe estar entre 1 y 50 personas',
  fechaFutura: (documento: string) => `La fecha ${documento} debe ser una fecha futura`,
  /** Beyond the spec: a later expiry needs the document that proves it. */
  documentoParaFecha: {
    fechasoat: 'Para extender el vencimiento del SOAT, sube también el SOAT nuevo en Documentos.',
    vencimientoLicenciaDeConducir: 'Para extender el vencimiento de la licencia, sube también la licencia de conducción nueva en Documentos.',
  },
  fechaInvalida: 'Ingresa una fecha válida',
  terminos: 'Debes aceptar los términos y condiciones',
  sinSesion: 'Debes iniciar sesión para crear un vehículo.',
  soloAdmin: 'Necesitas tener el rol de administrador para crear un vehículo.',
  incompleto: 'Por favor, completa todos los campos requeridos',
  completaEdicion: 'Por favor, completa todos los campos que debas cambiar',
  errorCrear: 'Ocurrió un error al crear el vehículo',
  noCreado: (detalle: string) => `No se pudo crear el vehículo: ${detalle}`,
  errorCarga: 'Error al cargar los vehículos',
  creado: 'Vehículo creado exitosamente',
  actualizado: 'Vehículo actualizado exitosamente',
  /** 'Modificar' with nothing changed: it said 'actualizado' for a save that changed nothing. */
  sinCambios: 'No cambiaste ningún dato ni archivo del vehículo: no hay nada que guardar.',
  archivosAgregados: (n: number) => `Se agregaron ${n} archivo(s) correctamente`,
  /** Beyond the spec. */
  soloLectura: (campo: string) => `El campo ${campo} no se puede modificar`,
  noEncontrado: 'No encontramos ese vehículo en tu flota.',
  /** Several edits of one vehicle saved at the same moment, over and over (`PUT /vehiculos/{id}`). */
  edicionConcurrente: 'Otra persona está guardando este vehículo al mismo tiempo. Vuelve a abrirlo, revisa sus datos y guarda de nuevo.',
  /** Over the bank fields of the edit form: a change is stamped and pointed out to whoever pays (`cuentaCambiada`). */
  cambioDeCuenta: 'Un cambio de cuenta queda registrado con la fecha y quién lo hizo, y la plataforma lo verá al registrar los pagos a esta cuenta.',
  /** Beyond the spec: the payouts go to this account, so, like the company's own bank data, only an admin changes it. */
  soloAdminCuenta: 'Solo un administrador de la empresa puede cambiar la cuenta de pago del conductor.',
  correoConductorEnUso: 'Ya existe una cuenta con el correo del conductor. Usa otro correo.',
  archivosConVehiculo: 'Las fotos y documentos del vehículo se guardan con el formulario del vehículo.',
  archivoRepetido: 'El mismo archivo no puede ocupar dos espacios.',
  /** Beyond the spec: the driver's invitation sent again (`POST /vehiculos/{id}/invitacion`). */
  invitacionReenviada: (email: string) => `Reenviamos la invitación a ${email}, con una contraseña temporal nueva válida por ${INVITACION_DIAS} días; la anterior ya no sirve.`,
  invitacionLimiteDiario: `Ya reenviamos la invitación ${REENVIOS_INVITACION_DIA} veces hoy, el máximo por día. Pide al conductor que revise su correo, también la carpeta de correo no deseado, y que confirme la dirección; mañana podrás reenviarla de nuevo.`,
  invitacionReciente: `Ya reenviamos la invitación hace menos de ${REENVIO_INVITACION_MINUTOS} minutos. Pide al conductor que revise su correo, también la carpeta de correo no deseado.`,
  cuentaConductorActiva: 'El conductor ya activó su cuenta: no necesita otra invitación. Si olvidó su contraseña, puede recuperarla desde la aplicación.',
  sinCuentaConductor: 'El conductor de este vehículo no tiene una cuenta a la que reenviar la invitación.',
  cuentaConductorDesactivada: 'La cuenta del conductor está desactivada: no se le envían invitaciones.',
} as const;
