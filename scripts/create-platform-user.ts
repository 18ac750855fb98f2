/**
 * Ops: makes a marketplace-staff (`plataforma`) console user. Never reachable by sign-up.
 * Usage: USER_POOL_ID=... TABLE_USUARIOS=... AWS_REGION=... npm run create-platform-user -- \
 *          --email ana@marketplace.co --nombres Ana --apellidos Ruiz --password '...'
 * Locally add COGNITO_ENDPOINT and DYNAMODB_ENDPOINT (see README).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../shared/constants.js';
import { emailSchema } from '../shared/schemas/auth.js';
import { createConsoleUser } from './lib/console-users.js';

const env = z
  .object({
    USER_POOL_ID: z.string().min(1),
    TABLE_USUARIOS: z.string().min(1),
    AWS_REGION: z.string().min(1),
    COGNITO_ENDPOINT: z.url().optional(),
    DYNAMODB_ENDPOINT: z.url().optional(),
  })
  .parse(process.env);

const { values } = parseArgs({
  options: { email: { type: 'string' }, nombres: { type: 'string' }, apellidos: { type: 'string' }, password: { type: 'string' } },
});
const args = z
  .object({
    email: emailSchema,
    nombres: z.string().min(1, 'Falta --nombres'),
    apellidos: z.string().min(1, 'Falta --apellidos'),
    password: z.string().min(Math.max(PASSWORD_MIN_LENGTH, 8), 'La contraseña debe tener al menos 8 caracteres'),
  })
  .parse(values);

const local = { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const cognito = new CognitoIdentityProviderClient({ region: env.AWS_REGION, ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT, ...local } : {}) });
const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: env.AWS_REGION, ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT, ...local } : {}) }),
);

const usuario = await createConsoleUser(
  { cognito, userPoolId: env.USER_POOL_ID, ddb, usuariosTable: env.TABLE_USUARIOS },
  { ...args, role: 'plataforma', empresaId: 'plataforma', perfil: true },
);
console.log(`Usuario de plataforma listo: ${usuario.email} (${usuario.id})`);
