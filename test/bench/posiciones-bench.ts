/**
 * The driver-position section of `npm run bench`: 500 simulated drivers (each its own Cognito account
 * and vehicle) report their position every 5 s for 60 s through `POST /integracion/conductor/posicion`,
 * as the driver app does. Reports errors (anything but 204) and the latency percentiles.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConsoleUser } from '../../scripts/lib/console-users.js';
import { localClient } from '../../scripts/local/dynamodb.js';
import { DEMO_PASSWORD } from '../../scripts/local/demo-users.js';
import type { Stack } from '../../scripts/local/stack.js';
import { localTableName } from '@shared/tables.js';
import { prng } from '../../scripts/local/prng.js';
import { cargar, enCurso } from './mapa-bench-datos.js';

const CONDUCTORES = 500;
const INTERVALO_MS = 5000;
const DURACION_MS = 60_000;
const EMPRESA = 'bench-posiciones';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);

async function enParalelo<T>(n: number, trabajos: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < trabajos) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

export async function posicionesBench(stack: Stack, { conductores = CONDUCTORES, duracionMs = DURACION_MS } = {}): Promise<void> {
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const users = { cognito, userPoolId: stack.userPoolId, ddb: doc, usuariosTable: localTableName('local', 'usuarios') };

  let t = performance.now();
  const ids = Array.from({ length: conductores }, (_, i) => `veh-${EMPRESA}-${String(i).padStart(4, '0')}`);
  // Only what the report's condition reads (the vehicle's company); the rest of a vehicle is not needed here.
  for (let i = 0; i < ids.length; i += 25) {
    const lote = ids.slice(i, i + 25).map((id) => ({ PutRequest: { Item: { id, empresaAliada: EMPRESA } } }));
    await doc.send(new BatchWriteCommand({ RequestItems: { [localTableName('local', 'vehiculos')]: lote } }));
  }
  // Each on a trip under way: the API takes a position only then.
  const rand = prng(46);
  await cargar(doc, 'services', ids.map((id, i) => enCurso(rand, i, Date.now(), EMPRESA, id)));
  await enParalelo(8, conductores, (i) =>
    createConsoleUser(users, { email: `conductor${i}@posiciones.bench`, password: DEMO_PASSWORD, nombres: 'Conductor', apellidos: `Bench ${i}`, role: 'conductor', empresaId: EMPRESA, vehiculoId: ids[i]!, perfil: true }),
  );
  const tokens = await enParalelo(8, conductores, async (i) =>
    (
      await cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: `conductor${i}@posiciones.bench`, PASSWORD: DEMO_PASSWORD } }),
      )
    ).AuthenticationResult!.IdToken!,
  );
  console.log(
    `\nPosiciones de conductores: ${conductores} conductores (cuentas de Cognito y vehículos propios) reportan cada ${INTERVALO_MS / 1000} s durante ${duracionMs / 1000} s ` +
      `(preparación ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );

  const tiempos: number[] = [];
  const errores = new Map<string, number>();
  const inicio = performance.now() + 100;
  t = inicio;
  await Promise.all(
    tokens.map(async (token, i) => {
      // Phones started at different moments: each driver's reports are spread over the interval.
      const desfase = (i / conductores) * INTERVALO_MS;
      for (let k = 0; desfase + k * INTERVALO_MS < duracionMs; k++) {
        const at = inicio + desfase + k * INTERVALO_MS;
        if (at > performance.now()) await sleep(at - performance.now());
        const started = performance.now();
        try {
          const res = await fetch(`${stack.urls.api}/integracion/conductor/posicion`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ lat: 3.45 + Math.sin(k / 10 + i) * 0.02, lng: -76.53 + Math.cos(k / 10 + i) * 0.02, velocidad: 30 + (k % 20) }),
          });
          await res.arrayBuffer();
          if (res.status !== 204) errores.set(String(res.status), (errores.get(String(res.status)) ?? 0) + 1);
        } catch (e) {
          errores.set((e as Error).name, (errores.get((e as Error).name) ?? 0) + 1);
        }
        tiempos.push(performance.now() - started);
      }
    }),
  );
  const segundos = (performance.now() - t) / 1000;
  tiempos.sort((a, b) => a - b);
  const totalErrores = [...errores.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  ${tiempos.length} reportes en ${segundos.toFixed(1)} s (${(tiempos.length / segundos).toFixed(0)} req/s): ${totalErrores} errores${totalErrores ? ` (${[...errores].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}; ` +
      `p50 ${pct(tiempos, 50)} ms, p95 ${pct(tiempos, 95)} ms, p99 ${pct(tiempos, 99)} ms, máx ${pct(tiempos, 100)} ms`,
  );
  console.log('  → cada reporte: verificación del token, el usuario de la caché del contenedor y una escritura condicionada al vehículo (sin lecturas)');
}
