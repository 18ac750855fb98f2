import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The plate guard's transaction against what AWS answers and DynamoDB Local never does: a
 * cancellation for a conflict with another transaction in progress on the same item (two creations
 * of one plate at the same moment). The client is a stub that answers a scripted sequence.
 */
const answers: (Error | null)[] = [];
const send = vi.fn(async (_command: { constructor: { name: string }; input: Record<string, unknown> }) => {
  const next = answers.shift();
  if (next) throw next;
  return {};
});
vi.mock('../../lambdas/adapters/clients/dynamodb.js', () => ({ ddb: () => ({ send }), tableName: (key: string) => `test-${key}` }));

const { PlacaOcupada, vehiculoRepository } = await import('../../lambdas/data/vehiculo-repository.js');
const { API_MSG } = await import('@shared/schemas/messages.js');

const canceled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
/** The transaction attempts (a success also logs the company's change, a Put into the change log). */
const intentos = () => send.mock.calls.filter(([c]) => c.constructor.name === 'TransactWriteCommand').length;
const cambiosLogueados = () => send.mock.calls.filter(([c]) => c.constructor.name === 'PutCommand' && c.input.TableName === 'test-cambios').length;
const vehiculo = { id: 'v1', empresaAliada: 'e1', placas: 'ABC123' } as Parameters<typeof vehiculoRepository.create>[0];

describe('vehicle plate guard transaction', () => {
  beforeEach(() => {
    answers.length = 0;
    send.mockClear();
  });

  it('tries again after a conflict and succeeds when the plate is free', async () => {
    answers.push(canceled('TransactionConflict', 'None'));
    await expect(vehiculoRepository.create(vehiculo)).resolves.toBeUndefined();
    expect(intentos()).toBe(2);
    expect(cambiosLogueados()).toBe(1);
  });

  it("answers a taken plate once the retry meets the winner's guard", async () => {
    answers.push(canceled('TransactionConflict', 'None'), canceled('ConditionalCheckFailed', 'None'));
    await expect(vehiculoRepository.create(vehiculo)).rejects.toBeInstanceOf(PlacaOcupada);
    expect(intentos()).toBe(2);
    expect(cambiosLogueados()).toBe(0);
  });

  it('gives up after a few conflicts, and does not retry other failures', async () => {
    answers.push(...Array.from({ length: 6 }, () => canceled('TransactionConflict', 'None')));
    // A 409 in Spanish to try again, not a 500.
    await expect(vehiculoRepository.create(vehiculo)).rejects.toMatchObject({ status: 409, message: API_MSG.ocupado });
    expect(intentos()).toBe(4);

    send.mockClear();
    answers.length = 0;
    answers.push(Object.assign(new Error('boom'), { name: 'InternalServerError' }));
    await expect(vehiculoRepository.create(vehiculo)).rejects.toThrow('boom');
    expect(intentos()).toBe(1);
  });

  it('retries the undo of a creation the same way', async () => {
    answers.push(canceled('TransactionConflict', 'None'));
    await expect(vehiculoRepository.remove(vehiculo)).resolves.toBeUndefined();
    expect(intentos()).toBe(2);
  });
});
