import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { API_MSG } from '@shared/schemas/messages.js';
import { ddb } from '../adapters/clients/dynamodb.js';
import { conflict } from '../errors.js';

/** Why DynamoDB cancelled a transaction, one code per item in order ('None' for an item that passed). */
export const cancellationCodes = (err: unknown): string[] | null =>
  (err as Error).name === 'TransactionCanceledException'
    ? ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None')
    : null;

/**
 * A transaction, tried again briefly while DynamoDB cancels it for a conflict with another one in
 * progress on the same item (on AWS, two writers at once; DynamoDB Local serialises them). The retry
 * then meets the winner's write: a failed condition the caller turns into a 409, not a server error;
 * one that keeps meeting other writers gives up with a 409 of its own (API_MSG.ocupado).
 */
export async function transact(input: TransactWriteCommandInput, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand(input));
      return;
    } catch (err) {
      const enConflicto = cancellationCodes(err)?.includes('TransactionConflict') ?? false;
      if (!enConflicto) throw err;
      // Still meeting another writer after a few tries: the caller is told to try again (409), not a server fault.
      if (attempt >= attempts) throw conflict(API_MSG.ocupado);
      await new Promise((resolve) => setTimeout(resolve, attempt * 25 + Math.random() * 25));
    }
  }
}

/**
 * A transaction whose items' conditions say why it was refused: `porItem[i]` names the refusal of the
 * i-th item's failed condition (the first failed one counts); null when it went through. Any other
 * failure is thrown.
 */
export async function transactORechazo<R extends string>(input: TransactWriteCommandInput, porItem: readonly (R | null)[]): Promise<R | null> {
  try {
    await transact(input);
    return null;
  } catch (err) {
    const rechazo = porItem[cancellationCodes(err)?.indexOf('ConditionalCheckFailed') ?? -1];
    if (rechazo) return rechazo;
    throw err;
  }
}
