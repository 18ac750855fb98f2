import { ConditionalCheckFailedException, CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conteosDe, estadoDeProveedor, leerProveedor, type Proveedor } from '../../lambdas/data/proveedor-repository.js';
import { claveEstado } from '@shared/domain/proveedores.js';
import { recontarProveedores } from '../../scripts/lib/recuento.js';
import { docClient, stack, table } from '../support/clients.js';

/*
 * `npm run recount-providers` (scripts/lib/recuento.ts) on copies of the providers in throw-away
 * tables: the other files move the real ones while this one counts, and edit some by hand.
 */
const raw = () => new DynamoDBClient({ region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, endpoint: stack().dynamodbEndpoint });
const sufijo = randomUUID().slice(0, 8);
const tablas = { vehiculos: `recuento-vehiculos-${sufijo}`, proveedores: `recuento-proveedores-${sufijo}` };
let correctos: Record<string, number>;
let guiaId: string;

beforeAll(async () => {
  for (const TableName of Object.values(tablas))
    await raw().send(new CreateTableCommand({ TableName, BillingMode: 'PAY_PER_REQUEST', KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }] }));
  const copiados: Proveedor[] = [];
  for (const [desde, hacia, tipos] of [
    [table('vehiculos'), tablas.vehiculos, ['conductor']],
    [table('proveedores'), tablas.proveedores, ['guia', 'operador']],
  ] as const) {
    const { Items = [] } = await docClient().send(new ScanCommand({ TableName: desde }));
    for (const item of Items) {
      let p: Proveedor | null | undefined;
      try {
        p = tipos.map((t) => leerProveedor(t, item)).find(Boolean);
      } catch {
        continue;
      }
      if (!p) continue;
      copiados.push(p);
      // Each copy in the list of its state: other files edit records by hand (a vehicle's `validado`).
      const { estadoProveedor: _e, ...resto } = item;
      const clave = claveEstado(p.tipo, estadoDeProveedor(p));
      await docClient().send(new PutCommand({ TableName: hacia, Item: { ...resto, ...(clave ? { estadoProveedor: clave } : {}) } }));
      if (p.tipo === 'guia') guiaId = p.r.id;
    }
  }
  correctos = conteosDe(copiados);
  expect(Object.keys(correctos).length).toBeGreaterThan(3);
  // Drifted counters: one list off by 3, one that has no records at all.
  const [primera] = Object.keys(correctos);
  await docClient().send(new PutCommand({ TableName: tablas.proveedores, Item: { id: 'contadores', ...correctos, [primera!]: correctos[primera!]! + 3, 'guia#fantasma': 2 } }));
});

afterAll(async () => {
  for (const TableName of Object.values(tablas)) await raw().send(new DeleteTableCommand({ TableName })).catch(() => undefined);
});

const contadores = async () => (await docClient().send(new GetCommand({ TableName: tablas.proveedores, Key: { id: 'contadores' } }))).Item;

describe('recount of the provider lists', () => {
  it('shows the drift read-only, then replaces the counters with the records’ own count', async () => {
    const leido = await recontarProveedores(docClient(), tablas, false);
    expect(leido.escrito).toBe(false);
    expect(leido.despues).toEqual(correctos);
    expect(leido.antes['guia#fantasma']).toBe(2);
    expect(leido.desacordes).toEqual([]);
    expect(leido.ilegibles).toEqual([]);
    expect((await contadores())?.['guia#fantasma']).toBe(2);

    expect((await recontarProveedores(docClient(), tablas, true)).escrito).toBe(true);
    expect(await contadores()).toEqual({ id: 'contadores', ...correctos });
    // Already right: nothing to write.
    expect((await recontarProveedores(docClient(), tablas, true)).escrito).toBe(false);
  });

  it('names records in the wrong list and records that do not parse, without counting the latter', async () => {
    await docClient().send(new UpdateCommand({ TableName: tablas.proveedores, Key: { id: guiaId }, UpdateExpression: 'SET estadoProveedor = :x', ExpressionAttributeValues: { ':x': 'guia#otra' } }));
    await docClient().send(new PutCommand({ TableName: tablas.proveedores, Item: { id: 'guia-rota', tipo: 'guia', nombre: 42 } }));
    const r = await recontarProveedores(docClient(), tablas, false);
    expect(r.desacordes).toEqual([guiaId]);
    expect(r.ilegibles).toEqual(['guia-rota']);
    expect(r.despues).toEqual(correctos);
  });

  it('leaves the counters alone when a provider moves while it counts', async () => {
    await docClient().send(new PutCommand({ TableName: tablas.proveedores, Item: { id: 'contadores', ...correctos, 'guia#fantasma': 1 } }));
    // A move lands right after the counters were read.
    const conMovimiento = docClient();
    let movido = false;
    conMovimiento.middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        if (!movido && context.commandName === 'GetItemCommand') {
          movido = true;
          await docClient().send(new UpdateCommand({ TableName: tablas.proveedores, Key: { id: 'contadores' }, UpdateExpression: 'ADD #c :uno', ExpressionAttributeNames: { '#c': Object.keys(correctos)[0]! }, ExpressionAttributeValues: { ':uno': 1 } }));
        }
        return out;
      },
      { step: 'initialize', name: 'movimientoConcurrente' },
    );
    await expect(recontarProveedores(conMovimiento, tablas, true)).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    expect(movido).toBe(true);
    expect((await contadores())?.['guia#fantasma']).toBe(1);
  });
});
