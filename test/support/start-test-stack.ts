import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seed } from '../../scripts/local/seed.js';
import { startStack, type StackOptions } from '../../scripts/local/stack.js';
import type { StackInfo } from './stack-info.js';

export const TEST_SIGNUP_KEY = 'clave-de-pruebas-2026';
export const TEST_CLIENT_APP_SECRET = 'clave-app-clientes-de-pruebas';
export const TEST_PROVIDER_APP_SECRET = 'clave-app-proveedores-de-pruebas';
export const TEST_EPAYCO = { p_cust_id_cliente: '900777', p_key: 'llave-epayco-de-pruebas' };

/** Starts a throw-away stack (in-memory DynamoDB, temp folders) with the demo data, for one test run. */
export async function startTestStack(project: TestProject, web: StackOptions['web']) {
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
  project.provide('stack', info);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
