import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS, TABLES } from '@shared/tables.js';
import type { Templates } from './support.js';
import { pilasDev } from '../support/infra-pilas-dev.js';

/** The dev stage's data stack (test/support/infra-pilas-dev.ts). */

let t: Templates;
beforeAll(() => {
  ({ templates: t } = pilasDev());
});

const keySchema = (pk: string, sk?: string) => [
  { AttributeName: pk, KeyType: 'HASH' },
  ...(sk ? [{ AttributeName: sk, KeyType: 'RANGE' }] : []),
];

/** A table's properties, found through the data stack's `Table<key>` output (not through shared/tables.ts). */
const tableByOutput = (key: string) => {
  const ref = (t.data.findOutputs(`Table${key}`)[`Table${key}`] as { Value: { Ref: string } } | undefined)?.Value.Ref;
  const table = ref ? t.data.findResources('AWS::DynamoDB::Table')[ref] : undefined;
  if (!table) throw new Error(`No hay tabla ${key}`);
  return (table as { Properties: Record<string, unknown> }).Properties;
};

describe('data stack: DynamoDB tables from shared/tables.ts', () => {
  it('creates exactly one table per definition', () => {
    t.data.resourceCountIs('AWS::DynamoDB::Table', TABLE_KEYS.length);
  });

  it.each(TABLE_KEYS)('%s: keys, indexes, TTL, on-demand, PITR, encryption', (key) => {
    const def = TABLES[key];
    t.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: keySchema(def.partitionKey.name, def.sortKey?.name),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: def.ttlAttribute ? { AttributeName: def.ttlAttribute, Enabled: true } : Match.absent(),
      GlobalSecondaryIndexes: def.indexes.length
        ? def.indexes.map((i) => ({ IndexName: i.indexName, KeySchema: keySchema(i.partitionKey.name, i.sortKey?.name), Projection: { ProjectionType: 'ALL' } }))
        : Match.absent(),
    });
  });

  it('deletes tables with the dev stack', () => {
    for (const table of Object.values(t.data.findResources('AWS::DynamoDB::Table'))) {
      expect(table).toMatchObject({ DeletionPolicy: 'Delete', Properties: { DeletionProtectionEnabled: false } });
    }
  });

  it('outputs every table name', () => {
    for (const key of TABLE_KEYS) t.data.hasOutput(`Table${key}`, Match.anyValue());
  });

  it('keeps guides and operators in proveedores, listed newest first by state (porEstadoProveedor), with PITR', () => {
    expect(tableByOutput('proveedores')).toMatchObject({
      KeySchema: keySchema('id'),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      GlobalSecondaryIndexes: [
        { IndexName: 'porEstadoProveedor', KeySchema: keySchema('estadoProveedor', 'fechaCreacion'), Projection: { ProjectionType: 'ALL' } },
      ],
    });
  });

  it('lists the provider panel drivers from vehiculos by the same porEstadoProveedor index', () => {
    const indexes = tableByOutput('vehiculos').GlobalSecondaryIndexes as { IndexName: string }[];
    expect(indexes.map((i) => i.IndexName).sort()).toEqual(['byEmpresaAliada', 'porAviso', 'porEstadoProveedor', 'porRecompensa']);
    // The expiry alerts' job (docs/decisions/0015): a sparse index by the day the next alert is due.
    expect(indexes).toContainEqual({ IndexName: 'porAviso', KeySchema: keySchema('aviso', 'proximoAviso'), Projection: { ProjectionType: 'ALL' } });
    expect(indexes).toContainEqual({ IndexName: 'porEstadoProveedor', KeySchema: keySchema('estadoProveedor', 'fechaCreacion'), Projection: { ProjectionType: 'ALL' } });
    // The referral rewards to pay: a sparse index, so the list reads only the owed ones.
    expect(indexes).toContainEqual({ IndexName: 'porRecompensa', KeySchema: keySchema('recompensa', 'fechaCreacion'), Projection: { ProjectionType: 'ALL' } });
  });

  it('keeps the payment lists as sparse indexes on services, and the ledger keyed by what it pays, with PITR', () => {
    const indexes = (tableByOutput('services').GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown }[]).map((i) => [i.IndexName, i.KeySchema]);
    expect(indexes).toEqual(
      expect.arrayContaining([
        ['porEstadoEmpresa', keySchema('estadoEmpresa', 'fechaSalida')],
        ['porPagar', keySchema('pagoPendiente', 'fechaSalida')],
        ['porPagarEmpresa', keySchema('pagoPendienteEmpresa', 'fechaSalida')],
      ]),
    );
    expect(tableByOutput('pagos')).toMatchObject({ KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } });
    expect(tableByOutput('firmas')).toMatchObject({ KeySchema: [{ AttributeName: 'firma', KeyType: 'HASH' }], TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } });
    expect((tableByOutput('empresas').GlobalSecondaryIndexes as { IndexName: string }[]).map((i) => i.IndexName)).toEqual(['porNombre']);
  });
});
