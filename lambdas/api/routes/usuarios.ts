import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { INITIAL_RATING } from '@shared/constants.js';
import { usuarioSchema } from '@shared/schemas/empresa.js';
import type { RegistroInterno } from '@shared/schemas/profile.js';
import { CORREO_REGISTRO_AJENO } from '@shared/schemas/messages.js';
import { correo } from '../../adapters/correo.js';
import { abrirCuenta } from '../cuentas.js';
import { gastarCuota } from '../cuotas.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { AppError } from '../../errors.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import type { CompanyCaller } from '../caller.js';

/**
 * `POST /usuarios`: internal registration of a staff user in the caller's company. The record waits
 * as 'pendiente' until the e-mail is confirmed; a daily sweep expires it (and frees the e-mail) after
 * `STAFF_CONFIRMATION_DAYS`. An address already registered in the company is a 409; one with an
 * account anywhere else gets the answer a new address gets (docs/decisions/0009).
 */
export async function registrarUsuario(c: Context, caller: CompanyCaller, { email, password }: RegistroInterno) {
  // A few a day: each registration of an address elsewhere tells its owner, and probes would be many.
  await gastarCuota([['registrosPersonal', caller.empresaId]]);
  // The account, the record 'pendiente' and the code (docs/decisions/0010): the record is written
  // before the code goes out, so a staff member who confirms at once finds it.
  const sub = await abrirCuenta({ email, password }, (id) => ({ email, sub: id, tipo: 'staff', empresaId: caller.empresaId }), (id) => crearRegistro(caller, id, email)).catch(async (err: unknown) => {
    if (!(err instanceof AppError && err.status === 409) || (await usuarioRepository.enEmpresa(caller.empresaId, email))) throw err;
    // An address with an account outside the company: answered as a new one, and its owner told
    // (docs/decisions/0009), so no company learns which addresses have accounts elsewhere.
    const empresa = (await empresaRepository.getCached(caller.empresaId))?.empresa || 'Una empresa';
    await correo.enviar({ to: email, subject: CORREO_REGISTRO_AJENO.subject, body: CORREO_REGISTRO_AJENO.body(empresa) });
    return null;
  });
  if (!sub) return c.json({ id: randomUUID(), email }, 201);
  return c.json({ id: sub, email }, 201);
}

const crearRegistro = (caller: CompanyCaller, id: string, email: string) =>
  usuarioRepository.create(
    usuarioSchema.parse({ id, empresaId: caller.empresaId, email, role: 'user', rating: INITIAL_RATING, perfil: false, confirmacion: 'pendiente', creadoEn: new Date().toISOString() }),
  );
