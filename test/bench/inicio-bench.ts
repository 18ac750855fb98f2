/**
 * The trip-start section of `npm run bench`: what one run of the every-minute job reads from DynamoDB
 * with 10 and with 10 000 confirmed trips stored (plus as many already started), and what the old
 * query (index byEstado, every confirmed trip departed or due, filtered on recorridoIniciado) would read.
 * The job runs in this process against the bench's stack; reads are counted on its DynamoDB client.
 */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { localClient } from '../../scripts/local/dynamodb.js';
import { servicioSimulado } from '../../scripts/local/demo-data.js';
import type { Stack } from '../../scripts/local/stack.js';
import { tripStartCutoff } from '@shared/domain/trips.js';
import { serviceSchema } from '@shared/schemas/service.js';
import { localTableName } from '@shared/tables.js';
import { prng } from '../../scripts/local/prng.js';

/** Trips due at each measured run (departing within the 2 hours). */
const DEBIDOS = 5;
const MIN = 60_000;


export async function inicioBench(stack: Stack, { TAMANOS = [10, 10_000] } = {}): Promise<void> {
  const { runTick } = await import('../../lambdas/jobs/tick.js');
  const { ddb } = await import('../../lambdas/adapters/clients/dynamodb.js');
  const table = localTableName('local', 'services');
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  let leidos = 0;
  let consultas = 0;
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const input = args.input as { IndexName?: string };
      if (context.commandName === 'QueryCommand' && input.IndexName === 'porIniciar') {
        consultas++;
        leidos += (out.output as { ScannedCount?: number }).ScannedCount ?? 0;
      }
      return out;
    },
    { step: 'initialize', name: 'benchInicioLecturas' },
  );

  const rand = prng(2611);
  const now = new Date();
  const viaje = (id: string, salida: number, iniciado: boolean) =>
    servicioItem(
      serviceSchema.parse({
        ...servicioSimulado(rand, now),
        empresa: 'Cliente Bench', id, estado: 'confirmado', empresaAliada: `bench-inicio-${Math.floor(rand() * 200)}`, creadoEn: new Date(salida - 5 * 86_400_000).toISOString(),
        fechaSalida: new Date(salida).toISOString(), fechaRegreso: null, fuec: true, pagarAnticipoConductor: true, placas: 'BEN001', conductor: 'Conductor Bench',
        valorOferta: 900_000, metodoPago: 'transferencia', recorridoIniciado: iniciado,
      }),
    );
  async function cargar(items: Record<string, unknown>[]) {
    for (let i = 0; i < items.length; i += 25) {
      let pedidos = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      while (pedidos.length) pedidos = ((await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pedidos } }))).UnprocessedItems?.[table] as typeof pedidos) ?? [];
    }
  }
  /** What the old query read: every confirmed trip departing by the cutoff, started ones included. */
  async function consultaAnterior(): Promise<number> {
    let total = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(
        new QueryCommand({
          TableName: table, IndexName: 'byEstado', KeyConditionExpression: 'estado = :e AND fechaSalida <= :c', ExpressionAttributeValues: { ':e': 'confirmado', ':c': tripStartCutoff(now) },
          Select: 'COUNT', ExclusiveStartKey: start,
        }),
      );
      total += page.ScannedCount ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    return total;
  }

  console.log(`\nTarea de inicio de recorridos (cada minuto): ítems que lee cada ejecución, ${DEBIDOS} viajes por iniciar en cada medida`);
  let guardados = 0;
  for (const [n, tamano] of TAMANOS.entries()) {
    // Half still ahead (confirmed, departing 3 h to 30 days out), half already started (the backlog
    // of trips that left in the last months, still 'confirmado' until they are finished).
    const nuevos = tamano - guardados;
    const items = Array.from({ length: nuevos }, (_, i) =>
      i % 2 === 0
        ? viaje(`bench-inicio-${n}-${i}`, now.getTime() + (180 + rand() * 30 * 24 * 60) * MIN, false)
        : viaje(`bench-inicio-${n}-${i}`, now.getTime() - (rand() * 90 * 24 * 60 + 10) * MIN, true),
    );
    const debidos = Array.from({ length: DEBIDOS }, (_, i) => viaje(`bench-debido-${n}-${i}`, now.getTime() + (10 + i * 20) * MIN, false));
    await cargar([...items, ...debidos]);
    guardados = tamano;

    leidos = 0;
    consultas = 0;
    const t = performance.now();
    const primera = await runTick(now);
    const ms = performance.now() - t;
    const [l1, c1] = [leidos, consultas];
    leidos = 0;
    consultas = 0;
    const segunda = await runTick(now);
    console.log(
      `  ${String(tamano).padStart(6)} viajes confirmados guardados (la mitad ya iniciados): 1.ª ejecución leyó ${l1} ítems en ${c1} consulta(s) al índice porIniciar e inició ${primera.started.length} (${ms.toFixed(0)} ms); ` +
        `2.ª ejecución leyó ${leidos} e inició ${segunda.started.length}; la consulta anterior (byEstado, filtrando iniciados) leería ${await consultaAnterior()} en cada ejecución`,
    );
  }
  console.log('  → cada ejecución lee solo los viajes por iniciar: no crece con los confirmados ni con los ya iniciados');
}
