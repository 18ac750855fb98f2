/**
 * `npm start`: the whole app on this machine, offline. Data persists under .local/ across restarts;
 * Ctrl-C stops everything.
 */
import './local/quiet-sdk.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startClientSimulator } from './local/client-simulator.js';
import { startDriverSimulator } from './local/driver-simulator.js';
import { seed } from './local/seed.js';
import { DEMO_PASSWORD, DEMO_USERS } from './local/demo-users.js';
import { startStack } from './local/stack.js';

const root = join(import.meta.dirname, '..');
// LOCAL_DATA_DIR: another data directory (the load test runs on its own, so it never touches the demo's).
const dataDir = process.env.LOCAL_DATA_DIR ? resolve(process.env.LOCAL_DATA_DIR) : join(root, '.local');
mkdirSync(dataDir, { recursive: true });

// The sign-up authorization key: SIGNUP_KEY if given, else one generated on first run and kept in .local/.
const keyFile = join(dataDir, 'signup-key');
const signUpKey = process.env.SIGNUP_KEY ?? (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : randomBytes(6).toString('hex'));
if (!process.env.SIGNUP_KEY) writeFileSync(keyFile, signUpKey);

// The client app's signing key, kept the same way (the local client simulator signs with it).
const appKeyFile = join(dataDir, 'client-app-key');
const clientAppSecret = process.env.CLIENT_APP_SECRET ?? (existsSync(appKeyFile) ? readFileSync(appKeyFile, 'utf8').trim() : randomBytes(24).toString('hex'));
if (!process.env.CLIENT_APP_SECRET) writeFileSync(appKeyFile, clientAppSecret);

// The provider apps' signing key (guides and operators), kept the same way.
const providerKeyFile = join(dataDir, 'provider-app-key');
const providerAppSecret = process.env.PROVIDER_APP_SECRET ?? (existsSync(providerKeyFile) ? readFileSync(providerKeyFile, 'utf8').trim() : randomBytes(24).toString('hex'));
if (!process.env.PROVIDER_APP_SECRET) writeFileSync(providerKeyFile, providerAppSecret);

// ePayco's merchant credentials for the local demo (the client simulator signs its confirmations with them).
const epaycoFile = join(dataDir, 'epayco.json');
const epayco = existsSync(epaycoFile)
  ? (JSON.parse(readFileSync(epaycoFile, 'utf8')) as { p_cust_id_cliente: string; p_key: string })
  : { p_cust_id_cliente: '900123', p_key: randomBytes(20).toString('hex') };
writeFileSync(epaycoFile, JSON.stringify(epayco));

const log = (line: string) => console.log(`[local] ${line}`);
const webPort = Number(process.env.PORT ?? 5173);

const started = Date.now();
const stack = await startStack({
  dataDir,
  persistDynamo: true,
  ports: { dynamodb: 8000, s3: 4569, cognito: 9229, lambda: 9230, api: 3001, web: webPort },
  signUpKey,
  clientAppSecret,
  providerAppSecret,
  epayco,
  web: 'dev',
  jobsIntervalMs: 60_000,
  log,
}).catch((err: unknown) => {
  // A port taken or a stand-in that would not start: its reason, without a stack trace.
  console.error(`[local] No se pudo iniciar: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
const result = await seed(stack);

// The client app, simulated: new requests on the map and some offers accepted (SIMULADOR_CLIENTES=0 turns it off).
const periodo = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : fallback;
};
const publishEveryMs = periodo('SIMULADOR_PUBLICAR_MS', 3 * 60_000);
const acceptAfterMs = periodo('SIMULADOR_ACEPTAR_MS', 4 * 60_000);
const simulator =
  process.env.SIMULADOR_CLIENTES === '0'
    ? null
    : startClientSimulator({ apiUrl: stack.urls.api, secret: clientAppSecret, epayco: { credenciales: epayco, url: stack.urls.epayco! }, log: (line) => console.log(line), publishEveryMs, acceptAfterMs, stateFile: join(dataDir, 'client-simulator.json') });
// The driver app, simulated: drivers of started trips report their positions (SIMULADOR_CONDUCTORES=0 turns it off).
const conductores =
  process.env.SIMULADOR_CONDUCTORES === '0'
    ? null
    : startDriverSimulator({
        apiUrl: stack.urls.api,
        cognitoUrl: stack.urls.cognito,
        userPoolClientId: stack.userPoolClientId,
        dynamodbUrl: stack.urls.dynamodb,
        password: DEMO_PASSWORD,
        log: (line) => console.log(line),
      });
// What tools driving this process need to reach the stack (the load test waits for this file).
writeFileSync(join(dataDir, 'stack.json'), JSON.stringify({ urls: stack.urls, userPoolId: stack.userPoolId, userPoolClientId: stack.userPoolClientId, pid: process.pid }));
const duracion = (ms: number) => (ms >= 60_000 ? `${+(ms / 60_000).toFixed(1)} min` : `${+(ms / 1000).toFixed(1)} s`);

console.log(`
Consola: ${stack.urls.console}
API:     ${stack.urls.api}
Datos:   ${dataDir} (${result.created ? 'datos de demostración creados' : 'datos existentes'}; ${result.pendingAdded} servicios pendientes añadidos)
Correos: ${stack.outbox.dir} (cada correo también aparece aquí como [local] 📧 ...)
Conductores: ${conductores ? 'simulados: los de viajes iniciados reportan su posición cada 5 s ([conductor] ...; SIMULADOR_CONDUCTORES=0 los apaga)' : 'simulador apagado (SIMULADOR_CONDUCTORES=0)'}
Clientes: ${simulator ? `simulados: publican un servicio cada ${duracion(publishEveryMs)} y aceptan algunas ofertas a los ${duracion(acceptAfterMs)} ([cliente] ...; SIMULADOR_CLIENTES=0 los apaga)` : 'simulador apagado (SIMULADOR_CLIENTES=0)'}

Usuarios de demostración (contraseña ${DEMO_PASSWORD}):
  Administrador, Transportes del Valle:  ${DEMO_USERS.admin}
  Operador, Transportes del Valle:       ${DEMO_USERS.staff}
  Administrador, Expreso Pacífico:       ${DEMO_USERS.admin2}  (perfil por completar)
  Administrador, Turismo Andino:         ${DEMO_USERS.admin3}
  Plataforma (marketplace):              ${DEMO_USERS.plataforma}
Clave de autorización para registrarse:  ${signUpKey}

Listo en ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C detiene todo.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('deteniendo...');
  await simulator?.stop();
  await conductores?.stop();
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
