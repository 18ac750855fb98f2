import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';
import { seed } from '../../scripts/local/seed.js';
import { startStack, type StackOptions } from '../../scripts/local/stack.js';
import type { StackInfo } from './stack-info.js';

export const TEST_SIGNUP_KEY = 'clave-de-pruebas-2026';
export const TEST_CLIENT_APP_SECRET = 'clave-app-clientes-de-pruebas';
export const TEST_PROVIDER_APP_SECRET = 'clave-app-proveedores-de-pruebas';
export const TEST_EPAYCO = { p_cust_id_cliente: '900777', p_key: 'llave-epayco-de-pruebas' };

/** The line a stack process announces itself with on stdout. */
const LISTO = '@@stack ';

/**
 * Starts `count` throw-away stacks side by side, each in a process of its own with the demo data, for one
 * test run, and hands their addresses to the tests. Each worker of the run uses one of them (`stack()` in
 * clients.ts), so two files that run at the same time never see each other's data. A process each: the
 * functions read their settings from the environment, as in Lambda, so two stacks cannot share one; and
 * the API then has a core's time of its own, not the test runner's.
 */
export async function startTestStacks(project: TestProject, web: StackOptions['web'], count = 1) {
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startStackProcess(web, i + 1)));
  const stops = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value.stop] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(stops.map((stop) => stop()));
    throw failed.reason;
  }
  project.provide('stacks', started.map((r) => (r as PromiseFulfilledResult<{ info: StackInfo }>).value.info));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** One stack in a child process (this same file, run as a script), its log lines forwarded with its number. */
function startStackProcess(web: StackOptions['web'], n: number): Promise<{ info: StackInfo; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, String(web)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin?.end(); // the process stops its stack when its stdin closes (also when this one dies)
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await ended;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith(LISTO)) resolve({ info: JSON.parse(line.slice(LISTO.length)) as StackInfo, stop });
      else console.log(line.replace('[stack]', `[stack ${n}]`));
    });
    child.once('exit', (code) => reject(new Error(`El stack de pruebas ${n} terminó antes de estar listo (código ${code}).`)));
  });
}

/** Starts one stack (in-memory DynamoDB, temp folders) with the demo data. */
async function startTestStack(web: StackOptions['web']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'transportadoras-test-'));
  const stack = await startStack({ dataDir, persistDynamo: false, signUpKey: TEST_SIGNUP_KEY, clientAppSecret: TEST_CLIENT_APP_SECRET, providerAppSecret: TEST_PROVIDER_APP_SECRET, epayco: TEST_EPAYCO, web, jobsIntervalMs: false, log: (l) => console.log(`[stack] ${l}`) });
  await seed(stack);
  const info: StackInfo = {
    apiUrl: stack.urls.api,
    consoleUrl: stack.urls.console,
    consoleH2Url: stack.urls.consoleH2,
    cognitoEndpoint: stack.urls.cognito,
    dynamodbEndpoint: stack.urls.dynamodb,
    s3Endpoint: stack.urls.s3,
    userPoolId: stack.userPoolId,
    userPoolClientId: stack.userPoolClientId,
    bucket: stack.bucket,
    outboxDir: stack.outbox.dir,
    signUpKey: TEST_SIGNUP_KEY,
    clientAppSecret: TEST_CLIENT_APP_SECRET,
    providerAppSecret: TEST_PROVIDER_APP_SECRET,
    epayco: TEST_EPAYCO,
    epaycoUrl: stack.urls.epayco!,
  };
  return {
    info,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Run as a script: start the stack, announce it, and stop it when stdin closes (the runner ended or died).
if (process.argv[1] === import.meta.filename) {
  const web = process.argv[2] === 'false' ? false : (process.argv[2] as StackOptions['web']);
  const { info, stop } = await startTestStack(web);
  console.log(`${LISTO}${JSON.stringify(info)}`);
  let stopping = false;
  const end = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.stdin.on('end', end).on('close', end).resume();
  process.on('SIGTERM', end);
}
