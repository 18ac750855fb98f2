import type { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type ITable, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { type KeyAttr, TABLE_KEYS, TABLES, type TableKey } from '@shared/tables.js';

const attr = (k: KeyAttr) => ({ name: k.name, type: k.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER });

export interface TablesProps {
  readonly removalPolicy: RemovalPolicy;
  /** Deletion protection on top of RETAIN, for prod. */
  readonly deletionProtection: boolean;
}

/**
 * Every DynamoDB table of `shared/tables.ts`, created the same way (the local stack creates them
 * from the same definitions). Physical names are left to CloudFormation and reach each function
 * that binds the table (`ApiFunction.bindTable`).
 */
export class Tables extends Construct {
  public readonly tables: Readonly<Record<TableKey, ITable>>;

  constructor(scope: Construct, id: string, props: TablesProps) {
    super(scope, id);
    const tables = {} as Record<TableKey, ITable>;
    for (const key of TABLE_KEYS) {
      const def = TABLES[key];
      const table = new Table(this, key, {
        partitionKey: attr(def.partitionKey),
        sortKey: def.sortKey && attr(def.sortKey),
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: TableEncryption.AWS_MANAGED,
        timeToLiveAttribute: def.ttlAttribute,
        deletionProtection: props.deletionProtection,
        removalPolicy: props.removalPolicy,
      });
      for (const index of def.indexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attr(index.partitionKey),
          sortKey: index.sortKey && attr(index.sortKey),
        });
      }
      tables[key] = table;
    }
    this.tables = tables;
  }
}
