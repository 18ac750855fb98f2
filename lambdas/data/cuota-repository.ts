import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

/** One quota counter to count a request in: its key, its ceiling, and when DynamoDB may drop it. */
export type Contador = { id: string; limite: number; expiresAt: number };

export const cuotaRepository = {
  /**
   * Counts one request in each counter that still has room, each on its own (no transaction: callers
   * of one company share a counter, and DynamoDB would cancel their transactions against each other).
   * Answers the counters that were full. A refused request may still count in the others: a caller
   * past one limit is near it anyway.
   */
  async contar(contadores: readonly Contador[]): Promise<Contador[]> {
    const llenos = await Promise.all(
      contadores.map(async (contador) => {
        try {
          await ddb().send(
            new UpdateCommand({
              TableName: tableName('cuotas'),
              Key: { id: contador.id },
              UpdateExpression: 'ADD n :uno SET expiresAt = :expira',
              ConditionExpression: 'attribute_not_exists(n) OR n < :limite',
              ExpressionAttributeValues: { ':uno': 1, ':limite': contador.limite, ':expira': contador.expiresAt },
            }),
          );
          return null;
        } catch (err) {
          if ((err as Error).name === 'ConditionalCheckFailedException') return contador;
          throw err;
        }
      }),
    );
    return llenos.filter((c): c is Contador => c !== null);
  },
};
