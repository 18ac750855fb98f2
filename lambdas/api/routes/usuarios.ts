import type { Context } from 'hono';
import type { RegistroInterno } from '@shared/schemas/profile.js';
import { gastarCuota } from '../cuotas.js';
import { invitarPersonal } from '../invitaciones.js';
import type { CompanyCaller } from '../caller.js';

/**
 * `POST /usuarios`: internal registration of a staff user in the caller's company, as an invitation
 * the staff member validates from the e-mail's link (docs/decisions/0011). An address already the
 * company's is a 409; any other gets the same 201, whether or not it has an account elsewhere.
 */
export async function registrarUsuario(c: Context, caller: CompanyCaller, { email, password }: RegistroInterno) {
  // A few a day: each registration e-mails its address, and probes would be many.
  await gastarCuota([['registrosPersonal', caller.empresaId]]);
  return c.json(await invitarPersonal(caller.empresaId, email, password), 201);
}
