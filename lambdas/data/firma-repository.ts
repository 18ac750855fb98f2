import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

/** The other apps' signed writes already admitted, each once (table `firmas`). */
export const firmaRepository = {
  /**
   * Records a signature as used; false when it already was (a replay). `hasta` (epoch seconds) is past
   * the signature's own window: after it, the timestamp alone refuses the request, and TTL drops the item.
   */
  async usar(firma: string, hasta: number): Promise<boolean> {
    try {
      await ddb().send(new PutCommand({ TableName: tableName('firmas'), Item: { firma, expiresAt: hasta }, ConditionExpression: 'attribute_not_exists(firma)' }));
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },
};
