/**
 * Issue 48's sections of `npm run bench`:
 * - the expiry alerts' daily run (docs/decisions/0015): items it reads from DynamoDB with 1 000 and with
 *   100 000 vehicles stored, 20 of them due that day; the rest wait in the sparse index for a later day;
 * - the live trip link (docs/decisions/0014): what DynamoDB serves when many passengers poll one link.
 * Both run in this process against the bench's stack; reads are counted on its DynamoDB client.
 */
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { localClient } from '../../scripts/local/dynamodb.js';
import type { Stack } from '../../scripts/local/stack.js';
import { AVISO_PENDIENTE } from '@shared/domain/avisos-vencimiento.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { localTableName } from '@shared/tables.js';
import { secretoSeguimiento } from '../../lambdas/data/seguimiento-secreto.js';

const DIA = 86_400_000;
const DEBIDOS = 20;

/** Counts what every command of the API's (and the jobs') DynamoDB client reads: items examined or returned. */
async function contador() {
  const { ddb } = await import('../../lambdas/adapters/clients/dynamodb.js');
  const c = { items: 0, llamadas: 0, porComando: {} as Record<string, number> };
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const o = out.output as { ScannedCount?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
      const n = o.ScannedCount ?? (o.Item ? 1 : 0) + Object.values(o.Responses ?? {}).reduce((t, r) => t + r.length, 0);
      const comando = context.commandName ?? '';
      if (['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand'].includes(comando)) {
        c.items += n;
        c.llamadas++;
        c.porComando[comando] = (c.porComando[comando] ?? 0) + n;
      }
      return out;
    },
    { step: 'initialize', name: `benchLecturas${Math.random()}` },
  );
  return { c, cero: () => Object.assign(c, { items: 0, llamadas: 0, porComando: {} }) };
}

export async function avisosBench(stack: Stack, { TAMANOS = [1_000, 100_000] } = {}): Promise<void> {
  const { runAvisos } = await import('../../lambdas/jobs/avisos-vencimiento.js');
  const { c, cero } = await contador();
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const table = localTableName('local', 'vehiculos');
  const now = new Date();
  const dia = (n: number) => hoyEnBogota(new Date(now.getTime() + n * DIA));
  const vehiculo = (id: string, empresa: number, soat: number, proximo: number) => ({
    id, empresaAliada: `bench-avisos-${empresa}`, placas: `BAV${String(empresa).padStart(3, '0')}`, nombre: 'Conductor Bench', email: '',
    fechasoat: dia(soat), vencimientoRevisionTecnica: dia(soat + 40), vencimientoTarjetaOperacion: dia(soat + 80), vencimientoLicenciaDeConducir: dia(soat + 120),
    aviso: AVISO_PENDIENTE, proximoAviso: dia(proximo),
  });
  async function cargar(items: Record<string, unknown>[]) {
    const lotes = [];
    for (let i = 0; i < items.length; i += 25) lotes.push(items.slice(i, i + 25));
    // Eight writers at once: 100 000 items load in about a minute on DynamoDB Local.
    for (let i = 0; i < lotes.length; i += 8)
      await Promise.all(
        lotes.slice(i, i + 8).map(async (lote) => {
          let pedidos = lote.map((Item) => ({ PutRequest: { Item } }));
          while (pedidos.length) pedidos = ((await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pedidos } }))).UnprocessedItems?.[table] as typeof pedidos) ?? [];
        }),
      );
  }

  console.log(`\nAvisos de vencimiento (tarea diaria): ítems que lee cada ejecución, ${DEBIDOS} vehículos con un aviso debido ese día`);
  let guardados = 0;
  for (const [n, tamano] of TAMANOS.entries()) {
    // Vehicles whose next alert is 1 to 300 days away (their documents far from expiring, or their
    // last alert sent): in the index, not due; and the day's due ones, SOAT within 30 days.
    const t0 = performance.now();
    await cargar(Array.from({ length: tamano - guardados }, (_, i) => vehiculo(`veh-bench-avisos-${n}-${i}`, i % 1000, 60 + (i % 300), 30 + (i % 300))));
    await cargar(Array.from({ length: DEBIDOS }, (_, i) => vehiculo(`veh-bench-avisos-debido-${n}-${i}`, i, 5 + i, 0)));
    const carga = performance.now() - t0;
    guardados = tamano;
    cero();
    const t = performance.now();
    const primera = await runAvisos(now);
    const ms = performance.now() - t;
    const l1 = { ...c, porComando: { ...c.porComando } };
    cero();
    const segunda = await runAvisos(now);
    console.log(
      `  ${String(tamano).padStart(7)} vehículos (cargados en ${(carga / 1000).toFixed(0)} s): 1.ª ejecución leyó ${l1.items} ítems en ${l1.llamadas} llamadas (${JSON.stringify(l1.porComando)}), ` +
        `avisó ${primera.documentos} documentos en ${primera.correos} correos (${ms.toFixed(0)} ms); 2.ª ejecución el mismo día leyó ${c.items} ítems y avisó ${segunda.documentos}`,
    );
  }
  console.log('  → cada ejecución lee los vehículos con un aviso debido (índice disperso porAviso), no la flota: no crece con los vehículos guardados');
}

export async function seguimientoBench(stack: Stack, { PASAJEROS = 40, RONDAS = 6 } = {}): Promise<void> {
  const { c, cero } = await contador();
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const now = new Date();
  const secreto = secretoSeguimiento();
  const id = 'bench-seguimiento-1';
  await doc.send(
    new PutCommand({
      TableName: localTableName('local', 'services'),
      Item: {
        id, estado: 'confirmado', recorridoIniciado: true, recorridoIniciadoEn: new Date(now.getTime() - 600_000).toISOString(), seguimiento: secreto, empresaAliada: 'demo-transvalle',
        vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz', origen: 'Terminal de Cali', destino: 'Aeropuerto', fechaSalida: now.toISOString(),
        empresa: 'Cliente', cliente: 'Cliente', nombre: 'Traslado', solicitante: 'Ana', tipo: 'Van', clase: 'Empresarial', latOrigen: 3.45, lonOrigen: -76.53, pasajeros: 10,
        ciudad: 'Cali', departamento: 'Valle del Cauca', creadoEn: now.toISOString(), fuec: true,
      },
    }),
  );
  const url = `${stack.urls.api}/seguimiento/${id}.${secreto}`;
  const etiquetas = new Map<number, string>();
  let n304 = 0;
  let n200 = 0;
  cero();
  const t = performance.now();
  // Each round: every passenger's page asks once (10 s apart in the console; back to back here, so the
  // per-container cache of 5 s spans at most two rounds of real polling).
  for (let r = 0; r < RONDAS; r++) {
    await Promise.all(
      Array.from({ length: PASAJEROS }, async (_, p) => {
        const previa = etiquetas.get(p);
        const res = await fetch(url, { headers: previa ? { 'If-None-Match': previa } : {} });
        await res.arrayBuffer();
        if (res.status === 304) n304++;
        else if (res.status === 200) {
          n200++;
          etiquetas.set(p, res.headers.get('etag') ?? '');
        }
      }),
    );
  }
  const ms = performance.now() - t;
  console.log(
    `\nEnlace de seguimiento: ${PASAJEROS} pasajeros × ${RONDAS} consultas del mismo enlace en ${ms.toFixed(0)} ms: ${n200} respuestas 200 y ${n304} 304; ` +
      `DynamoDB sirvió ${c.items} ítems en ${c.llamadas} llamadas (${JSON.stringify(c.porComando)}): una lectura del servicio y una posición por contenedor cada 5 s, no por pasajero`,
  );
}

/**
 * 'Resumen' (docs/decisions/0016): items one load reads with 1 000 and with 100 000 finished services of
 * one company stored, each with its counters as the trip's end adds them; and what reading the company's
 * finished services instead would read.
 */
export async function resumenBench(stack: Stack, { TAMANOS = [1_000, 100_000] } = {}): Promise<void> {
  const { cifrasRepository } = await import('../../lambdas/data/cifras-repository.js');
  const { resumenDe, sumasDe, ultimosMeses, mesDe } = await import('@shared/domain/cifras.js');
  const { QueryCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { c, cero } = await contador();
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const services = localTableName('local', 'services');
  const empresa = 'bench-resumen';
  const now = new Date();
  const sumas = new Map<string, Record<string, number>>();
  let guardados = 0;
  console.log('\nResumen de la empresa: ítems que lee cada carga');
  for (const tamano of TAMANOS) {
    const nuevos = Array.from({ length: tamano - guardados }, (_, i) => {
      const fin = new Date(now.getTime() - ((guardados + i) % 360) * DIA);
      const s = { id: `bench-resumen-${guardados + i}`, estado: 'finalizado', empresaAliada: empresa, estadoEmpresa: `${empresa}#finalizado`, fechaSalida: fin.toISOString(), placas: `BRS${String(i % 40).padStart(3, '0')}`, ciudad: 'Cali', destino: `Destino ${i % 25}, Valle del Cauca` };
      const mes = mesDe(fin);
      const m = sumas.get(mes) ?? {};
      for (const [k, v] of Object.entries(sumasDe.viaje(s))) m[k] = (m[k] ?? 0) + v;
      sumas.set(mes, m);
      return s;
    });
    for (let i = 0; i < nuevos.length; i += 200)
      await Promise.all(
        Array.from({ length: 8 }, (_, j) => nuevos.slice(i + j * 25, i + j * 25 + 25)).filter((l) => l.length).map(async (lote) => {
          let pedidos = lote.map((Item) => ({ PutRequest: { Item } }));
          while (pedidos.length) pedidos = ((await doc.send(new BatchWriteCommand({ RequestItems: { [services]: pedidos } }))).UnprocessedItems?.[services] as typeof pedidos) ?? [];
        }),
      );
    guardados = tamano;
    // The counters as the trips' ends would have left them (set here at once, not added trip by trip).
    for (const [mes, m] of sumas) {
      const claves = Object.keys(m);
      await doc.send(
        new UpdateCommand({
          TableName: localTableName('local', 'cifras'),
          Key: { empresaId: empresa, mes },
          UpdateExpression: `SET ${claves.map((_, i) => `#c${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(claves.map((k, i) => [`#c${i}`, k])),
          ExpressionAttributeValues: Object.fromEntries(claves.map((k, i) => [`:v${i}`, m[k]])),
        }),
      );
    }
    cero();
    const t = performance.now();
    const r = resumenDe(await cifrasRepository.ultimos(empresa, now), ultimosMeses(now));
    const ms = performance.now() - t;
    const leidos = c.items;
    // What counting from the services would read: every finished service of the company.
    let todos = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(new QueryCommand({ TableName: services, IndexName: 'porEstadoEmpresa', KeyConditionExpression: 'estadoEmpresa = :e', ExpressionAttributeValues: { ':e': `${empresa}#finalizado` }, Select: 'COUNT', ExclusiveStartKey: start }));
      todos += page.ScannedCount ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    console.log(`  ${String(tamano).padStart(7)} servicios finalizados: una carga leyó ${leidos} ítems (${ms.toFixed(0)} ms) y cuenta ${r.totales.viajes} viajes de los últimos 12 meses en ${r.porVehiculo.length} vehículos y ${r.porRuta.length} rutas; contarlos desde los servicios leería ${todos}`);
  }
  console.log('  → una carga lee a lo sumo 12 ítems (uno por mes), no los servicios');
}
