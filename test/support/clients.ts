import '../../scripts/local/quiet-sdk.js';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { localTableName, TABLE_KEYS, tableEnvVar, type TableKey } from '@shared/tables.js';

const creds = { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

/** This worker's stack: workers of one run never share one (VITEST_POOL_ID counts them from 1). */
export const stack = () => {
  const stacks = inject('stacks');
  return stacks[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % stacks.length]!;
};
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

/**
 * The newest staff invitation's link in the outbox for an address (docs/decisions/0011): its fragment's
 * fields as `POST /registro/invitacion` takes them, and the link itself.
 */
export function ultimaInvitacionPara(email: string): { empresa: string; correo: string; token: string; enlace: string } | undefined {
  const dir = stack().outboxDir;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.txt')).sort().reverse()) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (!text.startsWith(`Para: ${email.toLowerCase()}\n`)) continue;
    const enlace = text.match(/^(https?:\/\/\S+\/validar-cuenta#\S+)$/m)?.[1];
    if (!enlace) continue;
    const p = new URLSearchParams(new URL(enlace).hash.slice(1));
    return { empresa: p.get('empresa')!, correo: p.get('correo')!, token: p.get('t')!, enlace };
  }
  return undefined;
}

/** A staff member registered by an admin's token (`POST /usuarios`) who opens the e-mail's link with the password; its ID token. */
export async function nuevoPersonal(adminToken: string, email: string, password: string): Promise<string> {
  const res = await api('/usuarios', { token: adminToken, body: { email, verifyEmail: email, password, verifyPassword: password } });
  if (res.status !== 201) throw new Error(`POST /usuarios ${res.status}: ${JSON.stringify(res.json)}`);
  const { enlace: _e, ...invitacion } = ultimaInvitacionPara(email)!;
  const validada = await api('/registro/invitacion', { body: { ...invitacion, password } });
  if (validada.status !== 200) throw new Error(`POST /registro/invitacion ${validada.status}: ${JSON.stringify(validada.json)}`);
  return idToken(email, password);
}

/** A company admin signed up with the key as the console does, its e-mail not verified yet. */
export async function signUpCompanyAdmin(
  email: string,
  { password = 'Secreta123!', empresa = 'Transportes de Prueba', nombre = 'Prueba', apellido = 'Apellido', puesto = 'CEO' } = {},
): Promise<void> {
  // As the console does: the API checks the key, then signs the account up (Cognito e-mails the code).
  const res = await api('/registro', { body: { nombres: nombre, apellidos: apellido, empresa, puesto, email, password, claveAutorizacion: stack().signUpKey } });
  if (res.status !== 201) throw new Error(`POST /registro ${res.status}: ${JSON.stringify(res.json)}`);
}

/** Confirms an account with the code the API e-mailed it (the outbox), in its own session, as the verification screen does. */
export async function confirmarCodigo(email: string, password: string): Promise<void> {
  const res = await api('/registro/confirmar', { token: await idToken(email, password), body: { codigo: lastCodeFor(email) } });
  if (res.status !== 200) throw new Error(`POST /registro/confirmar ${res.status}: ${JSON.stringify(res.json)}`);
}

/** A company admin made the way the console does it: the sign-up with the key, then the outbox code; its ID token. */
export async function newCompanyAdmin(email: string, password = 'Secreta123!', empresa = 'Transportes de Prueba'): Promise<string> {
  await signUpCompanyAdmin(email, { password, empresa });
  await confirmarCodigo(email, password);
  return idToken(email, password);
}

/** The second half of every upload: the file POSTed to S3 with the ticket's signed fields; the ticket's upload id. */
export async function subirConTicket(ticket: { status: number; json: any }, bytes: Uint8Array, contentType: string): Promise<string> {
  if (ticket.status !== 200) throw new Error(`ticket ${ticket.status}: ${JSON.stringify(ticket.json)}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.json.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const res = await fetch(ticket.json.url as string, { method: 'POST', body: form });
  if (res.status >= 300) throw new Error(`S3 respondió ${res.status}: ${await res.text()}`);
  return ticket.json.uploadId as string;
}

/** Uploads bytes the way the browser does: ticket from the API, then a multipart POST to S3. */
export async function upload(token: string, kind: string, bytes: Uint8Array, contentType: string): Promise<string> {
  return subirConTicket(await api('/uploads', { token, body: { kind, contentType, size: bytes.length, fileName: 'archivo' } }), bytes, contentType);
}

/** Every object key under a prefix (to prove nothing refused or replaced is left behind). */
export async function listKeys(prefix: string): Promise<string[]> {
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ region: 'local', endpoint: stack().s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const res = await s3.send(new ListObjectsV2Command({ Bucket: stack().bucket, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

/** An object's tags, as the bucket's lifecycle rules read them. */
export async function tagsOf(key: string): Promise<Record<string, string>> {
  const { S3Client, GetObjectTaggingCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ region: 'local', endpoint: stack().s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const res = await s3.send(new GetObjectTaggingCommand({ Bucket: stack().bucket, Key: key }));
  return Object.fromEntries((res.TagSet ?? []).map((t) => [t.Key!, t.Value!]));
}

/** Small real images and a fake one, made in memory. */
export { solidPng } from '../../scripts/local/png.js';
/** A valid one-page PDF without text (what a scanned FUEC reads as: 'sin-verificar'). */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Runs function code (jobs, repositories) in the test worker with the environment the local stack gives its functions. */
export function useFunctionEnv(): void {
  const s = stack();
  Object.assign(process.env, {
    STAGE: 'test', AWS_REGION: 'us-east-1', BUCKET_NAME: s.bucket, USER_POOL_ID: s.userPoolId, USER_POOL_CLIENT_ID: s.userPoolClientId,
    COGNITO_ISSUER: `${s.cognitoEndpoint}/${s.userPoolId}`, ALLOWED_ORIGINS: 'http://localhost', DYNAMODB_ENDPOINT: s.dynamodbEndpoint,
    S3_ENDPOINT: s.s3Endpoint, COGNITO_ENDPOINT: s.cognitoEndpoint, SIGNUP_KEY: s.signUpKey, CLIENT_APP_SECRET: s.clientAppSecret, PROVIDER_APP_SECRET: s.providerAppSecret, EPAYCO_SECRET: JSON.stringify(s.epayco), EPAYCO_API_URL: s.epaycoUrl, POWERTOOLS_METRICS_DISABLED: 'true', OUTBOX_DIR: s.outboxDir,
    ...Object.fromEntries(TABLE_KEYS.map((k) => [tableEnvVar(k), localTableName('local', k)])),
  });
}

/** The sub (user id) inside an ID token. */
export const subOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
