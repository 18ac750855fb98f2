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
  const local = { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const cognito = new CognitoIdentityProviderClient({ region: env.AWS_REGION, ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT, ...local } : {}) });
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: env.AWS_REGION, ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT, ...local } : {}) }),
  );
  return { cognito, ddb, userPoolId: env.USER_POOL_ID, usuariosTable: env.TABLE_USUARIOS, cambiosTable: env.TABLE_CAMBIOS };
}
