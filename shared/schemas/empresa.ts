import * as z from './zod-es.js';
import { GROUPS, type Group } from '../constants.js';

export { PUESTOS, puestoSchema, type Puesto } from './puestos.js';

export const CORPORATE_PHOTO_SLOTS = 5;

/** Company (tenant) record. */
export const empresaSchema = z.object({
  id: z.string(),
  empresa: z.string(),
  ciudad: z.string().default(''),
  departamento: z.string().default('Valle del Cauca'),
  pais: z.string().default('Colombia'),
  direccion: z.string().default(''),
  banco: z.string().default(''),
  titular: z.string().default(''),
  rut: z.string().default(''),
  cuenta: z.string().default(''),
  tipocuenta: z.string().default(''),
  logo: z.string().nullable().default(null),
  /** Five slots of S3 keys; '' is an empty slot. */
  fotosCorporativas: z.array(z.string()).length(CORPORATE_PHOTO_SLOTS).default(['', '', '', '', '']),
  /** True once an admin saved the complete company profile. */
  perfil: z.boolean().default(false),
  rating: z.number().default(5),
  creadoEn: z.string(),
});
export type Empresa = z.infer<typeof empresaSchema>;

/** The company's payment data (account, holder, tax id): its admins' business alone. */
export const DATOS_BANCARIOS = ['banco', 'tipocuenta', 'cuenta', 'titular', 'rut'] as const;
const sinDatosBancarios = { banco: true, tipocuenta: true, cuenta: true, titular: true, rut: true } as const;

/**
 * The company as `GET /me` shows it: the payment data only to its admins (absent, not empty, for
 * staff, so no screen can mistake it for a blank account).
 */
export const empresaVistaSchema = empresaSchema.omit(sinDatosBancarios).extend({
  banco: z.string().optional(),
  tipocuenta: z.string().optional(),
  cuenta: z.string().optional(),
  titular: z.string().optional(),
  rut: z.string().optional(),
});
export type EmpresaVista = z.infer<typeof empresaVistaSchema>;

/** A user record's role is its Cognito group: company admin and staff, marketplace staff, driver. */
export type Role = Group;
export const COMPANY_ROLES = ['admin', 'user'] as const satisfies readonly Role[];

const usuarioBase = z.object({
  id: z.string(),
  email: z.string(),
  nombres: z.string().default(''),
  apellidos: z.string().default(''),
  puesto: z.string().default(''),
  movil: z.string().default(''),
  fotoPerfil: z.string().nullable().default(null),
  rating: z.number().default(5),
  perfil: z.boolean().default(false),
  /** False once ops disable the account: the API refuses it at once, not when its token expires. */
  activo: z.boolean().default(true),
  /**
   * 'pendiente' while a staff account made by internal registration is not confirmed; a sparse index
   * key, so the daily sweep finds the accounts to expire without reading the others.
   */
  confirmacion: z.literal('pendiente').optional(),
  /**
   * Who receives the expiry alerts (docs/decisions/0015): the company's id for its admins, 'plataforma'
   * for marketplace staff, absent once they turn them off in the profile (a sparse index key).
   */
  avisos: z.string().optional(),
  creadoEn: z.string(),
});

/**
 * User record (id = Cognito sub), by kind: company users point to their company, marketplace staff
 * have none, a driver points to the company and the vehicle it drives.
 */
export const usuarioSchema = z.discriminatedUnion('role', [
  usuarioBase.extend({ role: z.enum(COMPANY_ROLES), empresaId: z.string() }),
  usuarioBase.extend({ role: z.literal('plataforma') }),
  usuarioBase.extend({ role: z.literal('conductor'), empresaId: z.string(), vehiculoId: z.string() }),
]);
export type Usuario = z.infer<typeof usuarioSchema>;
export type UsuarioEmpresa = Extract<Usuario, { role: 'admin' | 'user' }>;

/** Short-lived presigned GET URLs of the stored images (objects are private). */
export const archivosSchema = z.object({
  fotoPerfil: z.string().nullable(),
  logo: z.string().nullable(),
  fotosCorporativas: z.array(z.string().nullable()),
});
export type Archivos = z.infer<typeof archivosSchema>;

/** `GET /me`: the caller, the caller's company (none for marketplace staff), and whether the gated menu entries are open. */
export const meResponseSchema = z.object({
  usuario: usuarioSchema,
  empresa: empresaVistaSchema.nullable(),
  groups: z.array(z.enum(GROUPS)),
  perfilCompleto: z.boolean(),
  archivos: archivosSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `GET /plataforma/empresas`: every company by name (marketplace staff's company filter). */
export const empresasListaSchema = z.object({ items: z.array(z.object({ id: z.string(), empresa: z.string() })) });
