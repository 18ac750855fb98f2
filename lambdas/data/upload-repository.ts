import { BatchGetCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadKind } from '../../shared/domain/uploads.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

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
};

export const uploadRepository = {
  async issue(ticket: UploadTicketItem): Promise<void> {
    await ddb().send(new PutCommand({ TableName: tableName('uploads'), Item: ticket, ConditionExpression: 'attribute_not_exists(id)' }));
  },

  /**
   * Marks the caller's tickets used, all or none, and returns them; null when any is unknown, someone
   * else's, of another kind, expired or used already (a second confirm of the same upload).
   */
  /** The caller's ticket of this kind, still unused and valid; null otherwise (nothing changes). */
  async vigente(id: string, sub: string, kind: UploadKind, now: Date): Promise<UploadTicketItem | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('uploads'), Key: { id }, ConsistentRead: true }));
    const t = Item as UploadTicketItem | undefined;
    return t && t.sub === sub && t.kind === kind && t.estado === 'emitido' && t.validoHasta >= Math.floor(now.getTime() / 1000) ? t : null;
  },

  async claim(ids: readonly string[], sub: string, kind: UploadKind, now: Date): Promise<UploadTicketItem[] | null> {
    const table = tableName('uploads');
    const { Responses } = await ddb().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: ids.map((id) => ({ id })), ConsistentRead: true } } }),
    );
    const byId = new Map(((Responses?.[table] ?? []) as UploadTicketItem[]).map((t) => [t.id, t]));
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const tickets = ids.map((id) => byId.get(id));
    if (tickets.some((t) => !t || t.sub !== sub || t.kind !== kind || t.estado !== 'emitido' || t.validoHasta < nowSeconds)) return null;
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: ids.map((id) => ({
            Update: {
              TableName: table,
              Key: { id },
              UpdateExpression: 'SET estado = :usado',
              ConditionExpression: 'estado = :emitido AND #sub = :sub',
              ExpressionAttributeNames: { '#sub': 'sub' },
              ExpressionAttributeValues: { ':usado': 'usado', ':emitido': 'emitido', ':sub': sub },
            },
          })),
        }),
      );
    } catch (err) {
      // Two confirms of the same upload at once: only one wins.
      if ((err as Error).name === 'TransactionCanceledException') return null;
      throw err;
    }
    return tickets as UploadTicketItem[];
  },
};
