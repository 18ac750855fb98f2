import type { Context } from 'hono';
import type { RegistroEmpresaBody } from '@shared/schemas/auth.js';
import { MSG } from '@shared/schemas/messages.js';
import { identity } from '../../adapters/identity.js';
import { isValidSignUpKey } from '../../adapters/signup-key.js';
import { AppError } from '../../errors.js';

/**
 * `POST /registro` (docs/spec/01.md section 7): a company's admin signs up. The authorization key is
 * checked here, before anything reaches the user pool, so without it every address gets the same
 * answer (Cognito would tell an existing address apart before any check of ours; docs/decisions/0010).
 * Then Cognito's SignUp, with a proof only the API can make: Cognito e-mails the code, and the console
 * confirms it as before.
 */
export async function registrarEmpresa(c: Context, _caller: null, body: RegistroEmpresaBody) {
  const { claveAutorizacion, ...datos } = body;
  if (!(await isValidSignUpKey(claveAutorizacion))) throw new AppError(400, 'clave-incorrecta', MSG.claveIncorrecta);
  await identity.signUpEmpresa(datos);
  return c.json({ email: datos.email, confirmado: false }, 201);
}
