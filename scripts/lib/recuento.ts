import { GetCommand, PutCommand, paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { claveEstado, type TipoProveedor } from '@shared/domain/proveedores.js';
import { conteosDe, estadoDeProveedor, leerProveedor, type Proveedor } from '../../lambdas/data/proveedor-repository.js';

export interface Recuento {
  /** The counters item as read (without its id). */
  antes: Record<string, number>;
  /** Each list's count from the records themselves. */
  despues: Record<string, number>;
  /** Records whose stored list key (`estadoProveedor`) is not the one their flags give: they show in the wrong list. */
  desacordes: string[];
  /** Records that do not parse: not counted, to fix by hand. */
  ilegibles: string[];
  escrito: boolean;
}

const CONTADORES = 'contadores';

/**
 * Counts the providers again from their records (ops, after a restore or a hand edit: every move
 * writes its counters in the same transaction, so they cannot drift otherwise). Reads both tables
 * whole, once. With `escribir`, replaces the counters item on condition that it is still what was
 * read: a move made meanwhile makes the write fail, and the count is run again.
 */
export async function recontarProveedores(ddb: DynamoDBDocumentClient, tablas: { vehiculos: string; proveedores: string }, escribir: boolean): Promise<Recuento> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tablas.proveedores, Key: { id: CONTADORES }, ConsistentRead: true }));
  const { id: _id, ...antes } = (Item ?? {}) as Record<string, number>;
  const registros: Proveedor[] = [];
  const desacordes: string[] = [];
  const ilegibles: string[] = [];
  for (const [tabla, tipos] of [
    [tablas.vehiculos, ['conductor']],
    [tablas.proveedores, ['guia', 'operador']],
  ] as const) {
    for await (const page of paginateScan({ client: ddb }, { TableName: tabla, ConsistentRead: true })) {
      for (const item of page.Items ?? []) {
        if (item.id === CONTADORES) continue;
        const tipo: TipoProveedor | undefined = tipos.length === 1 ? tipos[0] : tipos.find((t) => t === item.tipo);
        if (!tipo) continue;
        let p: Proveedor | null;
        try {
          p = leerProveedor(tipo, item);
        } catch {
          ilegibles.push(String(item.id));
          continue;
        }
        if (!p) continue;
        registros.push(p);
        if ((item.estadoProveedor ?? null) !== claveEstado(p.tipo, estadoDeProveedor(p))) desacordes.push(String(item.id));
      }
    }
  }
  const despues = conteosDe(registros);
  const claves = [...new Set([...Object.keys(antes), ...Object.keys(despues)])];
  const iguales = claves.every((k) => (antes[k] ?? 0) === (despues[k] ?? 0));
  if (!escribir || iguales) return { antes, despues, desacordes, ilegibles, escrito: false };

  const names = Object.fromEntries(claves.map((k, i) => [`#c${i}`, k]));
  const values = Object.fromEntries(claves.filter((k) => k in antes).map((k) => [`:c${claves.indexOf(k)}`, antes[k]]));
  const condicion = Item
    ? claves.map((k, i) => (k in antes ? `#c${i} = :c${i}` : `attribute_not_exists(#c${i})`)).join(' AND ')
    : 'attribute_not_exists(id)';
  await ddb.send(
    new PutCommand({
      TableName: tablas.proveedores,
      Item: { id: CONTADORES, ...despues },
      ConditionExpression: condicion,
      ...(Item ? { ExpressionAttributeNames: names } : {}),
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    }),
  );
  return { antes, despues, desacordes, ilegibles, escrito: true };
}
