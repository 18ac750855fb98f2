import { CIUDAD_VALORES } from '../domain/etiquetas.js';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO } from '../domain/uploads.js';
import { cuentaCambiadaSchema } from './pagos.js';
import { vehicleTypeSchema, VEHICLE_TYPES } from './service.js';
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

/** The cities a vehicle's driver lives in: the profile's list too, one list (shared/domain/etiquetas.ts, docs/decisions/0012). */
export const CIUDADES_VEHICULO = CIUDAD_VALORES;

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

export type Campo = keyof typeof VEHICULO_CAMPOS;

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

/** What the expiry alerts' job reads of a vehicle (docs/decisions/0015): its dates, its driver, its trips, the alerts sent. */
export const vehiculoConAvisoSchema = vehiculoSchema
  .pick({ id: true, empresaAliada: true, placas: true, nombre: true, email: true, agenda: true, fechasoat: true, vencimientoRevisionTecnica: true, vencimientoTarjetaOperacion: true, vencimientoLicenciaDeConducir: true })
  .extend({ avisosEnviados: z.array(z.string()).default([]), proximoAviso: z.string() });
export type VehiculoConAviso = z.infer<typeof vehiculoConAvisoSchema>;

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

/** `GET /vehiculos/placas/{placas}`: whether the plate is free in the company (checked while typing). */
export const placaDisponibleSchema = z.object({ placas: z.string(), disponible: z.boolean() });

/** `POST /vehiculos/{id}/invitacion`: when the driver's invitation went out again, and what to tell the user. */
export const invitacionSchema = z.object({ invitacionEn: z.string(), mensaje: z.string() });
