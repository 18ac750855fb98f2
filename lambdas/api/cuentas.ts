import { randomInt } from 'node:crypto';
import { INITIAL_RATING } from '@shared/constants.js';
import { empresaSchema, usuarioSchema, type Usuario } from '@shared/schemas/empresa.js';
import { CORREO_CODIGO, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { correo } from '../adapters/correo.js';
import { identity } from '../adapters/identity.js';
import { cambios } from '../data/cambios.js';
import { empresaRepository } from '../data/empresa-repository.js';
import { registroRepository, type Pendiente, type RegistroItem } from '../data/registro-repository.js';
import { usuarioRepository } from '../data/usuario-repository.js';
import { AppError } from '../errors.js';

/**
 * New console accounts (docs/decisions/0010): the API makes them with Cognito's admin API, e-mails a
 * code of its own, and confirms it: only the API creates accounts, so Cognito's SignUp (which tells an
 * existing address apart before any check) is closed on the pool.
 */

const nuevoCodigo = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const enviarCodigo = (email: string, codigo: string) => correo.enviar({ to: email, subject: CORREO_CODIGO.subject, body: CORREO_CODIGO.body(codigo), code: codigo });

/**
 * Makes the account (its e-mail unverified), keeps what waits for the code and e-mails it. A 409
 * when the address has an account. Nothing is left half-made: a failure after the account deletes it.
 */
export async function abrirCuenta(
  datos: { email: string; password: string; nombres?: string; apellidos?: string },
  espera: (sub: string) => Pendiente,
): Promise<string> {
  const sub = await identity.crearCuenta(datos).catch(async (err: unknown) => {
    if (!(err instanceof AppError && err.status === 409) || !(await sinTerminar(datos.email))) throw err;
    // A sign-up never confirmed (its code lost or expired, the address still unverified and without a
    // record): this one replaces it, so an address is never held by a sign-up nobody finished.
    await identity.deleteUser(datos.email);
    await registroRepository.borrar(datos.email);
    return identity.crearCuenta(datos);
  });
  try {
    const codigo = nuevoCodigo();
    await registroRepository.guardar(espera(sub), codigo);
    await enviarCodigo(datos.email, codigo);
    return sub;
  } catch (err) {
    await identity.deleteUser(datos.email).catch(() => undefined);
    await registroRepository.borrar(datos.email).catch(() => undefined);
    throw err;
  }
}

/** An account made but never confirmed: unverified e-mail and no user record. */
async function sinTerminar(email: string): Promise<boolean> {
  const cuenta = await identity.cuenta(email);
  return !!cuenta?.sub && !cuenta.verificada && !(await usuarioRepository.get(cuenta.sub));
}

/** A new code for the session's account when it waits for one; nothing (and no sign of it) for any other. */
export async function reenviarCodigo(email: string, sub: string): Promise<void> {
  const codigo = nuevoCodigo();
  const espera = await registroRepository.nuevoCodigo(email, sub, codigo);
  if (espera) await enviarCodigo(email, codigo);
}

/**
 * The e-mail's code: a company's new admin founds the company (spec: rating 5, perfil false, role
 * admin, from the data checked at sign-up); then the e-mail is verified and the account joins its
 * group. A wrong code and an unknown address read alike.
 */
export async function confirmarCuenta(email: string, sub: string, codigo: string): Promise<void> {
  const espera = await registroRepository.comprobar(email, sub, codigo);
  if (espera === 'incorrecto') throw new AppError(400, 'codigo-incorrecto', REGISTRO_MSG.codigoIncorrecto);
  if (espera === 'vencido') throw new AppError(400, 'codigo-vencido', REGISTRO_MSG.codigoVencido);
  const usuario = await fundarEmpresa(espera);
  await identity.verificarCorreo(espera.email, espera.sub, usuario.role);
}

/** The company and its admin, in one transaction with the removal of the sign-up's data (a repeated confirmation finds the record made). */
async function fundarEmpresa(espera: RegistroItem): Promise<Usuario> {
  const hecho = await usuarioRepository.get(espera.sub);
  if (hecho) return hecho;
  const now = new Date().toISOString();
  const { registro } = espera;
  const empresa = empresaSchema.parse({ id: espera.sub, empresa: registro.empresa, creadoEn: now });
  const usuario = usuarioSchema.parse({
    id: espera.sub,
    empresaId: empresa.id,
    email: registro.email,
    nombres: registro.nombres,
    apellidos: registro.apellidos,
    puesto: registro.puesto,
    role: 'admin',
    rating: INITIAL_RATING,
    perfil: false,
    // The expiry alerts start on; the profile turns them off (docs/decisions/0015).
    avisos: empresa.id,
    creadoEn: now,
  });
  try {
    await empresaRepository.createWithFirstUser(empresa, usuario, registroRepository.deleteCommand(registro.email));
  } catch (err) {
    // Two confirmations at once (a double click): the one that lost finds the company the other made.
    const hecho = (err as Error).name === 'TransactionCanceledException' ? await usuarioRepository.get(espera.sub) : null;
    if (!hecho) throw err;
    return hecho;
  }
  // A container that looked before the code answered "no record": it reads it now.
  await cambios.anunciar({ tipo: 'usuario', id: usuario.id });
  return usuario;
}
