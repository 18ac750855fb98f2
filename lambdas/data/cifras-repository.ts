import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expresionSuma, mesDe, ultimosMeses, type Sumas } from '@shared/domain/cifras.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

/**
 * The company's figures (docs/decisions/0016): counters per company and month, written only as a part
 * of the transaction that changes the data they count, so they never drift from it.
 */
export const cifrasRepository = {
  /** The transaction item that adds `sumas` to the company's month of `now` (made on first use). */
  sumar(empresaId: string, now: Date, sumas: Sumas) {
    return { Update: { TableName: tableName('cifras'), Key: { empresaId, mes: mesDe(now) }, ...expresionSuma(sumas) } };
  },

  /** The company's last twelve months: one query of at most twelve items, however many services it has. */
  async ultimos(empresaId: string, now: Date): Promise<Record<string, unknown>[]> {
    const meses = ultimosMeses(now);
    const { Items } = await ddb().send(
      new QueryCommand({
        TableName: tableName('cifras'),
        KeyConditionExpression: 'empresaId = :e AND mes BETWEEN :desde AND :hasta',
        ExpressionAttributeValues: { ':e': empresaId, ':desde': meses[0], ':hasta': meses[meses.length - 1] },
      }),
    );
    return Items ?? [];
  },
};
