import type { Context } from 'hono';
import { INITIAL_RATING } from '@shared/constants.js';
import { usuarioSchema } from '@shared/schemas/empresa.js';
import type { RegistroInterno } from '@shared/schemas/profile.js';
import { identity } from '../../adapters/identity.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import type { CompanyCaller } from '../caller.js';

/**
 * `POST /usuarios`: internal registration of a staff user in the caller's company. The record waits
 * as 'pendiente' until the e-mail is confirmed; a daily sweep expires it (and frees the e-mail) after
 * `STAFF_CONFIRMATION_DAYS`.
 */
export async function registrarUsuario(c: Context, caller: CompanyCaller, { email, password }: RegistroInterno) {
  const sub = await identity.signUpStaff({ email, password });
  try {
    await usuarioRepository.create(
      usuarioSchema.parse({
        id: sub,
        empresaId: caller.empresaId,
        email,
        role: 'user',
        rating: INITIAL_RATING,
        perfil: false,
        confirmacion: 'pendiente',
        creadoEn: new Date().toISOString(),
      }),
    );
  } catch (err) {
    await identity.deleteUser(email);
    throw err;
  }
  return c.json({ id: sub, email }, 201);
}
