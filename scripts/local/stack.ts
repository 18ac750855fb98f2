import { serve, type ServerType } from '@hono/node-server';
import { execFileSync } from 'node:child_process';
import type { Duplex } from 'node:stream';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_MSG } from '@shared/schemas/messages.js';
import type { RuntimeConfig } from '@shared/schemas/runtime-config.js';
import { TABLE_KEYS, localTableName, tableEnvVar } from '@shared/tables.js';
import { ensureUserPool, startCognito, LOCAL_TRIGGERS } from './cognito.js';
import { ensureTables, startDynamoDb } from './dynamodb.js';
import { startEpayco } from './epayco.js';
import { startLambdaInvoke } from './lambda-invoke.js';
import { avisoLimitaciones } from './limitaciones.js';
import { createOutbox, type Outbox } from './outbox.js';
import { freePort, puertoLibre } from './ports.js';
import { COTIZACIONES_ABIERTAS, expirarEsperando, startS3 } from './s3.js';

/**
 * A request that trickles in is cut, as API Gateway cuts it in AWS (docs/architecture.md, "Untrusted
 * input"): its headers within 4 s, the whole request within 8 s, checked every second (Node checks
 * every 30 s by default), answered 408. Bodies here are small JSON; files go to storage directly.
 */
export const LIMITES_SERVIDOR = { headersTimeout: 4000, requestTimeout: 8000, connectionsCheckingInterval: 1000 } as const;

export type StackOptions = {
  /** Folder for data, outbox and config.json. */
  dataDir: string;
  /** Keep DynamoDB on disk (npm start) or in memory (tests). */
  persistDynamo: boolean;
  /** Fixed ports for npm start; any omitted port is picked free (tests). */
  ports?: Partial<Record<'dynamodb' | 's3' | 'cognito' | 'lambda' | 'api' | 'web', number>>;
  signUpKey: string;
  /** The client app's signing key (integration endpoints). */
  clientAppSecret: string;
  /** The provider apps' signing key (guides' and operators' integration endpoints). */
  providerAppSecret: string;
  /** ePayco's merchant credentials (the confirmation's signature); without them every confirmation is refused. */
  epayco?: { p_cust_id_cliente: string; p_key: string };
  /** Serve the console: Vite's dev server (npm start), the built web/dist (e2e), or not at all. */
  web?: 'dev' | 'preview' | false;
  jobsIntervalMs?: number | false;
  log?: (line: string) => void;
};

export type Stack = {
  /**
   * `consoleH2`: the built console (preview only) as CloudFront serves it, over TLS and HTTP/2 with a
   * throw-away self-signed certificate, for measuring it (Lighthouse). Browsers must ignore the certificate.
   */
  urls: { console: string | null; consoleH2: string | null; api: string; cognito: string; s3: string; dynamodb: string; epayco: string | null };
  runtimeConfig: RuntimeConfig;
  configFile: string;
  outbox: Outbox;
  userPoolId: string;
  userPoolClientId: string;
  bucket: string;
  stop: () => Promise<void>;
};

const BUCKET = 'transportadoras-local';
const REGION = 'us-east-1';

/**
 * What the server answers a request the app never sees (headers too large, too slow, malformed): the
 * API's JSON error in Spanish, where Node would send an empty body with an English status line only.
 */
function responderErrorDeCliente(err: NodeJS.ErrnoException, socket: Duplex): void {
  const respondido = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === 'ECONNRESET' || !socket.writable || respondido) {
    socket.destroy();
    return;
  }
  const [status, texto, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'invalid-argument', API_MSG.encabezadosGrandes]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'deadline-exceeded', API_MSG.solicitudLenta]
        : [400, 'Bad Request', 'invalid-argument', API_MSG.solicitudMalFormada];
  const cuerpo = JSON.stringify({ error: { code, message } });
  socket.end(`HTTP/1.1 ${status} ${texto}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(cuerpo)}\r\nConnection: close\r\n\r\n${cuerpo}`);
}

/** Starts every local stand-in, the API and (optionally) the console; `stop` ends all of them. */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? (() => undefined);
  const port = async (name: keyof NonNullable<StackOptions['ports']>) => opts.ports?.[name] ?? (await freePort());
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch((e: unknown) => log(`error al detener: ${String(e)}`));
  };

  // Fixed ports (`npm start`) taken by something else: said in Spanish before anything starts, not as
  // a stand-in's own error halfway through (DynamoDB Local's was ResourceInUseException, in English).
  for (const [nombre, puerto] of Object.entries(opts.ports ?? {})) {
    if (puerto && !(await puertoLibre(puerto))) {
      throw new Error(`El puerto ${puerto} (${nombre}) ya está en uso: ¿hay otro "npm start" corriendo? Deténlo o libera el puerto, y vuelve a intentarlo.`);
    }
  }

  try {
    for (const d of ['dynamodb', 's3', 'cognito', 'outbox']) mkdirSync(join(opts.dataDir, d), { recursive: true });
    const outbox = createOutbox(join(opts.dataDir, 'outbox'), log);

    const dynamo = await startDynamoDb({ port: await port('dynamodb'), dbPath: opts.persistDynamo ? join(opts.dataDir, 'dynamodb') : null, workDir: join(opts.dataDir, 'dynamodb') });
    stops.push(dynamo.stop);
    await ensureTables(dynamo.endpoint, 'local');

    const s3 = await startS3({ port: await port('s3'), directory: join(opts.dataDir, 's3'), bucket: BUCKET });
    stops.push(s3.stop);

    // ePayco's transaction lookup, when the stack takes card payments.
    const epayco = opts.epayco ? await startEpayco({ port: await freePort() }) : null;
    if (epayco) stops.push(epayco.stop);

    const apiPort = await port('api');
    const webPort = opts.web ? await port('web') : null;
    const h2Port = opts.web === 'preview' ? await freePort() : null;
    const consoleUrl = webPort ? `http://localhost:${webPort}` : null;
    const consoleH2 = h2Port ? `https://localhost:${h2Port}` : null;
    const origins = webPort ? [`http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`, ...(consoleH2 ? [consoleH2] : [])] : ['http://localhost'];

    // The functions read their settings from the environment, exactly as in Lambda.
    Object.assign(process.env, {
      STAGE: 'local',
      // Nobody reads CloudWatch metrics locally: no EMF lines in the console.
      POWERTOOLS_METRICS_DISABLED: 'true',
      AWS_REGION: REGION,
      BUCKET_NAME: BUCKET,
      ALLOWED_ORIGINS: origins.join(','),
      SIGNUP_KEY: opts.signUpKey,
      CLIENT_APP_SECRET: opts.clientAppSecret,
      PROVIDER_APP_SECRET: opts.providerAppSecret,
      ...(opts.epayco && epayco ? { EPAYCO_SECRET: JSON.stringify(opts.epayco), EPAYCO_API_URL: epayco.endpoint } : {}),
      OUTBOX_DIR: outbox.dir,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      ...Object.fromEntries(TABLE_KEYS.map((k) => [tableEnvVar(k), localTableName('local', k)])),
    });

    const { handler: preSignUp } = await import('../../lambdas/triggers/pre-sign-up.js');
    const lambda = await startLambdaInvoke({
      port: await port('lambda'),
      log,
      handlers: { [LOCAL_TRIGGERS.PreSignUp]: preSignUp },
    });
    stops.push(lambda.stop);

    const cognito = await startCognito({ port: await port('cognito'), dataDir: join(opts.dataDir, 'cognito'), lambdaEndpoint: lambda.endpoint, outbox });
    stops.push(cognito.stop);
    const { userPoolId, userPoolClientId } = await ensureUserPool(cognito.endpoint, 'transportadoras-local');
    Object.assign(process.env, {
      USER_POOL_ID: userPoolId,
      USER_POOL_CLIENT_ID: userPoolClientId,
      COGNITO_ISSUER: `${cognito.endpoint}/${userPoolId}`,
      COGNITO_ENDPOINT: cognito.endpoint,
    });

    const { app } = await import('../../lambdas/api/app.js');
    const api: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: apiPort, hostname: '127.0.0.1', serverOptions: LIMITES_SERVIDOR }, () => resolve(s));
    });
    api.on('clientError', responderErrorDeCliente);
    stops.push(() => new Promise<void>((resolve) => api.close(() => resolve())));
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    for (const linea of avisoLimitaciones()) log(linea);

    if (opts.jobsIntervalMs) {
      const { runTick } = await import('../../lambdas/jobs/tick.js');
      // The daily expiry alerts (docs/decisions/0015): with the first tick (after the demo data is in),
      // then each hour here. A run sends only what is due and not yet sent: more runs send nothing twice.
      const { runAvisos } = await import('../../lambdas/jobs/avisos-vencimiento.js');
      const avisos = () => void runAvisos().catch((e: unknown) => log(`error en los avisos de vencimiento: ${String(e)}`));
      const primera = setTimeout(avisos, opts.jobsIntervalMs);
      const cadaHora = setInterval(avisos, 3_600_000);
      stops.push(async () => (clearTimeout(primera), clearInterval(cadaHora)));
      const timer = setInterval(() => {
        void runTick().catch((e: unknown) => log(`error en tareas programadas: ${String(e)}`));
        // With the jobs, what S3's lifecycle rule does in AWS: waiting uploads go after a day.
        void expirarEsperando({ endpoint: s3.endpoint, bucket: BUCKET }).catch((e: unknown) => log(`error al expirar archivos en espera: ${String(e)}`));
        // And the quotes of offers never accepted, after two days.
        void expirarEsperando({ endpoint: s3.endpoint, bucket: BUCKET, ...COTIZACIONES_ABIERTAS }).catch((e: unknown) => log(`error al expirar cotizaciones: ${String(e)}`));
      }, opts.jobsIntervalMs);
      stops.push(async () => clearInterval(timer));
    }

    const runtimeConfig: RuntimeConfig = {
      stage: 'local',
      region: REGION,
      userPoolId,
      userPoolClientId,
      userPoolEndpoint: cognito.endpoint,
      apiUrl,
      mapStyleUrl: '/map/style.json',
    };
    const configFile = join(opts.dataDir, 'config.json');
    writeFileSync(configFile, JSON.stringify(runtimeConfig, null, 2));

    if (opts.web && webPort) {
      process.env.CONSOLE_CONFIG_FILE = configFile;
      process.env.PORT = String(webPort);
      const vite = await import('vite');
      const configFilePath = join(import.meta.dirname, '../../web/vite.config.ts');
      if (opts.web === 'dev') {
        const server = await vite.createServer({ configFile: configFilePath, server: { port: webPort, strictPort: true, host: 'localhost' }, logLevel: 'warn' });
        await server.listen();
        stops.push(() => server.close());
      } else {
        const server = await vite.preview({ configFile: configFilePath, preview: { port: webPort, strictPort: true, host: 'localhost' }, logLevel: 'warn' });
        stops.push(() => server.close());
        // Vite serves HTTP/2 whenever it has a certificate.
        const https = selfSignedCertificate(join(opts.dataDir, 'tls'));
        const h2 = await vite.preview({ configFile: configFilePath, preview: { port: h2Port!, strictPort: true, host: 'localhost', https }, logLevel: 'warn' });
        stops.push(() => h2.close());
      }
    }

    return {
      urls: { console: consoleUrl, consoleH2, api: apiUrl, cognito: cognito.endpoint, s3: s3.endpoint, dynamodb: dynamo.endpoint, epayco: epayco?.endpoint ?? null },
      runtimeConfig,
      configFile,
      outbox,
      userPoolId,
      userPoolClientId,
      bucket: BUCKET,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** A certificate for localhost, made with Debian's openssl and valid for a day. */
function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  mkdirSync(dir, { recursive: true });
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { key: readFileSync(key), cert: readFileSync(cert) };
}
