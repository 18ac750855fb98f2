import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TableKey } from '@shared/tables.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

/**
 * Sets one attribute of an existing item and returns its previous value, so the caller can delete
 * what the old value pointed to (a replaced file's object).
 */
export async function replaceAttribute<T>(table: TableKey, id: string, name: string, value: T): Promise<T | undefined> {
  const { Attributes } = await ddb().send(
    new UpdateCommand({
      TableName: tableName(table),
      Key: { id },
      UpdateExpression: 'SET #a = :v',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeNames: { '#a': name },
      ExpressionAttributeValues: { ':v': value },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes?.[name] as T | undefined;
}
