import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type TableKey, tableEnvVar } from '@shared/tables.js';
import { ESBUILD_OPTIONS } from '../bundling.js';
import { fromRoot, REPO_ROOT } from '../paths.js';
import { type BucketAccess, grantBucketObjects, grantTable, type TableOp } from './grants.js';

/** One place to move every function to a newer Node (move ESBUILD_TARGET in ../bundling.ts with it). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;

export interface ApiFunctionProps {
  /** Handler file, relative to the repository root (e.g. `lambdas/api/lambda.ts`); it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  /** Settings beside the bindings (tables and bucket come with `bindTable` / `bindBucket`). */
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** @default 512 MB (on ARM more memory also means more CPU and faster cold starts) */
  readonly memorySize?: number;
  /** Packages it loads on demand, shipped beside the bundle (see LAZY_MODULES in ../bundling.ts). */
  readonly nodeModules?: readonly string[];
}

/**
 * A Lambda function with the project's defaults: Node 22 on ARM64, ESM bundle (minified, source
 * maps; settings and the reason the AWS SDK comes from the runtime in ../bundling.ts), its own log
 * group with retention, X-Ray tracing, and a role with no permissions but writing its own logs. A function reaches a table or the bucket only through
 * `bindTable` / `bindBucket`, which give it the variable and the grant together (read-only unless
 * asked), so what it may touch and what it is told about never drift apart.
 */
export class ApiFunction extends Construct {
  public readonly fn: NodejsFunction;
  public readonly role: Role;
  public readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.logRemovalPolicy });

    // Our own role instead of the default one: the default attaches the AWS managed
    // AWSLambdaBasicExecutionRole (logs on every log group); this one writes to its log group only.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: fromRoot(props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: fromRoot('package-lock.json'),
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: OutputFormat.ESM,
        target: ESBUILD_OPTIONS.target,
        platform: ESBUILD_OPTIONS.platform,
        mainFields: [...ESBUILD_OPTIONS.mainFields],
        minify: ESBUILD_OPTIONS.minify,
        sourceMap: true,
        // Source maps without the sources: stack traces map to file:line, the bundle stays small.
        sourcesContent: false,
        externalModules: [...ESBUILD_OPTIONS.external],
        // Installed beside the bundle from the lock file, for the function that loads them (LAZY_MODULES).
        nodeModules: props.nodeModules ? [...props.nodeModules] : undefined,
        banner: ESBUILD_OPTIONS.banner.js,
      },
    });

    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: `The team standardised on ${LAMBDA_RUNTIME.name} (maintained LTS, matches the esbuild target); moving to a newer Node is a one-line change of LAMBDA_RUNTIME.`,
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level permissions.',
    });
  }

  /** Tells the function a table's name (`TABLE_<KEY>`) and grants exactly these operations on it. */
  bindTable(key: TableKey, table: ITable, ops: readonly TableOp[] = ['read']): this {
    this.fn.addEnvironment(tableEnvVar(key), table.tableName);
    grantTable(this.role, table, key, ops);
    return this;
  }

  /** Tells the function the uploads bucket's name (`BUCKET_NAME`) and grants object access to it. */
  bindBucket(bucketName: string, access: BucketAccess = 'read'): this {
    this.fn.addEnvironment('BUCKET_NAME', bucketName);
    grantBucketObjects(this, this.role, bucketName, access);
    return this;
  }
}
