/**
 * Ops: makes a marketplace-staff (`plataforma`) console user. Never reachable by sign-up.
 * Usage: USER_POOL_ID=... TABLE_USUARIOS=... AWS_REGION=... npm run create-platform-user -- \
 *          --email ana@marketplace.co --nombres Ana --apellidos Ruiz --password '...'
 * Locally add COGNITO_ENDPOINT and DYNAMODB_ENDPOINT (see README).
 */
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { MSG } from '@shared/schemas/messages.js';
import { emailSchema, newPasswordSchema } from '@shared/schemas/auth.js';
import { createConsoleUser } from './lib/console-users.js';
import { opsClients } from './lib/ops-clients.js';

const deps = opsClients();
const { values } = parseArgs({
  options: { email: { type: 'string' }, nombres: { type: 'string' }, apellidos: { type: 'string' }, password: { type: 'string' } },
});
const args = z
  .object({
    email: emailSchema,
    nombres: z.string().min(1, 'Falta --nombres'),
    apellidos: z.string().min(1, 'Falta --apellidos'),
    password: newPasswordSchema(MSG.passwordMin),
  })
  .parse(values);

const usuario = await createConsoleUser(deps, { ...args, role: 'plataforma', perfil: true });
console.log(`Usuario de plataforma listo: ${usuario.email} (${usuario.id})`);
