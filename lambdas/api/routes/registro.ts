import type { Context } from 'hono';
import type { RegistroEmpresaBody, ValidarInvitacionBody } from '@shared/schemas/auth.js';
import { MSG } from '@shared/schemas/messages.js';
import { isValidSignUpKey } from '../../adapters/signup-key.js';
import { AppError } from '../../errors.js';
import { abrirCuenta, confirmarCuenta, reenviarCodigo } from '../cuentas.js';
import { gastarCuota } from '../cuotas.js';
import { validarInvitacion as validar } from '../invitaciones.js';
import type { AuthEnv } from '../middleware/auth.js';

/**
 * A company's sign-up (docs/spec/01.md section 7; docs/decisions/0010): the form with the
 * authorization key (public), then the e-mail's code and a new code (the account's own session).
 */

/**
 * `POST /registro`: the key is checked before anything reaches the user pool, so without it every
 * address gets the same answer; with it the account is made and the code e-mailed (an address with an
 * account is told so: a key holder is an allied company).
 */
export async function registrarEmpresa(c: Context, _caller: null, body: RegistroEmpresaBody) {
  const { claveAutorizacion, ...datos } = body;
  if (!(await isValidSignUpKey(claveAutorizacion))) throw new AppError(400, 'clave-incorrecta', MSG.claveIncorrecta);
  const { password, ...registro } = datos;
  await abrirCuenta({ email: datos.email, password, nombres: datos.nombres, apellidos: datos.apellidos }, (sub) => ({ email: datos.email, sub, tipo: 'empresa', registro }));
  return c.json({ email: datos.email, confirmado: false }, 201);
}

/**
 * `POST /registro/confirmar`: the e-mail's code, for the account of the session (only its password
 * signs it in, so nobody else can spend its tries); the company's admin founds the company.
 */
export async function confirmarRegistro(c: Context<AuthEnv>, _caller: null, { codigo }: { codigo: string }) {
  const { email, sub } = c.var.cuenta;
  await confirmarCuenta(email, sub, codigo);
  return c.json({ email, confirmado: true });
}

/** `POST /registro/codigo`: a new code for the session's account when it waits for one (204 either way), a few an hour. */
export async function pedirCodigo(c: Context<AuthEnv>) {
  const { email, sub } = c.var.cuenta;
  await gastarCuota([['codigosCorreo', email]]);
  await reenviarCodigo(email, sub);
  return c.body(null, 204);
}

/** `POST /registro/invitacion`: a staff invitation's link and the admin's password make the account (docs/decisions/0011). */
export async function validarInvitacion(c: Context, _caller: null, body: ValidarInvitacionBody) {
  await validar(body);
  return c.json({ email: body.correo });
}
