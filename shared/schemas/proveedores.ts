import { LISTA_IDS, TIPOS_PROVEEDOR, type TipoProveedor } from '../domain/proveedores.js';
import { digitsText } from './digits.js';
import { DIGITOS_MSG } from './messages.js';
import { historialSchema } from './historial.js';
import { BANCOS, TIPOS_CUENTA } from './profile.js';
import { cleanText, EMAIL_MAX, requiredText } from './text.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';

/**
 * The provider validation panel's texts (docs/spec/01.md sections 2 and 8; the refusals are beyond the spec).
 * Apart from messages.ts so the sign-in page's first load does not carry them.
 */
export const PROVEEDOR_MSG = {
  noEncontrado: 'No encontramos ese proveedor.',
  listaInvalida: 'Esa lista de proveedores no existe.',
  noAplica: (accion: string) => `Este proveedor no admite '${accion}' en su estado actual.`,
  yaValidado: 'Este proveedor ya está validado.',
  bienvenidaYaEnviada: 'El correo de bienvenida ya fue enviado a este proveedor.',
  correoNoEnviado: 'No se pudo enviar el correo de bienvenida. Intenta de nuevo.',
  validadoConductor: 'Conductor validado',
  validadoGuia: 'Guía validado',
  bienvenidaEnviada: 'Correo de bienvenida enviado',
  motivoRequerido: 'Escribe el motivo de la suspensión',
  yaSuspendido: 'Este proveedor ya está suspendido.',
  noSuspendido: 'Este proveedor no está suspendido.',
  suspendido: 'Proveedor suspendido',
  reactivado: 'Proveedor reactivado',
  nombreRequerido: 'El nombre es requerido',
  correoRequerido: 'El correo es requerido',
  correoInvalido: 'Ingresa un correo electrónico válido',
  telefonoRequerido: 'El teléfono es requerido',
  archivoRepetido: 'El mismo archivo no puede ir en dos documentos',
  suspendidoNoValida: 'El proveedor está suspendido: reactívalo antes de validarlo.',
  idEnUso: 'Ese identificador ya está en uso por otro proveedor.',
  empresaRequerida: 'La empresa es requerida',
  direccionRequerida: 'La dirección es requerida',
  versionRequerida: 'Abre el detalle del proveedor antes de validarlo.',
  cambioAlGuardar: 'El proveedor cambió mientras se guardaba. Intenta de nuevo.',
  cambioAlGuardarConArchivos: 'El proveedor cambió mientras se guardaba. Sube de nuevo sus archivos (cada carga se usa una sola vez) e intenta otra vez.',
  cambioEnRevision: 'Los datos de este proveedor cambiaron mientras los revisabas. Revisa el detalle actualizado y vuelve a validar.',
} as const;

/** The files a provider app sends with a guide's or an operator's profile: upload ids by slot. */
export const ARCHIVOS_GUIA = ['foto', 'rnt', 'rut', 'cedula'] as const;
export const ARCHIVOS_OPERADOR = ['foto'] as const;
export const ARCHIVO_TEXTO: Record<(typeof ARCHIVOS_GUIA)[number], string> = { foto: 'Foto', rnt: 'Registro Nacional de Turismo (RNT)', rut: 'RUT', cedula: 'Cédula' };

/** How a provider's trail names the data its app changed ('Datos cambiados: correo, teléfono, foto'). */
const DATO_TEXTO: Record<string, string> = {
  nombre: 'nombre', email: 'correo', telefono: 'teléfono', direccion: 'dirección', empresa: 'empresa', rnt: 'RNT', rut: 'RUT',
  banco: 'banco', tipocuenta: 'tipo de cuenta', cuenta: 'número de cuenta', titular: 'titular',
  foto: 'foto', cedula: 'documento de la cédula',
};
/** The data an update from a provider's app changes, as the trail names it ('' when none): fields whose value differs, then files sent. */
export const datosCambiados = (nuevo: Record<string, unknown>, antes: Record<string, unknown>, archivos: readonly string[]): string =>
  [
    ...Object.keys(nuevo).filter((k) => k in DATO_TEXTO && nuevo[k] !== (antes[k] ?? '')).map((k) => DATO_TEXTO[k]!),
    ...archivos.map((a) => (a === 'rnt' || a === 'rut' ? `documento del ${DATO_TEXTO[a]}` : (DATO_TEXTO[a] ?? a))),
  ].join(', ');

const texto = (mensaje: string, max?: number) => requiredText(mensaje, max);
const opcional = (max = 120) => cleanText(max).default('');
const correo = z
  .string({ error: PROVEEDOR_MSG.correoRequerido })
  .trim()
  .min(1, { error: PROVEEDOR_MSG.correoRequerido, abort: true })
  .max(EMAIL_MAX, PROVEEDOR_MSG.correoInvalido)
  .pipe(z.email(PROVEEDOR_MSG.correoInvalido))
  .transform((e) => e.toLowerCase());
const telefono = digitsText(10, PROVEEDOR_MSG.telefonoRequerido, DIGITOS_MSG.telefonoCorto);
const opcionalDe = <T extends readonly [string, ...string[]]>(valores: T) => z.union([z.enum(valores, { error: 'Valor no válido' }), z.literal('')]).default('');

/**
 * `PUT /integracion/proveedores/guias/{id}`: the guide app registers or updates a guide (docs/product.md,
 * integration endpoints). Blank profile fields are allowed at first: a guide without them is "new".
 */
export const guiaPerfilSchema = z.object({
  nombre: texto(PROVEEDOR_MSG.nombreRequerido),
  email: correo,
  telefono,
  direccion: opcional(),
  rnt: opcional(30),
  rut: opcional(30),
  banco: opcionalDe(BANCOS),
  tipocuenta: opcionalDe(TIPOS_CUENTA),
  cuenta: z.union([digitsText(10, 'El número de cuenta es requerido', DIGITOS_MSG.cuentaCorta), z.literal('')]).default(''),
  titular: opcional(),
  archivos: z.partialRecord(z.enum(ARCHIVOS_GUIA), uploadId).default({}),
});
export type GuiaPerfil = z.output<typeof guiaPerfilSchema>;

/** `PUT /integracion/proveedores/operadores/{id}`: the operator app registers or updates a tour operator. */
export const operadorPerfilSchema = z.object({
  nombre: texto(PROVEEDOR_MSG.nombreRequerido),
  email: correo,
  telefono,
  // An operator always has its profile: new until staff welcome it, then active (docs/spec/01.md section 4).
  empresa: texto(PROVEEDOR_MSG.empresaRequerida),
  direccion: texto(PROVEEDOR_MSG.direccionRequerida),
  archivos: z.partialRecord(z.enum(ARCHIVOS_OPERADOR), uploadId).default({}),
});
export type OperadorPerfil = z.output<typeof operadorPerfilSchema>;

/**
 * A guide's profile is complete (and it waits for validation) when every field the marketplace pays
 * and checks it by is there, with its RNT, RUT and cédula documents.
 */
export const perfilGuiaCompleto = (g: Omit<GuiaPerfil, 'archivos'>, documentos: Partial<Record<(typeof ARCHIVOS_GUIA)[number], string>>): boolean =>
  [g.direccion, g.rnt, g.rut, g.banco, g.tipocuenta, g.cuenta, g.titular].every((v) => v !== '') && (['rnt', 'rut', 'cedula'] as const).every((d) => !!documentos[d]);

const comunes = {
  id: z.string(),
  nombre: z.string(),
  email: z.string(),
  telefono: z.string(),
  direccion: z.string().default(''),
  /** Storage key of the photo; '' when there is none (the console shows the default picture). */
  imagen: z.string().default(''),
  rating: z.number().default(5),
  perfil: z.boolean().default(false),
  suspendido: z.boolean().default(false),
  motivoSuspension: z.string().optional(),
  /** When the welcome e-mail went out (marketplace staff send it once). */
  bienvenidaEnviada: z.iso.datetime().optional(),
  fechaCreacion: z.iso.datetime(),
  actualizado: z.iso.datetime().optional(),
};

/** A tour guide as stored (docs/spec/01.md section 3: guias), in the `proveedores` table. */
export const guiaSchema = z.object({
  ...comunes,
  tipo: z.literal('guia'),
  rnt: z.string().default(''),
  rut: z.string().default(''),
  banco: z.string().default(''),
  tipocuenta: z.string().default(''),
  cuenta: z.string().default(''),
  titular: z.string().default(''),
  validado: z.boolean().default(false),
  documentosGuia: z.boolean().default(false),
  documentos: z.partialRecord(z.enum(ARCHIVOS_GUIA), z.string()).default({}),
});
export type Guia = z.infer<typeof guiaSchema>;

/** A tour operator as stored (docs/spec/01.md section 3: usuarios), in the `proveedores` table. */
export const operadorSchema = z.object({
  ...comunes,
  tipo: z.literal('operador'),
  empresa: z.string().default(''),
  nuevo: z.boolean().default(true),
});
export type Operador = z.infer<typeof operadorSchema>;
export const proveedorRegistroSchema = z.discriminatedUnion('tipo', [guiaSchema, operadorSchema]);

export const tipoProveedorSchema = z.enum(TIPOS_PROVEEDOR, { error: PROVEEDOR_MSG.noEncontrado });
export const listaIdSchema = z.enum(LISTA_IDS, { error: PROVEEDOR_MSG.listaInvalida });

/** A row of a provider list: what the table, its filter and the CSV need, whatever the kind. */
export const proveedorFilaSchema = z.object({
  tipo: z.enum(TIPOS_PROVEEDOR),
  id: z.string(),
  nombre: z.string(),
  email: z.string(),
  telefono: z.string(),
  rating: z.number(),
  /** Drivers: trips carried (a provider without any has no rating yet, whatever `rating` holds). */
  viajesRealizados: z.number().optional(),
  fechaCreacion: z.string(),
  suspendido: z.boolean(),
  /** Drivers: the vehicle and its company; operators: their company; guides: their RNT. */
  placas: z.string().optional(),
  vehiculo: z.string().optional(),
  empresa: z.string().optional(),
  rnt: z.string().optional(),
  ciudad: z.string().optional(),
  /** When staff sent the welcome e-mail (a new driver or guide stays new after it): the list says so. */
  bienvenidaEnviada: z.string().optional(),
});
export type ProveedorFila = z.infer<typeof proveedorFilaSchema>;

/** `GET /plataforma/proveedores/listas/{lista}`: one page, newest first; `cursor` asks for the next. */
export const proveedoresPaginaSchema = z.object({ items: z.array(proveedorFilaSchema), cursor: z.string().nullable() });
export type ProveedoresPagina = z.infer<typeof proveedoresPaginaSchema>;

/** `GET /plataforma/proveedores/resumen`: the count of every list (maintained counters). */
export const proveedoresResumenSchema = z.object({ conteos: z.record(listaIdSchema, z.number().int()) });
export type ProveedoresResumen = z.infer<typeof proveedoresResumenSchema>;

/** `GET /plataforma/proveedores/{tipo}/{id}`: the detail modal. */
export const proveedorDetalleSchema = z.object({
  fila: proveedorFilaSchema,
  lista: listaIdSchema.nullable(),
  imagenUrl: z.string().nullable(),
  /** Key data as label and value, in the order the modal shows them. */
  datos: z.array(z.object({ etiqueta: z.string(), valor: z.string() })),
  /** `foto`: an image (the console shows it as one); otherwise a document, PDF or image, served inline. */
  documentos: z.array(z.object({ nombre: z.string(), url: z.string(), foto: z.boolean().optional() })),
  viajesRealizados: z.number().optional(),
  motivoSuspension: z.string().optional(),
  /** Which edit of the record this is: validating sends it back, so staff validate what they saw. */
  version: z.string(),
  historial: z.array(historialSchema),
});
export type ProveedorDetalle = z.infer<typeof proveedorDetalleSchema>;

/** `POST /plataforma/proveedores/{tipo}/{id}/validar`: the detail's `version` staff looked at. */
export const validacionBodySchema = z.object({ version: z.string({ error: PROVEEDOR_MSG.versionRequerida }).max(200, { error: PROVEEDOR_MSG.versionRequerida }) });
export type ValidacionBody = z.infer<typeof validacionBodySchema>;

/** `POST /plataforma/proveedores/{tipo}/{id}/suspension`: suspend with a reason, or reactivate. */
export const suspensionBodySchema = z.discriminatedUnion(
  'suspendido',
  [
    z.object({ suspendido: z.literal(true), motivo: requiredText(PROVEEDOR_MSG.motivoRequerido, 300) }),
    z.object({ suspendido: z.literal(false), motivo: cleanText(300).optional() }),
  ],
  { error: 'Indica si el proveedor queda suspendido (true) o activo (false)' },
);
export type SuspensionBody = z.infer<typeof suspensionBodySchema>;

/** The subject of a provider's audit trail (the trail's table is keyed by subject). */
export const sujetoProveedor = (tipo: TipoProveedor, id: string): string => `${tipo}#${id}`;

/** The welcome e-mails marketplace staff send (docs/spec/01.md section 2; the spec's app only navigated). */
export const CORREO_BIENVENIDA: Record<TipoProveedor, { subject: string; body: (nombre: string) => string }> = {
  conductor: {
    subject: 'Bienvenido a TransAliadas: sube las fotos y documentos de tu vehículo',
    body: (nombre) =>
      `Hola ${nombre}:\n\nYa estás registrado como conductor en TransAliadas. Para validar tu vehículo, entra a la aplicación de conductores y sube las fotos del vehículo (frente, lateral, interior, perspectiva y tablero) y sus documentos (licencia de conducción, RUT, SOAT y tarjeta de propiedad).\n\nCuando los revisemos te avisaremos.\n\nEquipo TransAliadas`,
  },
  guia: {
    subject: 'Bienvenido a TransAliadas: completa tu perfil de guía',
    body: (nombre) =>
      `Hola ${nombre}:\n\nYa estás registrado como guía de turismo en TransAliadas. Para validarte, entra a la aplicación de guías, completa tu perfil y sube tu Registro Nacional de Turismo (RNT), tu RUT y tu cédula.\n\nCuando los revisemos te avisaremos.\n\nEquipo TransAliadas`,
  },
  operador: {
    subject: 'Bienvenido a TransAliadas',
    body: (nombre) =>
      `Hola ${nombre}:\n\nRevisamos tu registro como operador turístico en TransAliadas y tu cuenta ya está activa. Desde la aplicación de operadores puedes publicar tus solicitudes de transporte y recibir ofertas de las empresas aliadas.\n\nEquipo TransAliadas`,
  },
};
