import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE_KEYS, type TableKey, tableEnvVar } from '@shared/tables.js';
import type { StageConfig } from '../config.js';
import { Tables } from '../constructs/tables.js';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

/** The DynamoDB tables: the data that must survive every other stack being replaced. */
export class DataStack extends Stack {
  public readonly tables: Readonly<Record<TableKey, ITable>>;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.tables = new Tables(this, 'Tables', {
      removalPolicy: config.removalPolicy,
      deletionProtection: config.retainData,
    }).tables;

    for (const key of TABLE_KEYS) {
      // Ops and scripts look tables up by these; the functions get them as TABLE_* variables.
      new CfnOutput(this, `Table-${key}`, { value: this.tables[key].tableName, description: `Tabla ${key} (${tableEnvVar(key)})` });
    }
  }
}
