/**
 * Ops: disables an account at once. The API refuses it on its next request (it checks the user
 * record's `activo`, through its per-container cache that the change log refreshes), Cognito refuses
 * new sign-ins and its refresh tokens are revoked.
 * Usage: USER_POOL_ID=... TABLE_USUARIOS=... TABLE_CAMBIOS=... AWS_REGION=... npm run disable-user -- --email ana@empresa.co
 * Locally add COGNITO_ENDPOINT and DYNAMODB_ENDPOINT (see README).
 */
import { AdminDisableUserCommand, AdminGetUserCommand, AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { parseArgs } from 'node:util';
import { emailSchema } from '@shared/schemas/auth.js';
import { setActivo } from './lib/cuentas.js';
import { opsClients } from './lib/ops-clients.js';

const { cognito, ddb, userPoolId, usuariosTable, cambiosTable } = opsClients();
const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = emailSchema.parse(values.email);

const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
if (!sub) throw new Error(`Cognito no devolvió el identificador de ${email}`);
// The record first: it is what the API checks on every request.
if (!cambiosTable) throw new Error('Falta TABLE_CAMBIOS: sin el registro de cambios la API seguiría usando su copia de la cuenta');
await setActivo(ddb, { usuarios: usuariosTable, cambios: cambiosTable }, sub, false);
await cognito.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: email }));
await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: email })).catch(() => undefined);
console.log(`Cuenta desactivada: ${email} (${sub})`);
