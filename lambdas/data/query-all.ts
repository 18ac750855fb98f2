import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../adapters/clients/dynamodb.js';

/** Every item of a query, page after page (for bounded sets: the jobs' due items, one company's fleet). */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>, parse: (item: Record<string, unknown>) => T): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []).map(parse));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
