import * as z from './zod-es.js';
import { newPasswordSchema } from './auth.js';
import { digitsText } from './digits.js';
import { BANCOS, CIUDAD_VALORES, TIPOS_CUENTA } from '../domain/etiquetas.js';
import { DIGITOS_MSG, PERFIL_MSG, REGISTRO_MSG } from './messages.js';
import { rutSchema } from './rut.js';
import { puestoSchema } from './empresa.js';
import { EMAIL_MAX, EMPRESA_MAX, optionalText, PASSWORD_MAX, requiredText, TEXT_MSG } from './text.js';

/** Profile option lists (docs/spec/01.md section 3): one list of cities and banks, with their labels (shared/domain/etiquetas.ts). */
export { BANCOS, CIUDADES, departamentoDe, TIPOS_CUENTA } from '../domain/etiquetas.js';

/** The personal part of the profile: every console user edits their own. */
export const perfilPersonalSchema = z.object({
  nombres: requiredText(PERFIL_MSG.nombres),
  apellidos: requiredText(PERFIL_MSG.apellidos),
  movil: digitsText(10, PERFIL_MSG.movil, DIGITOS_MSG.telefonoCorto),
  puesto: puestoSchema.optional(),
});

/** The company part: only the company's admins change it. */
export const perfilEmpresaSchema = z.object({
  empresa: requiredText(PERFIL_MSG.empresa, EMPRESA_MAX),
  ciudad: z.union([z.enum(CIUDAD_VALORES), z.literal('')], { error: 'Selecciona una ciudad de la lista' }).default(''),
  departamento: optionalText('Valle del Cauca'),
  pais: optionalText('Colombia'),
  direccion: optionalText(''),
  banco: z.enum(BANCOS, { error: PERFIL_MSG.banco }),
  tipocuenta: z.enum(TIPOS_CUENTA, { error: PERFIL_MSG.tipocuenta }),
  cuenta: digitsText(10, PERFIL_MSG.cuenta, DIGITOS_MSG.cuentaCorta),
  titular: requiredText(PERFIL_MSG.titular),
  rut: rutSchema(PERFIL_MSG.rut),
});

/** `PUT /perfil`: the whole form (spec: all ten required fields). The e-mail is read-only and not sent. */
export const perfilSchema = perfilPersonalSchema.extend(perfilEmpresaSchema.shape);
export type PerfilInput = z.input<typeof perfilSchema>;

/**
 * What `PUT /perfil` accepts from anyone: the personal part, plus the company part when sent (the
 * console sends the whole form; each field is checked, and the route decides who may change it).
 */
export const perfilBodySchema = perfilPersonalSchema.extend(perfilEmpresaSchema.partial().shape);
export type PerfilBody = z.output<typeof perfilBodySchema>;

/** A refinement's guard: the two fields were given as text, whatever their own checks said of them. */
const sonTextos =
  (...campos: string[]) =>
  ({ value }: { value: unknown }) =>
    campos.every((c) => typeof (value as Record<string, unknown> | undefined)?.[c] === 'string');
const mismoCorreo = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** `POST /usuarios`: internal registration (docs/spec/01.md section 5). */
export const registroInternoSchema = z
  .object({
    email: z.string({ error: REGISTRO_MSG.email }).trim().max(EMAIL_MAX, TEXT_MSG.maximo(EMAIL_MAX)).pipe(z.email(REGISTRO_MSG.email)).transform((e) => e.toLowerCase()),
    verifyEmail: z.string({ error: REGISTRO_MSG.emailsNoCoinciden }).trim().max(EMAIL_MAX, TEXT_MSG.maximo(EMAIL_MAX)).transform((e) => e.toLowerCase()),
    password: newPasswordSchema(REGISTRO_MSG.password),
    verifyPassword: z.string({ error: REGISTRO_MSG.passwordsNoCoinciden }).max(PASSWORD_MAX, TEXT_MSG.maximo(PASSWORD_MAX)),
  })
  // Said with the fields' own messages, not after them (`when`): the form gave its problems in two rounds.
  // So the e-mails are compared as typed, trimmed and in lower case, as their fields keep them.
  .refine((v) => mismoCorreo(v.email, v.verifyEmail), { path: ['verifyEmail'], message: REGISTRO_MSG.emailsNoCoinciden, when: sonTextos('email', 'verifyEmail') })
  .refine((v) => v.password === v.verifyPassword, { path: ['verifyPassword'], message: REGISTRO_MSG.passwordsNoCoinciden, when: sonTextos('password', 'verifyPassword') });
export type RegistroInternoInput = z.input<typeof registroInternoSchema>;
export type RegistroInterno = z.output<typeof registroInternoSchema>;

/** `POST /usuarios`'s answer: the staff user registered. */
export const usuarioCreadoSchema = z.object({ id: z.string(), email: z.string() });

/** `PUT /perfil/avisos`: a company admin or marketplace staff turns the expiry alerts by e-mail on or off (docs/decisions/0015). */
export const avisosBodySchema = z.object({ activos: z.boolean() });
