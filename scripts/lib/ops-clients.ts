import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';

/**
 * The clients of the ops scripts, from the environment: the stack's pool and users table in AWS, or
 * the local stand-ins with COGNITO_ENDPOINT and DYNAMODB_ENDPOINT (see README).
 */
export function opsClients() {
  const env = z
    .object({
      USER_POOL_ID: z.string().min(1),
      TABLE_USUARIOS: z.string().min(1),
      /** Only the scripts that change what the API caches need it (disable-user). */
      TABLE_CAMBIOS: z.string().min(1).optional(),
      AWS_REGION: z.string().min(1),
      COGNITO_ENDPOINT: z.url().optional(),
      DYNAMODB_ENDPOINT: z.url().optional(),
    })
    .parse(process.env);
  const cognito = new CognitoIdentityProviderClient({ region: env.AWS_REGION, ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT, ...LOCAL } : {}) });
  const ddb = dynamo(env.AWS_REGION, env.DYNAMODB_ENDPOINT);
  return { cognito, ddb, userPoolId: env.USER_POOL_ID, usuariosTable: env.TABLE_USUARIOS, cambiosTable: env.TABLE_CAMBIOS };
}

const LOCAL = { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const dynamo = (region: string, endpoint?: string) => DynamoDBDocumentClient.from(new DynamoDBClient({ region, ...(endpoint ? { endpoint, ...LOCAL } : {}) }));

/**
 * The DynamoDB client of an ops script that needs only some tables (`TABLE_...`, their names in the
 * environment), the region and locally `DYNAMODB_ENDPOINT`: a Spanish error naming what is missing.
 */
export function opsTablas<const K extends string>(tablas: readonly K[]): { tablas: Record<K, string>; ddb: DynamoDBDocumentClient } {
  const env = z
    .object({ AWS_REGION: z.string().min(1), DYNAMODB_ENDPOINT: z.url().optional(), ...Object.fromEntries(tablas.map((t) => [t, z.string().min(1)])) })
    .safeParse(process.env);
  if (!env.success) throw new Error(`Faltan variables de entorno: ${env.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const e = env.data as Record<string, string | undefined>;
  return { tablas: Object.fromEntries(tablas.map((t) => [t, e[t]!])) as Record<K, string>, ddb: dynamo(e.AWS_REGION!, e.DYNAMODB_ENDPOINT) };
}
