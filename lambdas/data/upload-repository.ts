import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadKind } from '@shared/domain/uploads.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { batchGetAll } from './batch-get.js';
import { cancellationCodes, transact } from './transact.js';

/** A presigned POST handed out: confirmed at most once, by whoever asked for it, before it expires. */
export type UploadTicketItem = {
  id: string;
  sub: string;
  kind: UploadKind;
  key: string;
  fileName: string;
  estado: 'emitido' | 'usado';
  /** TTL (epoch seconds): tickets are kept a day, then DynamoDB drops them. */
  expiresAt: number;
  /** Until when it may be confirmed (epoch seconds). */
  validoHasta: number;
  /** How many times its file was checked before being taken (`revisar`). */
  revisiones?: number;
};

export const uploadRepository = {
  async issue(ticket: UploadTicketItem): Promise<void> {
    await ddb().send(new PutCommand({ TableName: tableName('uploads'), Item: ticket, ConditionExpression: 'attribute_not_exists(id)' }));
  },

  /**
   * The tickets asked for, each the caller's, of its kind, unused and still valid; null in place of one
   * that is not (unknown, someone else's, another kind, expired, used, or asked for twice). Reads only.
   */
  async vigentes(pedidos: readonly { id: string; kind: UploadKind }[], sub: string, now: Date): Promise<(UploadTicketItem | null)[]> {
    const ids = [...new Set(pedidos.map((p) => p.id))];
    // batchGetAll retries what DynamoDB leaves unprocessed: a busy table is not an invalid ticket.
    const byId = new Map(((await batchGetAll(tableName('uploads'), ids, { consistente: true })) as UploadTicketItem[]).map((t) => [t.id, t]));
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const vistos = new Set<string>();
    return pedidos.map(({ id, kind }) => {
      const t = byId.get(id);
      if (vistos.has(id)) return null;
      vistos.add(id);
      return t && t.sub === sub && t.kind === kind && t.estado === 'emitido' && t.validoHasta >= nowSeconds ? t : null;
    });
  },

  /**
   * Counts one more check of the caller's unused ticket, at most `maximo` in all: false once they are
   * spent (or the ticket was used meanwhile), so a costly file is not checked without end.
   */
  async revisar(id: string, sub: string, maximo: number): Promise<boolean> {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName('uploads'),
          Key: { id },
          UpdateExpression: 'ADD revisiones :uno',
          ConditionExpression: 'estado = :emitido AND #sub = :sub AND (attribute_not_exists(revisiones) OR revisiones < :maximo)',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':uno': 1, ':emitido': 'emitido', ':sub': sub, ':maximo': maximo },
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },

  /** Marks the caller's tickets used, all or none: false when one was used meanwhile (two confirms of one upload: one wins). */
  async usar(ids: readonly string[], sub: string): Promise<boolean> {
    try {
      await transact({
        TransactItems: ids.map((id) => ({
          Update: {
            TableName: tableName('uploads'),
            Key: { id },
            UpdateExpression: 'SET estado = :usado',
            ConditionExpression: 'estado = :emitido AND #sub = :sub',
            ExpressionAttributeNames: { '#sub': 'sub' },
            ExpressionAttributeValues: { ':usado': 'usado', ':emitido': 'emitido', ':sub': sub },
          },
        })),
      });
      return true;
    } catch (err) {
      // Only a failed condition means a ticket was used meanwhile; a throttled or conflicting write is a server error to retry.
      if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) return false;
      throw err;
    }
  },
};
