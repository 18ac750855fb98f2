import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { palabrasDeBusqueda } from '@shared/domain/proveedores.js';
import { ddb } from '../adapters/clients/dynamodb.js';

export type Pagina<T> = { items: T[]; cursor: Record<string, unknown> | null };

/**
 * One page of a list kept as a partition of an index (a sparse key such as `estadoProveedor` or
 * `pagoPendiente`), in the index's order, filtered by the search text when given (every word must be
 * in the item's `busqueda`). With a filter a page may come back short; reading stops after `maxLeidos`
 * items so one request stays bounded, and the cursor says where to go on.
 */
export async function paginaDeIndice<T>(q: {
  tabla: string;
  indice: string;
  clave: { nombre: string; valor: string };
  /** Newest (largest sort key) first. */
  descendente: boolean;
  /** A further filter of the list itself (placeholders `#f…`, `:f…`). */
  filtro?: { expresion: string; nombres?: Record<string, string>; valores: Record<string, unknown> };
  texto?: string;
  limite: number;
  cursor?: Record<string, unknown>;
  maxLeidos?: number;
  proyeccion?: readonly string[];
  /** The index key of an item (table key and index key), to go on after it. */
  claveDe: (item: T) => Record<string, unknown>;
  leer: (item: Record<string, unknown>) => T | null;
}): Promise<Pagina<T>> {
  const items: T[] = [];
  // Every word somewhere ('gloria sinisterra' finds 'Gloria Inés Sinisterra'; 'sxt-771' finds SXT771).
  // All of them (the text is at most 100 characters): a seventh word dropped showed rows without it.
  const palabras = q.texto ? [...new Set(palabrasDeBusqueda(q.texto))] : [];
  const condiciones = [...(q.filtro ? [`(${q.filtro.expresion})`] : []), ...palabras.map((_, i) => `contains(#busqueda, :q${i})`)];
  const filtrado = condiciones.length > 0;
  const maxLeidos = q.maxLeidos ?? 1000;
  const proyeccion = q.proyeccion ? { ProjectionExpression: q.proyeccion.map((_, i) => `#p${i}`).join(', ') } : {};
  const nombres = {
    '#k': q.clave.nombre,
    ...(palabras.length ? { '#busqueda': 'busqueda' } : {}),
    ...q.filtro?.nombres,
    ...Object.fromEntries((q.proyeccion ?? []).map((c, i) => [`#p${i}`, c])),
  };
  let leidos = 0;
  let cursor = q.cursor;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: q.tabla,
        IndexName: q.indice,
        KeyConditionExpression: '#k = :k',
        ExpressionAttributeNames: nombres,
        ExpressionAttributeValues: { ':k': q.clave.valor, ...q.filtro?.valores, ...Object.fromEntries(palabras.map((p, i) => [`:q${i}`, p])) },
        ...(filtrado ? { FilterExpression: condiciones.join(' AND ') } : {}),
        ...proyeccion,
        ScanIndexForward: !q.descendente,
        Limit: filtrado ? 100 : q.limite - items.length,
        ExclusiveStartKey: cursor,
      }),
    );
    leidos += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      if (items.length === q.limite) break;
      const leido = q.leer(item);
      if (leido !== null) items.push(leido);
    }
    cursor = page.LastEvaluatedKey;
    // A full page cut short inside DynamoDB's page: go on from the last item returned.
    if (items.length === q.limite && filtrado) cursor = q.claveDe(items.at(-1)!);
  } while (cursor && items.length < q.limite && leidos < maxLeidos);
  return { items, cursor: cursor ?? null };
}
