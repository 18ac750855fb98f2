/**
 * `npm run bench`: latency of the API on the local stack over loopback. Bounded (fixed request counts),
 * stops by itself. Figures go into the issue notes; no test asserts on time.
 */
import '../../scripts/local/quiet-sdk.js';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, DEMO_USERS, seed } from '../../scripts/local/seed.js';
import { startStack } from '../../scripts/local/stack.js';

const REQUESTS = 400;
const CONCURRENCY = 8;

const dataDir = mkdtempSync(join(tmpdir(), 'transportadoras-bench-'));
const stack = await startStack({ dataDir, persistDynamo: false, signUpKey: 'bench', web: false, jobsIntervalMs: false });
try {
  await seed(stack);
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.admin, PASSWORD: DEMO_PASSWORD } }),
  );
  const headers = { authorization: `Bearer ${auth.AuthenticationResult!.IdToken!}` };

  for (const path of ['/health', '/me']) {
    await fetch(`${stack.urls.api}${path}`, { headers }); // warm-up (JWKS fetch, connections)
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const t = performance.now();
          const res = await fetch(`${stack.urls.api}${path}`, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${path} respondió ${res.status}`);
          times.push(performance.now() - t);
        }
      }),
    );
    const total = performance.now() - started;
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
    console.log(`GET ${path.padEnd(8)} ${REQUESTS} req, ${CONCURRENCY} concurrentes: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, ${(REQUESTS / (total / 1000)).toFixed(0)} req/s`);
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
