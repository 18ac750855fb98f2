import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cambioItem } from '../../lambdas/data/cambios.js';

/**
 * Turns an account on or off: the record and its entry in the change log together, so every API
 * container drops its cached copy within a second (lambdas/data/cambios.ts).
 */
export async function setActivo(ddb: DynamoDBDocumentClient, tables: { usuarios: string; cambios: string }, sub: string, activo: boolean): Promise<void> {
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: tables.usuarios, Key: { id: sub }, UpdateExpression: 'SET activo = :a', ConditionExpression: 'attribute_exists(id)', ExpressionAttributeValues: { ':a': activo } } },
        { Put: { TableName: tables.cambios, Item: cambioItem({ tipo: 'usuario', id: sub }) } },
      ],
    }),
  );
}
