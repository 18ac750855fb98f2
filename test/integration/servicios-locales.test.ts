import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITACIONES_LOCALES } from '../../scripts/local/limitaciones.js';
import { startStack } from '../../scripts/local/stack.js';
import { stack } from '../support/clients.js';

/**
 * The local stand-ins are for this machine only (scripts/local/limitaciones.ts, docs/architecture.md
 * "The local stack"): each listens on loopback, and one that cannot choose says so in the warning the
 * stack prints at start.
 */

/** This machine's first address that is not loopback, if it has one. */
const externa = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** Whether a TCP connection to `host:port` is accepted. */
const acepta = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host, port, timeout: 2000 });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });

describe('the local stand-ins', () => {
  it.skipIf(!externa)("listen on loopback only, or say in the start's warning that they cannot", async () => {
    const s = stack();
    const servicios = {
      'API local': s.apiUrl,
      'Cognito (cognito-local)': s.cognitoEndpoint,
      'S3 (s3rver)': s.s3Endpoint,
      'ePayco (simulador local)': s.epaycoUrl,
      'DynamoDB Local': s.dynamodbEndpoint,
    };
    const abiertos: string[] = [];
    for (const [nombre, url] of Object.entries(servicios)) {
      const puerto = Number(new URL(url).port);
      expect(await acepta('127.0.0.1', puerto), nombre).toBe(true);
      if (await acepta(externa!, puerto)) abiertos.push(nombre);
    }
    const declarados = LIMITACIONES_LOCALES.filter((l) => l.falta.includes('todas las interfaces')).map((l) => l.servicio);
    expect(abiertos).toEqual(declarados);
  });

  it('refuse to start on a fixed port already taken, saying which in Spanish, before starting anything', async () => {
    const ocupado = createServer();
    await new Promise<void>((r) => ocupado.listen(0, '127.0.0.1', r));
    const { port } = ocupado.address() as { port: number };
    try {
      const inicio = performance.now();
      await expect(startStack({ dataDir: mkdtempSync(join(tmpdir(), 'puerto-ocupado-')), persistDynamo: false, signUpKey: 'k', clientAppSecret: 'k', providerAppSecret: 'k', web: false, jobsIntervalMs: false, ports: { dynamodb: port } })).rejects.toThrow(
        `El puerto ${port} (dynamodb) ya está en uso: ¿hay otro "npm start" corriendo? Deténlo o libera el puerto, y vuelve a intentarlo.`,
      );
      // Said at once: DynamoDB Local (a JVM) was never started.
      expect(performance.now() - inicio).toBeLessThan(1000);
    } finally {
      ocupado.close();
    }
  });
});
