import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO } from '../domain/uploads.js';
import { esFechaValida, hoyEnBogota } from '../domain/vencimientos.js';
import { digitsText } from './digits.js';
import { cuentaCambiadaSchema } from './pagos.js';
import { DIGITOS_MSG, MSG } from './messages.js';
import { VEHICULO_MSG } from './messages-flota.js';
import { BANCOS, TIPOS_CUENTA } from './profile.js';
import { vehicleTypeSchema, VEHICLE_TYPES } from './service.js';
import { optionalText, requiredText, TEXT_MSG } from './text.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';

export { VEHICLE_TYPES };
export type FotoVehiculo = (typeof FOTOS_VEHICULO)[number];
export type DocumentoVehiculo = (typeof DOCUMENTOS_VEHICULO)[number];

/** The photo and document slots as people read them, in the spec's order (docs/spec/02.md section 5.2). */
export const FOTO_LABELS: Record<FotoVehiculo, string> = { frente: 'Frente', lateral: 'Lateral', interior: 'Interior', perspectiva: 'Perspectiva', tablero: 'Tablero' };
export const DOCUMENTO_LABELS: Record<DocumentoVehiculo, string> = {
  licenciaConducir: 'Licencia de conducción',
  rut: 'RUT',
  soat: 'SOAT',
  tarjetaPropiedad: 'Tarjeta de propiedad',
};

/** docs/spec/02.md section 3.5: the cities a vehicle's driver lives in (not the profile's list). */
export const CIUDADES_VEHICULO = ['Armenia', 'Bogota', 'Buenaventura', 'Buga', 'Cali', 'Cartagena', 'Manizales', 'Medellin', 'Palmira', 'Pasto', 'Pereira', 'Popayan'] as const;

/** The characteristics checkboxes (docs/spec/02.md section 3.3), with their labels. */
export const AMENIDADES = {
  aire: 'Aire acondicionado',
  wifi: 'WiFi',
  tv: 'Televisor',
  usb: 'Puertos USB',
  sillasreclinables: 'Sillas reclinables',
  sillasestandard: 'Sillas estándar',
  bodega: 'Bodega para equipaje',
  parrilla: 'Parrilla',
  portabicicletas: 'Portabicicletas',
  bilingue: 'Conductor bilingüe',
} as const;
export type Amenidad = keyof typeof AMENIDADES;
export const AMENIDAD_KEYS = Object.keys(AMENIDADES) as Amenidad[];

/** Every field's name as people read it: labels in the forms, `{field}` in 'El campo {field} es requerido'. */
export const VEHICULO_CAMPOS = {
  placas: 'Placas',
  marca: 'Marca',
  modelo: 'Modelo',
  tipo: 'Tipo de vehículo',
  capacidad: 'Capacidad',
  color: 'Color',
  numeroInterno: 'Número interno',
  nombre: 'Nombre del conductor',
  cedula: 'Cédula',
  email: 'Correo del conductor',
  telefono: 'Teléfono',
  direccion: 'Dirección',
  ciudad: 'Ciudad',
  licenciaDeConducir: 'Licencia de conducción',
  vencimientoLicenciaDeConducir: 'Vencimiento de la licencia',
  propietario: 'Propietario',
  licencia: 'Tarjeta de propiedad',
  soat: 'SOAT',
  fechasoat: 'Vencimiento del SOAT',
  numeroRevisionTecnica: 'Revisión técnico-mecánica',
  vencimientoRevisionTecnica: 'Vencimiento de la revisión técnica',
  tarjetaOperacion: 'Tarjeta de operación',
  vencimientoTarjetaOperacion: 'Vencimiento de la tarjeta de operación',
  banco: 'Banco',
  tipocuenta: 'Tipo de cuenta',
  cuenta: 'Número de cuenta',
  titular: 'Titular de la cuenta',
  rut: 'RUT',
} as const;
type Campo = keyof typeof VEHICULO_CAMPOS;
const COGNITO_USERNAME_MAX = 128;
const req = (campo: Campo) => VEHICULO_MSG.requerido(VEHICULO_CAMPOS[campo]);
const texto = (campo: Campo) => requiredText(req(campo));

/** docs/spec/02.md section 5.3: these dates must lie in the future when set (how each message names it). */
export const FECHAS_FUTURAS = {
  fechasoat: 'del SOAT',
  vencimientoRevisionTecnica: 'de la revisión técnica',
  vencimientoTarjetaOperacion: 'de la tarjeta de operación',
} as const;
type FechaFutura = keyof typeof FECHAS_FUTURAS;

/** Fixed once the vehicle exists (docs/spec/02.md section 2.7): shown read-only, refused by the API. */
export const SOLO_LECTURA = ['placas', 'marca', 'modelo', 'tipo', 'capacidad', 'color', 'email', 'licencia'] as const;

/** Plates as stored and shown: upper case, without the spaces or hyphen people type ("abc-123" is ABC123). */
export const normalizarPlacas = (placas: string): string => placas.replace(/[\s-]+/g, '').toUpperCase();

const placasSchema = z
  .string({ error: req('placas') })
  .transform(normalizarPlacas)
  .pipe(
    z
      .string()
      .min(1, { error: req('placas'), abort: true })
      .length(6, { error: VEHICULO_MSG.placas, abort: true })
      .regex(/^[A-Z0-9]{6}$/, VEHICULO_MSG.placasCaracteres),
  );

/** A calendar date 'YYYY-MM-DD' (what a date input gives), checked to exist. */
const fecha = (campo: Campo) =>
  z
    .string({ error: req(campo) })
    .trim()
    .min(1, { error: req(campo), abort: true })
    .refine(esFechaValida, VEHICULO_MSG.fechaInvalida);

/** A number typed in a text box or sent as a number; blank is "missing". */
const capacidadSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z.number({ error: req('capacidad') }).int(VEHICULO_MSG.capacidad).min(1, VEHICULO_MSG.capacidad).max(50, VEHICULO_MSG.capacidad),
);

/** New files for the photo and document slots: upload tickets from `POST /uploads`, by slot. */
const archivosNuevos = {
  fotos: z.partialRecord(z.enum(FOTOS_VEHICULO), uploadId).default({}),
  documentos: z.partialRecord(z.enum(DOCUMENTOS_VEHICULO), uploadId).default({}),
};

const amenidades = Object.fromEntries(AMENIDAD_KEYS.map((k) => [k, z.boolean({ error: 'Valor no válido' }).default(false)])) as Record<
  Amenidad,
  z.ZodDefault<z.ZodBoolean>
>;

/** docs/spec/02.md section 5.3: a date that must lie after today (Bogotá), checked on its own field as it is typed. */
const fechaFutura = (campo: FechaFutura) =>
  fecha(campo).refine((v) => v > hoyEnBogota(), VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS[campo]));

/** The fields a person fills in and may later change (all but the read-only ones). */
const editables = {
  numeroInterno: texto('numeroInterno'),
  nombre: texto('nombre'),
  cedula: digitsText(1, req('cedula'), req('cedula')),
  telefono: digitsText(10, req('telefono'), DIGITOS_MSG.telefonoCorto),
  direccion: texto('direccion'),
  ciudad: z.enum(CIUDADES_VEHICULO, { error: req('ciudad') }),
  licenciaDeConducir: texto('licenciaDeConducir'),
  vencimientoLicenciaDeConducir: fecha('vencimientoLicenciaDeConducir'),
  propietario: texto('propietario'),
  soat: texto('soat'),
  fechasoat: fecha('fechasoat'),
  numeroRevisionTecnica: texto('numeroRevisionTecnica'),
  vencimientoRevisionTecnica: fecha('vencimientoRevisionTecnica'),
  // Beyond the spec's list: its expiry is required, and the FUEC carries its number.
  tarjetaOperacion: texto('tarjetaOperacion'),
  vencimientoTarjetaOperacion: fecha('vencimientoTarjetaOperacion'),
  banco: z.enum(BANCOS, { error: req('banco') }),
  tipocuenta: z.enum(TIPOS_CUENTA, { error: req('tipocuenta') }),
  cuenta: digitsText(10, req('cuenta'), DIGITOS_MSG.cuentaCorta),
  titular: texto('titular'),
  rut: digitsText(6, req('rut'), VEHICULO_MSG.rut),
  ...amenidades,
};

/** Set at creation, then read-only. */
const fijos = {
  placas: placasSchema,
  marca: texto('marca'),
  // A year from 1950 to next year's models (sold from the middle of the year before); empty is the required message's.
  modelo: texto('modelo').refine((v) => v === '' || (/^\d{4}$/.test(v) && Number(v) >= 1950 && Number(v) <= new Date().getFullYear() + 1), { error: VEHICULO_MSG.modelo }),
  tipo: z.enum(VEHICLE_TYPES, { error: req('tipo') }),
  capacidad: capacidadSchema,
  color: optionalText(''),
  email: z
    .string({ error: req('email') })
    .trim()
    .min(1, { error: req('email'), abort: true })
    // Cognito's limit for a user name (the driver's e-mail is its user name).
    .max(COGNITO_USERNAME_MAX, TEXT_MSG.maximo(COGNITO_USERNAME_MAX))
    .pipe(z.email(MSG.emailInvalido))
    .transform((e) => e.toLowerCase()),
  licencia: texto('licencia'),
};

/**
 * The dates of docs/spec/02.md section 5.3 that lie in the past (today counts as past), as form issues.
 * On an edit only the dates that changed are checked: a vehicle whose SOAT lapsed can still have its
 * phone corrected, and the expiry warnings say what to renew.
 */
function fechasNoFuturas(
  values: Partial<Record<FechaFutura, string>>,
  anterior?: Partial<Record<FechaFutura, string>>,
  hoy = hoyEnBogota(),
): { path: [FechaFutura]; message: string }[] {
  return (Object.keys(FECHAS_FUTURAS) as FechaFutura[])
    .filter((campo) => {
      const valor = values[campo];
      return valor && esFechaValida(valor) && valor !== anterior?.[campo] && valor <= hoy;
    })
    .map((campo) => ({ path: [campo], message: VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS[campo]) }));
}

/**
 * The expiry dates that come with a document of the vehicle's files (the SOAT, the driving licence):
 * on an edit a later date is taken only with the new document, so a date is never pushed on without
 * what proves it (offers and assignment trust these dates).
 */
export const FECHAS_CON_DOCUMENTO = { fechasoat: 'soat', vencimientoLicenciaDeConducir: 'licenciaConducir' } as const;
type FechaConDocumento = keyof typeof FECHAS_CON_DOCUMENTO;

/** An edit's later expiry dates without their new document, as field errors. */
function fechasSinDocumento(
  values: Partial<Record<FechaConDocumento, string>>,
  anterior: Partial<Record<FechaConDocumento, string>>,
  nuevos: Partial<Record<(typeof DOCUMENTOS_VEHICULO)[number], unknown>>,
  hoy = hoyEnBogota(),
): { path: [FechaConDocumento]; message: string }[] {
  return (Object.keys(FECHAS_CON_DOCUMENTO) as FechaConDocumento[])
    .filter((campo) => {
      const valor = values[campo];
      const antes = anterior[campo];
      // A date already past is refused as such (fechasNoFuturas), not for its document.
      return valor && esFechaValida(valor) && valor > hoy && (!antes || valor > antes) && !nuevos[FECHAS_CON_DOCUMENTO[campo]];
    })
    .map((campo) => ({ path: [campo], message: VEHICULO_MSG.documentoParaFecha[campo] }));
}

/**
 * An edit's date problems, as field errors: a changed date not in the future, a later SOAT or licence
 * expiry without its new document. The form checks them for comfort, the API for real.
 */
export const problemasDeFechas = (
  values: Partial<Record<FechaFutura | FechaConDocumento, string>>,
  anterior: Partial<Record<FechaFutura | FechaConDocumento, string>>,
  documentosNuevos: Partial<Record<(typeof DOCUMENTOS_VEHICULO)[number], unknown>>,
) => [...fechasNoFuturas(values, anterior), ...fechasSinDocumento(values, anterior, documentosNuevos)];

/** `POST /vehiculos` and the add form (docs/spec/02.md section 5.3). */
export const vehiculoNuevoSchema = z.object({
  ...fijos,
  ...editables,
  fechasoat: fechaFutura('fechasoat'),
  vencimientoRevisionTecnica: fechaFutura('vencimientoRevisionTecnica'),
  vencimientoTarjetaOperacion: fechaFutura('vencimientoTarjetaOperacion'),
  terminos: z.literal(true, { error: VEHICULO_MSG.terminos }),
  ...archivosNuevos,
});
export type VehiculoNuevoInput = z.input<typeof vehiculoNuevoSchema>;
export type VehiculoNuevo = z.output<typeof vehiculoNuevoSchema>;

/**
 * `PUT /vehiculos/{id}` and the edit form: the changeable fields (the route refuses read-only ones).
 * A characteristic left out keeps its stored value (the console always sends all of them).
 */
export const vehiculoEdicionSchema = z.object({
  ...editables,
  ...(Object.fromEntries(AMENIDAD_KEYS.map((k) => [k, z.boolean({ error: 'Valor no válido' }).optional()])) as Record<Amenidad, z.ZodOptional<z.ZodBoolean>>),
  ...archivosNuevos,
});
export type VehiculoEdicionInput = z.input<typeof vehiculoEdicionSchema>;
export type VehiculoEdicion = z.output<typeof vehiculoEdicionSchema>;

/** Storage keys of the photo and document slots; '' is an empty slot. */
const slots = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.string().default('')])) as Record<K, z.ZodDefault<z.ZodString>>);
export const fotosSchema = slots(FOTOS_VEHICULO);
export const documentosSchema = slots(DOCUMENTOS_VEHICULO);

/** Vehicle with its driver as stored (docs/spec/02.md section 3.3: conductores), keyed by its own id. */
export const vehiculoSchema = z.object({
  id: z.string(),
  /** Spec: the last 6 characters of the id. */
  codigo: z.string(),
  /** The owning company's id: every read and write is scoped by it. */
  empresaAliada: z.string(),
  /** The affiliating company's name as shown on documents. */
  empresa: z.string(),
  placas: z.string().length(6),
  marca: z.string(),
  modelo: z.string(),
  tipo: vehicleTypeSchema,
  capacidad: z.number().int().min(1).max(50),
  color: z.string().default(''),
  numeroInterno: z.string().default(''),
  nombre: z.string(),
  cedula: z.string().default(''),
  email: z.string(),
  telefono: z.string(),
  direccion: z.string().default(''),
  ciudad: z.string().default(''),
  licenciaDeConducir: z.string().default(''),
  vencimientoLicenciaDeConducir: z.string().default(''),
  propietario: z.string().default(''),
  licencia: z.string().default(''),
  soat: z.string().default(''),
  fechasoat: z.string().default(''),
  numeroRevisionTecnica: z.string().default(''),
  vencimientoRevisionTecnica: z.string().default(''),
  tarjetaOperacion: z.string().default(''),
  vencimientoTarjetaOperacion: z.string().default(''),
  banco: z.string().default(''),
  tipocuenta: z.string().default(''),
  cuenta: z.string().default(''),
  titular: z.string().default(''),
  rut: z.string().default(''),
  ...Object.fromEntries(AMENIDAD_KEYS.map((k) => [k, z.boolean().default(false)])) as Record<Amenidad, z.ZodDefault<z.ZodBoolean>>,
  fotos: fotosSchema.default({ frente: '', lateral: '', interior: '', perspectiva: '', tablero: '' }),
  documentos: documentosSchema.default({ licenciaConducir: '', rut: '', soat: '', tarjetaPropiedad: '' }),
  /** Spec 4.5: 'Validado' or 'No validado'; the spec's string 'true' is normalised. */
  validado: z.preprocess((v) => v === true || v === 'true', z.boolean()),
  fotosVehiculo: z.boolean().default(true),
  documentosVehiculo: z.boolean().default(true),
  perfil: z.boolean().default(true),
  terminos: z.boolean().default(true),
  suspendido: z.boolean().default(false),
  /** Why marketplace staff suspended the driver (provider panel). */
  motivoSuspension: z.string().optional(),
  /** The last edit that changed the bank data: payout forms point it out (`cuentaCambiadaHace`). */
  cuentaCambiada: cuentaCambiadaSchema.optional(),
  /** When the company last sent the driver's invitation again (the first went with the vehicle's creation). */
  invitacionEn: z.iso.datetime().optional(),
  /** How many times it was sent again on the day `dia` (Bogotá): at most REENVIOS_INVITACION_DIA. */
  reenviosInvitacion: z.object({ dia: z.string(), n: z.number().int().nonnegative() }).optional(),
  /** When marketplace staff sent the welcome e-mail asking for photos and documents. */
  bienvenidaEnviada: z.iso.datetime().optional(),
  conected: z.boolean().default(false),
  rating: z.number(),
  viajesRealizados: z.number().int().nonnegative(),
  /** Who brought the vehicle to the marketplace: another vehicle's id, or 'plataforma' (docs/spec/01.md section 9). */
  referidoPor: z.string().optional(),
  /** Whether the referrer's commission was paid (once the vehicle made its 30 trips). */
  comisionPagadaAReferente: z.boolean().default(false),
  comisionesAcumuladas: z.number().default(0),
  comisionesTotalesPagadas: z.number().default(0),
  /** The driver's last reported position (driver app), shown while a trip of it is under way. */
  latitud: z.number().optional(),
  longitud: z.number().optional(),
  velocidad: z.number().nullable().optional(),
  posicionEn: z.iso.datetime().optional(),
  /** Assignments made so far: each one moves it, so two at once for one vehicle cannot both win (service-repository `asignar`). */
  asignaciones: z.number().int().nonnegative().optional(),
  /**
   * Its trips departing from DIAS_RESERVAS_PASADAS days ago on, written with `asignaciones`. Read
   * consistently, it names the trips assigned in the last moments, which the company's index of
   * services may not show yet.
   */
  agenda: z.array(z.object({ servicioId: z.string(), fechaSalida: z.string(), fechaRegreso: z.string().nullable() })).optional(),
  /** The driver's account (Cognito sub), made with the vehicle. */
  conductorId: z.string().optional(),
  fechaCreacion: z.iso.datetime(),
  /** The company's last edit. */
  updatedAt: z.iso.datetime().optional(),
  /** Marketplace staff's last move of the driver (validation, suspension: proveedor-repository.ts). */
  actualizado: z.iso.datetime().optional(),
});
export type Vehiculo = z.infer<typeof vehiculoSchema>;

/** A row of the fleet list: what the table, the filter and the expiry warnings need. */
export const VEHICULO_RESUMEN_CAMPOS = [
  'id', 'codigo', 'placas', 'marca', 'modelo', 'tipo', 'capacidad', 'validado', 'suspendido', 'nombre',
  'fechasoat', 'vencimientoRevisionTecnica', 'vencimientoTarjetaOperacion', 'vencimientoLicenciaDeConducir',
] as const satisfies readonly (keyof Vehiculo)[];
export const vehiculoResumenSchema = vehiculoSchema.pick(
  Object.fromEntries(VEHICULO_RESUMEN_CAMPOS.map((c) => [c, true])) as { [K in (typeof VEHICULO_RESUMEN_CAMPOS)[number]]: true },
);
export type VehiculoResumen = z.infer<typeof vehiculoResumenSchema>;
/** `GET /vehiculos`. */
export const vehiculosResponseSchema = z.object({ items: z.array(vehiculoResumenSchema) });

const urls = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.string().nullable()])) as Record<K, z.ZodNullable<z.ZodString>>);
/** `GET /vehiculos/{id}` and an edit's answer: the record plus short-lived URLs of its photos and documents (null when empty). */
export const vehiculoDetalleSchema = z.object({
  vehiculo: vehiculoSchema,
  archivos: z.object({ fotos: urls(FOTOS_VEHICULO), documentos: urls(DOCUMENTOS_VEHICULO) }),
  /** The driver's account: 'pendiente' until the first sign-in with the invitation's temporary password; null when it could not be read. */
  cuentaConductor: z.enum(['pendiente', 'activa', 'desactivada', 'sin-cuenta']).nullable(),
});
export type VehiculoDetalle = z.infer<typeof vehiculoDetalleSchema>;

/** docs/spec/02.md: the vehicle code is the last 6 characters of its id. */
export const vehicleCode = (id: string): string => id.slice(-6);
