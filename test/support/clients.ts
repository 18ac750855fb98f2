import '../../scripts/local/quiet-sdk.js';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { localTableName, type TableKey } from '../../shared/tables.js';

const creds = { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

export const stack = () => inject('stack');
export const table = (key: TableKey) => localTableName('local', key);

export const cognitoClient = () => new CognitoIdentityProviderClient({ ...creds, endpoint: stack().cognitoEndpoint });
export const docClient = () => DynamoDBDocumentClient.from(new DynamoDBClient({ ...creds, endpoint: stack().dynamodbEndpoint }));

/** Signs in the way the console does (USER_PASSWORD_AUTH) and returns the ID token the API expects. */
export async function idToken(email: string, password: string): Promise<string> {
  const r = await cognitoClient().send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const token = r.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`Sin token para ${email}`);
  return token;
}

/** Calls the API over real HTTP. */
export async function api(path: string, init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${stack().apiUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json: json as Record<string, any> };
}

/** The latest code the local outbox holds for an address, read from its files like an inbox. */
export function lastCodeFor(email: string): string | undefined {
  const dir = stack().outboxDir;
  const files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  for (const f of files.reverse()) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (text.startsWith(`Para: ${email.toLowerCase()}\n`)) return text.match(/^Código: (\S+)$/m)?.[1];
  }
  return undefined;
}
