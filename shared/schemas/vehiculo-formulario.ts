import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO } from '../domain/uploads.js';
import { esFechaValida, hoyEnBogota } from '../domain/vencimientos.js';
import { digitsText } from './digits.js';
import { DIGITOS_MSG, MSG } from './messages.js';
import { VEHICULO_MSG } from './messages-flota.js';
import { BANCOS, TIPOS_CUENTA } from './profile.js';
import { rutSchema } from './rut.js';
import { VEHICLE_TYPES } from './service.js';
import { optionalText, requiredText, TEXT_MSG } from './text.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';
import { type Amenidad, AMENIDAD_KEYS, type Campo, CIUDADES_VEHICULO, VEHICULO_CAMPOS } from './vehiculo.js';

/** The vehicle form's rules, for the console and the API alike (docs/spec/02.md sections 5.2 and 5.3): the new vehicle's body, the edit's, and their dates. */

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
  // The profile's rule too: digits and the check digit's hyphen, stored without dots (rut.ts).
  rut: rutSchema(req('rut')),
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
