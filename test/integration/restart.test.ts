import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freeStablePort } from '../../scripts/local/ports.js';
import { seed } from '../../scripts/local/seed.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { startStack, type StackOptions } from '../../scripts/local/stack.js';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';

/** `npm start` keeps data on disk: a second start finds users, groups and records as they were. */
describe('local stack restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'transportadoras-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users, their groups and the seeded data across a restart', async () => {
    // Below the ephemeral range: between the two starts, another test's connection could take a port of it.
    const ports = { dynamodb: await freeStablePort(), s3: await freeStablePort(), cognito: await freeStablePort(), lambda: await freeStablePort(), api: await freeStablePort() };
    const opts: StackOptions = { dataDir, persistDynamo: true, ports, signUpKey: 'k', clientAppSecret: 'k', providerAppSecret: 'k', web: false, jobsIntervalMs: false };

    const first = await startStack(opts);
    const firstSeed = await seed(first);
    await first.stop();

    const second = await startStack(opts);
    try {
      expect(firstSeed.created).toBe(true);
      expect((await seed(second)).created).toBe(false);
      expect(second.userPoolId).toBe(first.userPoolId);

      const cognito = new CognitoIdentityProviderClient({ endpoint: second.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
      const auth = await cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: second.userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.staff, PASSWORD: DEMO_PASSWORD } }),
      );
      const res = await fetch(`${second.urls.api}/me`, { headers: { authorization: `Bearer ${auth.AuthenticationResult!.IdToken!}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ groups: ['user'], usuario: { email: DEMO_USERS.staff }, empresa: { id: 'demo-transvalle' } });
    } finally {
      await second.stop();
    }
  }, 60_000);
});
