import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * `batchGetAll` against what AWS answers and DynamoDB Local never does: keys left unread
 * (`UnprocessedKeys`) under throttling. The client is a stub that answers a scripted sequence.
 */
type Input = { RequestItems: Record<string, { Keys: { id: string }[]; ConsistentRead?: boolean }> };
const unread: number[] = []; // per call, how many of its keys DynamoDB leaves unread
const send = vi.fn(async (command: { input: Input }) => {
  const { Keys } = command.input.RequestItems.t!;
  const leave = Math.min(unread.shift() ?? 0, Keys.length);
  const read = Keys.slice(0, Keys.length - leave);
  return { Responses: { t: read.map((k) => ({ id: k.id, leido: true })) }, UnprocessedKeys: leave ? { t: { Keys: Keys.slice(Keys.length - leave) } } : {} };
});
vi.mock('../../lambdas/adapters/clients/dynamodb.js', () => ({ ddb: () => ({ send }), tableName: (key: string) => key }));

const { batchGetAll } = await import('../../lambdas/data/batch-get.js');
const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('batchGetAll', () => {
  beforeEach(() => {
    unread.length = 0;
    send.mockClear();
  });

  it('reads 250 ids in calls of at most 100 keys, each id once, consistently when asked', async () => {
    const items = await batchGetAll('t', [...ids(250), 'id-3'], { consistente: true });
    expect(items.map((i) => i.id).sort()).toEqual(ids(250).sort());
    expect(send.mock.calls.map(([c]) => c.input.RequestItems.t!.Keys.length)).toEqual([100, 100, 50]);
    expect(send.mock.calls.every(([c]) => c.input.RequestItems.t!.ConsistentRead === true)).toBe(true);
  });

  it('asks again for the keys DynamoDB left unread, until every one is read', async () => {
    unread.push(40, 10, 0);
    const items = await batchGetAll('t', ids(60));
    expect(items.map((i) => i.id).sort()).toEqual(ids(60).sort());
    expect(send.mock.calls.map(([c]) => c.input.RequestItems.t!.Keys.length)).toEqual([60, 40, 10]);
  });

  it('throws when keys stay unread, rather than answering as if they did not exist', async () => {
    unread.push(5, 5, 5, 5, 5);
    await expect(batchGetAll('t', ids(8))).rejects.toThrow('5 claves sin leer tras 5 intentos');
    expect(send).toHaveBeenCalledTimes(5);
  });
});
