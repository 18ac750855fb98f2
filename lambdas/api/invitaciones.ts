import { INITIAL_RATING, INVITACION_DIAS, VALIDAR_CUENTA_PATH } from '@shared/constants.js';
import type { ValidarInvitacionBody } from '@shared/schemas/auth.js';
import { usuarioSchema } from '@shared/schemas/empresa.js';
import { CORREO_INVITACION, CORREO_REGISTRO_AJENO, INVITACION_MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { correo } from '../adapters/correo.js';
import { identity } from '../adapters/identity.js';
import { config } from '../config.js';
import { empresaRepository } from '../data/empresa-repository.js';
import { INVITACION_INTENTOS, invitacionRepository } from '../data/invitacion-repository.js';
import { usuarioRepository } from '../data/usuario-repository.js';
import { AppError, conflict } from '../errors.js';

/**
 * Staff of a company (docs/decisions/0011): internal registration invites them; the account is made
 * only when they open the e-mail's link and type the password the admin chose. Until then nothing in
 * the user pool tells the admin anything: an address with an account elsewhere gets the same answer
 * as a new one, and the same 409 on a repeat, and the admin's password opens neither.
 */

/** The console's page the link opens; its fragment (never sent to a server by the browser) carries the token. */
export const enlaceInvitacion = (empresaId: string, email: string, token: string) =>
  `${config().allowedOrigins[0] ?? ''}${VALIDAR_CUENTA_PATH}#${new URLSearchParams({ empresa: empresaId, correo: email, t: token })}`;

/**
 * `POST /usuarios`'s work: 409 only when the address is already the company's (a user, or a live
 * invitation of its own); otherwise the answer is the same for any address, and the address's owner
 * is e-mailed either the link or, for an account elsewhere, a notice that no account was made.
 */
export async function invitarPersonal(empresaId: string, email: string, password: string): Promise<{ id: string; email: string }> {
  if (await usuarioRepository.enEmpresa(empresaId, email)) throw conflict(REGISTRO_MSG.yaEnEmpresa);
  const ajena = !!(await identity.cuenta(email));
  const token = invitacionRepository.nuevoToken();
  const invitacion = await invitacionRepository.crear(empresaId, email, password, ajena ? null : token);
  if (!invitacion) throw conflict(REGISTRO_MSG.yaEnEmpresa);
  const empresa = (await empresaRepository.getCached(empresaId))?.empresa || 'Una empresa';
  try {
    await correo.enviar(
      ajena
        ? { to: email, subject: CORREO_REGISTRO_AJENO.subject, body: CORREO_REGISTRO_AJENO.body(empresa) }
        : { to: email, subject: CORREO_INVITACION.subject, body: CORREO_INVITACION.body(empresa, enlaceInvitacion(empresaId, email, token), INVITACION_DIAS) },
    );
  } catch (err) {
    // Not sent: nothing held, so the admin can try again.
    await invitacionRepository.borrar(empresaId, email).catch(() => undefined);
    throw err;
  }
  return { id: invitacion.id, email: invitacion.email };
}

/**
 * `POST /registro/invitacion`: the link and the admin's password make the staff member's account,
 * verified and in the group `user`, and its record in the company, the invitation used up with it.
 */
export async function validarInvitacion({ empresa, correo: email, token, password }: ValidarInvitacionBody): Promise<void> {
  const inv = await invitacionRepository.usar(empresa, email, token);
  if (!inv) throw new AppError(400, 'invitacion-invalida', INVITACION_MSG.invalida);
  if (!(await invitacionRepository.contrasenaCorrecta(inv, password))) {
    throw new AppError(400, 'contrasena-incorrecta', INVITACION_MSG.contrasena(INVITACION_INTENTOS - inv.intentos));
  }
  // Made verified in one step: an unverified account without a record would look like an abandoned
  // sign-up, which a sign-up of the same address replaces (cuentas.ts, sinTerminar).
  const sub = await identity.crearCuenta({ email, password, verificada: true }).catch(async (err: unknown) => {
    // The address got an account meanwhile (its own sign-up, another company's invitation, or this
    // link's first click): the invitation is left to expire, so a first click still in flight ends well.
    if (err instanceof AppError && err.status === 409) throw new AppError(409, 'cuenta-existente', INVITACION_MSG.cuentaExiste);
    throw err;
  });
  try {
    await identity.agregarAGrupo(sub, 'user');
    const usuario = usuarioSchema.parse({ id: sub, empresaId: empresa, email, role: 'user', rating: INITIAL_RATING, perfil: false, creadoEn: new Date().toISOString() });
    await usuarioRepository.createFromInvitation(usuario, invitacionRepository.deleteCommand(empresa, email));
  } catch (err) {
    // No account is left without its record.
    await identity.deleteUser(email).catch(() => undefined);
    throw err;
  }
}
