import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../adapters/clients/dynamodb.js';

const POR_LOTE = 100; // BatchGetItem's limit of keys per call
const INTENTOS = 5;

/**
 * The items with these ids (those that exist), 100 keys per call. DynamoDB may leave keys unread
 * (`UnprocessedKeys`, under throttling or its 16 MB limit): they are asked again with a growing pause,
 * and an error is thrown if some stay unread, so a caller never takes a key it did not read as absent.
 */
export async function batchGetAll(
  table: string,
  ids: readonly string[],
  opts: { consistente?: boolean; proyeccion?: string; nombres?: Record<string, string> } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const unicos = [...new Set(ids)];
  for (let i = 0; i < unicos.length; i += POR_LOTE) {
    let keys: Record<string, unknown>[] = unicos.slice(i, i + POR_LOTE).map((id) => ({ id }));
    for (let intento = 0; keys.length; intento++) {
      if (intento === INTENTOS) throw new Error(`BatchGet de ${table}: ${keys.length} claves sin leer tras ${INTENTOS} intentos`);
      if (intento) await new Promise((r) => setTimeout(r, 50 * 2 ** intento));
      const r = await ddb().send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: keys, ConsistentRead: opts.consistente, ProjectionExpression: opts.proyeccion, ExpressionAttributeNames: opts.nombres } },
        }),
      );
      items.push(...(r.Responses?.[table] ?? []));
      keys = (r.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return items;
}
