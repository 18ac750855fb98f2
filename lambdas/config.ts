import * as z from 'zod';
import { TABLE_KEYS, tableEnvVar, type TableKey } from '@shared/tables.js';

/**
 * Environment of every function, parsed once at start-up. Each function receives only the settings
 * it uses (least privilege: its tables, bucket and secrets are bound together with their grants in
 * infra), so everything but the stage and region is optional here and its accessor fails loudly,
 * naming the variable, when code reaches for a setting its function was not given.
 * In AWS the CDK stack sets these; locally the local stack does.
 */
const envSchema = z.object({
  STAGE: z.string().min(1),
  AWS_REGION: z.string().min(1),
  BUCKET_NAME: z.string().min(1).optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  /** Token issuer; `https://cognito-idp.{region}.amazonaws.com/{pool}` in AWS, cognito-local's URL locally. */
  COGNITO_ISSUER: z.url().optional(),
  /** Console origin(s) allowed by CORS, comma separated. */
  ALLOWED_ORIGINS: z.string().min(1).optional(),
  /** Sign-up key: in AWS the Secrets Manager secret's ARN, locally the value itself. */
  SIGNUP_KEY_SECRET_ARN: z.string().optional(),
  SIGNUP_KEY: z.string().optional(),
  /** The client app's signing key (integration endpoints): same two forms as the sign-up key. */
  CLIENT_APP_SECRET_ARN: z.string().optional(),
  CLIENT_APP_SECRET: z.string().optional(),
  /** The provider apps' signing key (guides and operators): same two forms. */
  PROVIDER_APP_SECRET_ARN: z.string().optional(),
  PROVIDER_APP_SECRET: z.string().optional(),
  /** ePayco's merchant credentials, JSON `{"p_cust_id_cliente","p_key"}`: same two forms. */
  EPAYCO_SECRET_ARN: z.string().optional(),
  EPAYCO_SECRET: z.string().optional(),
  /** ePayco's transaction lookup (a local stand-in off AWS). */
  EPAYCO_API_URL: z.url().optional(),
  /** The address the API's e-mails come from (a verified SES identity). */
  CORREO_REMITENTE: z.string().min(3).optional(),
  /** The region of the verified SES identity (may differ from the function's). */
  SES_REGION: z.string().min(1).optional(),
  /** Local only: the folder e-mails are written to instead of SES. */
  OUTBOX_DIR: z.string().min(1).optional(),
  /** Local stand-ins only. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  ...Object.fromEntries(TABLE_KEYS.map((k) => [tableEnvVar(k), z.string().min(1).optional()])),
});

export type Config = {
  stage: string;
  region: string;
  bucketName?: string;
  userPoolId?: string;
  userPoolClientId?: string;
  cognitoIssuer?: string;
  allowedOrigins: string[];
  signUpKey: { secretArn: string } | { value: string } | null;
  clientAppSecret: { secretArn: string } | { value: string } | null;
  providerAppSecret: { secretArn: string } | { value: string } | null;
  epayco: { secretArn: string } | { value: string } | null;
  epaycoApiUrl: string;
  remitente?: string;
  sesRegion?: string;
  outboxDir?: string;
  endpoints: { dynamodb?: string; s3?: string; cognito?: string };
  tables: Partial<Record<TableKey, string>>;
};

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Configuración inválida o incompleta: ${missing}`);
  }
  const e = parsed.data as z.infer<typeof envSchema> & Record<string, string | undefined>;
  return {
    stage: e.STAGE,
    region: e.AWS_REGION,
    bucketName: e.BUCKET_NAME,
    userPoolId: e.USER_POOL_ID,
    userPoolClientId: e.USER_POOL_CLIENT_ID,
    cognitoIssuer: e.COGNITO_ISSUER,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    signUpKey: e.SIGNUP_KEY_SECRET_ARN ? { secretArn: e.SIGNUP_KEY_SECRET_ARN } : e.SIGNUP_KEY ? { value: e.SIGNUP_KEY } : null,
    clientAppSecret: e.CLIENT_APP_SECRET_ARN ? { secretArn: e.CLIENT_APP_SECRET_ARN } : e.CLIENT_APP_SECRET ? { value: e.CLIENT_APP_SECRET } : null,
    providerAppSecret: e.PROVIDER_APP_SECRET_ARN ? { secretArn: e.PROVIDER_APP_SECRET_ARN } : e.PROVIDER_APP_SECRET ? { value: e.PROVIDER_APP_SECRET } : null,
    epayco: e.EPAYCO_SECRET_ARN ? { secretArn: e.EPAYCO_SECRET_ARN } : e.EPAYCO_SECRET ? { value: e.EPAYCO_SECRET } : null,
    epaycoApiUrl: e.EPAYCO_API_URL ?? 'https://secure.epayco.co',
    remitente: e.CORREO_REMITENTE,
    sesRegion: e.SES_REGION,
    outboxDir: e.OUTBOX_DIR,
    endpoints: { dynamodb: e.DYNAMODB_ENDPOINT, s3: e.S3_ENDPOINT, cognito: e.COGNITO_ENDPOINT },
    tables: Object.fromEntries(TABLE_KEYS.flatMap((k) => (e[tableEnvVar(k)] ? [[k, e[tableEnvVar(k)]]] : []))),
  };
}

let cached: Config | undefined;
/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

const missing = (names: string) => new Error(`Configuración inválida o incompleta: falta ${names} en esta función`);

/** A table's physical name; a function not bound to the table fails at once. */
export function tableName(key: TableKey, from: Config = config()): string {
  const name = from.tables[key];
  if (!name) throw missing(tableEnvVar(key));
  return name;
}

export function bucketName(): string {
  const name = config().bucketName;
  if (!name) throw missing('BUCKET_NAME');
  return name;
}

/** The pool's settings: the API verifies tokens with them; jobs and triggers that call Cognito get the pool id. */
export function userPoolId(): string {
  const id = config().userPoolId;
  if (!id) throw missing('USER_POOL_ID');
  return id;
}

/** The API's token settings; a function without them cannot verify tokens, so it fails at once. */
export function apiAuthConfig(): { userPoolId: string; userPoolClientId: string; cognitoIssuer: string } {
  const { userPoolClientId, cognitoIssuer } = config();
  if (!userPoolClientId || !cognitoIssuer) throw missing('USER_POOL_CLIENT_ID y COGNITO_ISSUER');
  return { userPoolId: userPoolId(), userPoolClientId, cognitoIssuer };
}
