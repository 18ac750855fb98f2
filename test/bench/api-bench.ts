/**
 * `npm run bench`: latency of the API on the local stack over loopback, then the map feed's DynamoDB
 * reads (test/bench/mapa-bench.ts), the trip-start job's (inicio-bench.ts), the drivers' position reports
 * (posiciones-bench.ts) and the payments badge's (pagos-bench.ts). Bounded (fixed request counts and durations), stops by itself.
 * Figures go into the issue notes; no test asserts on time.
 */
import '../../scripts/local/quiet-sdk.js';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localClient } from '../../scripts/local/dynamodb.js';
import { solidPng } from '../../scripts/local/png.js';
import { seed } from '../../scripts/local/seed.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { startStack } from '../../scripts/local/stack.js';
import { vehicleCode } from '@shared/schemas/vehiculo.js';
import { localTableName } from '@shared/tables.js';
import { enDias, tinyJpeg, tinyWebp, vehiculoNuevo } from '../support/vehiculos.js';
import { inicioBench } from './inicio-bench.js';
import { avisosBench, resumenBench, seguimientoBench } from './avisos-bench.js';
import { mapaBench } from './mapa-bench.js';
import { pagosBench } from './pagos-bench.js';
import { posicionesBench } from './posiciones-bench.js';
import { cuotasBench, pdfsHostilesBench, registroInternoBench } from './entrada-hostil-bench.js';

const REQUESTS = 400;
const CONCURRENCY = 8;
/** Vehicles of another company added to the table, so the fleet query has something to not read. */
const OTHER_FLEET = 300;
const CREATIONS = 5;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const dataDir = mkdtempSync(join(tmpdir(), 'transportadoras-bench-'));
const stack = await startStack({ dataDir, persistDynamo: false, signUpKey: 'bench', clientAppSecret: 'bench', providerAppSecret: 'bench', web: false, jobsIntervalMs: false });
try {
  await seed(stack);
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.admin, PASSWORD: DEMO_PASSWORD } }),
  );
  const headers = { authorization: `Bearer ${auth.AuthenticationResult!.IdToken!}` };
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);

  async function load(path: string): Promise<void> {
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
    console.log(`GET ${path.padEnd(10)} ${REQUESTS} req, ${CONCURRENCY} concurrentes: p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms, p99 ${pct(times, 99)} ms, ${(REQUESTS / (total / 1000)).toFixed(0)} req/s`);
  }

  for (const path of ['/health', '/me']) await load(path);

  // Fleet list. Another company's fleet fills the table first: the list must read its own company only.
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const vehiculosTable = localTableName('local', 'vehiculos');
  const filler = Array.from({ length: OTHER_FLEET }, (_, i) => {
    const id = `veh-bench-otra-${String(i).padStart(4, '0')}`;
    const placas = `OTR${String(i).padStart(3, '0')}`;
    const { terminos: _t, fotos: _f, documentos: _d, ...datos } = vehiculoNuevo({ placas, email: `otra.${i}@bench.demo` });
    const vehiculo = { ...datos, id, codigo: vehicleCode(id), empresaAliada: 'bench-otra', empresa: 'Otra', validado: true, rating: 5, viajesRealizados: 0, fechaCreacion: new Date().toISOString() };
    return [vehiculo, { id: `placa#bench-otra#${placas}`, vehiculoId: id }];
  }).flat();
  for (let i = 0; i < filler.length; i += 25) {
    await doc.send(new BatchWriteCommand({ RequestItems: { [vehiculosTable]: filler.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  const tableItems = (await doc.send(new ScanCommand({ TableName: vehiculosTable, Select: 'COUNT' }))).Count ?? 0;
  const vehicleItems = (await doc.send(new ScanCommand({ TableName: vehiculosTable, Select: 'COUNT', FilterExpression: 'attribute_exists(empresaAliada)' }))).Count ?? 0;

  // What each list call reads, seen from the API's own DynamoDB client (same process): every Query it
  // sends is asked for its consumed capacity, and its items examined and returned are added up.
  const { ddb } = await import('../../lambdas/adapters/clients/dynamodb.js');
  const reads = { calls: 0, scanned: 0, returned: 0, capacity: 0 };
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'QueryCommand') return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const o = out.output as { Count?: number; ScannedCount?: number; ConsumedCapacity?: { CapacityUnits?: number } };
      reads.calls++;
      reads.scanned += o.ScannedCount ?? 0;
      reads.returned += o.Count ?? 0;
      reads.capacity += o.ConsumedCapacity?.CapacityUnits ?? 0;
      return out;
    },
    { step: 'initialize', name: 'benchQueryReads' },
  );
  const one = await fetch(`${stack.urls.api}/vehiculos`, { headers });
  const listed = ((await one.json()) as { items: unknown[] }).items.length;
  const perCall = { ...reads };
  console.log(
    `GET /vehiculos lee ${perCall.scanned} ítems (${perCall.calls} consulta(s) al índice byEmpresaAliada, ${perCall.capacity} RCU) y devuelve ${listed} vehículos; ` +
      `la tabla tiene ${tableItems} ítems (${vehicleItems} vehículos, ${OTHER_FLEET} de ellos de una empresa de relleno, y ${tableItems - vehicleItems} guardas de placa)`,
  );
  Object.assign(reads, { calls: 0, scanned: 0, returned: 0, capacity: 0 });
  await load('/vehiculos');
  console.log(`  en la carga: ${(reads.scanned / reads.calls).toFixed(1)} ítems leídos por consulta, ${reads.calls} consultas para ${REQUESTS + 1} llamadas`);

  // Creation: the browser's uploads to S3 happen first and are not timed; only POST /vehiculos is.
  async function upload(kind: string, bytes: Uint8Array, contentType: string): Promise<string> {
    const res = await fetch(`${stack.urls.api}/uploads`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind, contentType, size: bytes.length, fileName: 'archivo' }),
    });
    const ticket = (await res.json()) as { uploadId: string; url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
    const s3 = await fetch(ticket.url, { method: 'POST', body: form });
    if (s3.status >= 300) throw new Error(`S3 respondió ${s3.status}`);
    return ticket.uploadId;
  }
  const creation: number[] = [];
  for (let n = 0; n < CREATIONS; n++) {
    const photo = solidPng(320, 200, [n * 40, 100, 150]);
    const [frente, lateral, interior, perspectiva, tablero, licenciaConducir, rut, soat, tarjetaPropiedad] = await Promise.all([
      upload('fotoVehiculo', photo, 'image/png'),
      upload('fotoVehiculo', tinyJpeg(n), 'image/jpeg'),
      upload('fotoVehiculo', tinyWebp(n), 'image/webp'),
      upload('fotoVehiculo', photo, 'image/png'),
      upload('fotoVehiculo', tinyJpeg(n + 100), 'image/jpeg'),
      upload('documentoVehiculo', PDF, 'application/pdf'),
      upload('documentoVehiculo', PDF, 'application/pdf'),
      upload('documentoVehiculo', photo, 'image/png'),
      upload('documentoVehiculo', PDF, 'application/pdf'),
    ]);
    const body = vehiculoNuevo({
      placas: `BEN${String(n).padStart(3, '0')}`,
      email: `bench.conductor.${n}@bench.demo`,
      fechasoat: enDias(200),
      fotos: { frente, lateral, interior, perspectiva, tablero },
      documentos: { licenciaConducir, rut, soat, tarjetaPropiedad },
    });
    const t = performance.now();
    const res = await fetch(`${stack.urls.api}/vehiculos`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    creation.push(performance.now() - t);
    if (res.status !== 201) throw new Error(`POST /vehiculos respondió ${res.status}`);
  }
  const sortedCreation = [...creation].sort((a, b) => a - b);
  console.log(
    `POST /vehiculos con 9 archivos, ${CREATIONS} seguidas (sin la subida del navegador a S3): ${creation.map((t) => t.toFixed(0)).join(', ')} ms; ` +
      `p50 ${pct(sortedCreation, 50)} ms, máx ${sortedCreation[CREATIONS - 1]!.toFixed(1)} ms`,
  );

  // The driver app: 500 drivers reporting their position every 5 s for 60 s.
  await posicionesBench(stack);

  // Untrusted input: hostile PDFs read for the FUEC check, and the upload quotas.
  await pdfsHostilesBench();
  await cuotasBench(stack);
  await registroInternoBench(stack);

  // The trip-start job: items one run reads with 10 and 10 000 confirmed trips stored.
  await inicioBench(stack);
  await seguimientoBench(stack);
  await avisosBench(stack);
  await resumenBench(stack);

  // The map: items one GET /mapa reads as the services table grows, and DynamoDB's load while users poll it.
  const sesiones = await mapaBench(stack);

  // The 'Pagos Pendientes' badge: what its count reads, once and while the same users poll it.
  await pagosBench(stack, sesiones);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
