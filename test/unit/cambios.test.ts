import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The change log between Lambda containers: two module instances of `cambios` (two containers)
 * share one fake DynamoDB log; each keeps its own cache of records.
 */
type Entrada = { canal: string; marca: string; tipo: string; id: string };
const log: Entrada[] = [];
let consultas = 0;
let falla = false;

const send = vi.fn(async (command: { constructor: { name: string }; input: Record<string, any> }) => {
  if (command.constructor.name === 'PutCommand') {
    log.push(command.input.Item);
    return {};
  }
  consultas++;
  if (falla) throw new Error('DynamoDB no responde');
  const desde = command.input.ExpressionAttributeValues[':d'] as string;
  return { Items: log.filter((e) => e.marca > desde).map(({ tipo, id }) => ({ tipo, id })) };
});
vi.mock('../../lambdas/adapters/clients/dynamodb.js', () => ({ ddb: () => ({ send }), tableName: (key: string) => `test-${key}` }));

/** A fresh container: its own module instance, caches and cursor. */
async function contenedor() {
  vi.resetModules();
  const { cambios } = await import('../../lambdas/data/cambios.js');
  const registros = new Map<string, number>();
  let lecturas = 0;
  const cache = cambios.cache<number | null>('usuario');
  const leer = (id: string) =>
    cache.get(id, async () => {
      lecturas++;
      return registros.get(id) ?? null;
    });
  return { cambios, registros, leer, lecturas: () => lecturas };
}

describe('change log of the per-container caches', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    log.length = 0;
    consultas = 0;
    falla = false;
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a record until a change to it is logged, in this container at once and in another on its next look', async () => {
    const a = await contenedor();
    const b = await contenedor();
    // Both containers stand for one table: the same record in each.
    a.registros.set('u1', 1);
    b.registros.set('u1', 1);
    expect(await a.leer('u1')).toBe(1);
    expect(await a.leer('u1')).toBe(1);
    expect(a.lecturas()).toBe(1);

    // B writes the record and logs it: B forgets at once; A on its next look at the log.
    a.registros.set('u1', 2);
    b.registros.set('u1', 2);
    expect(await b.leer('u1')).toBe(2);
    await b.cambios.anunciar({ tipo: 'usuario', id: 'u1' });
    expect(log).toHaveLength(1);
    expect(await a.leer('u1')).toBe(1);

    vi.setSystemTime(Date.now() + 1000);
    await a.cambios.sincronizar();
    expect(await a.leer('u1')).toBe(2);
    expect(a.lecturas()).toBe(2);
  });

  it('reads the log at most once a second, one query shared by concurrent requests', async () => {
    const a = await contenedor();
    await Promise.all(Array.from({ length: 20 }, () => a.cambios.sincronizar()));
    expect(consultas).toBe(1);
    vi.setSystemTime(Date.now() + 500);
    await a.cambios.sincronizar();
    expect(consultas).toBe(1);
    vi.setSystemTime(Date.now() + 600);
    await a.cambios.sincronizar();
    expect(consultas).toBe(2);
  });

  it('does not keep absent records, nor other kinds of change', async () => {
    const a = await contenedor();
    expect(await a.leer('nuevo')).toBeNull();
    a.registros.set('nuevo', 7);
    expect(await a.leer('nuevo')).toBe(7);

    a.registros.set('nuevo', 8);
    await a.cambios.anunciar({ tipo: 'empresa', id: 'nuevo' });
    expect(await a.leer('nuevo')).toBe(7);
  });

  it('forgets everything when the log cannot be read', async () => {
    const a = await contenedor();
    a.registros.set('u1', 1);
    expect(await a.leer('u1')).toBe(1);
    a.registros.set('u1', 2);
    falla = true;
    vi.setSystemTime(Date.now() + 1000);
    // The logger writes one JSON line per entry (Powertools; errors on stderr).
    const salida = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await a.cambios.sincronizar();
    const lineas = salida.mock.calls.map((c) => String(c[0]));
    salida.mockRestore();
    expect(lineas.some((l) => l.includes('"level":"ERROR"') && l.includes('No se pudo leer el registro de cambios'))).toBe(true);
    expect(await a.leer('u1')).toBe(2);
  });

  it('drops any record after at most five minutes, in case a change could not be logged', async () => {
    const a = await contenedor();
    a.registros.set('u1', 1);
    expect(await a.leer('u1')).toBe(1);
    a.registros.set('u1', 2);
    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect(await a.leer('u1')).toBe(1);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await a.leer('u1')).toBe(2);
  });
});
