import { Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, type IRole, Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { TABLES, type TableKey } from '@shared/tables.js';

/**
 * Grant helpers: each function gets only what its code calls. They write explicit action and
 * resource lists instead of the CDK `grant*` methods, which add `dynamodb:Scan`, `s3:*Object*` and
 * `/index/*` wildcards. Functions bind their tables through `ApiFunction.bindTable`, which sets the
 * table's variable and its grant together.
 */

/**
 * What a function does with a table. Reading covers the table and its indexes; Scan is left out on
 * purpose ("no Scan in a request path" becomes an IAM rule), and so is BatchWriteItem, which no
 * function uses (a batch write could delete without DeleteItem showing in the policy).
 */
export type TableOp = 'read' | 'put' | 'update' | 'delete';
const TABLE_ACTIONS: Record<TableOp, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  put: ['dynamodb:PutItem'],
  update: ['dynamodb:UpdateItem'],
  delete: ['dynamodb:DeleteItem'],
};

export function grantTable(grantee: IGrantable, table: ITable, key: TableKey, ops: readonly TableOp[]): void {
  if (ops.includes('read')) {
    // Index ARNs are built from the names in shared/tables.ts, so no `index/*` wildcard is needed.
    const indexArns = TABLES[key].indexes.map((i) => `${table.tableArn}/index/${i.indexName}`);
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: [...TABLE_ACTIONS.read], resources: [table.tableArn, ...indexArns] }));
  }
  const writes = ops.filter((op) => op !== 'read').flatMap((op) => TABLE_ACTIONS[op]);
  if (writes.length) grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: writes, resources: [table.tableArn] }));
}

export type BucketAccess = 'read' | 'readWrite';

/**
 * Object access to the uploads bucket, by name (the name is deterministic, see `uploadsBucketName`),
 * so the policy does not need a cross-stack reference. `readWrite` includes delete: the confirm
 * endpoint takes waiting uploads and deletes replaced files. ListBucket makes a GET of a missing key
 * answer 404 instead of 403.
 */
export function grantBucketObjects(scope: Construct, role: IRole, bucketName: string, access: BucketAccess = 'read'): void {
  const partition = Stack.of(scope).partition;
  const bucketArn = `arn:${partition}:s3:::${bucketName}`;
  // PutObjectTagging: quotes are stored tagged and re-tagged (the lifecycle rule for open quotes).
  const objectActions = access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'];
  role.addToPrincipalPolicy(new PolicyStatement({ actions: objectActions, resources: [`${bucketArn}/*`] }));
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucketArn] }));
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${nagArn(scope, `${bucketArn}/*`)}]`,
    reason: 'Object keys are chosen by the server at request time (paths per company, vehicle and service); the grant covers objects of this one bucket only.',
  });
}

/**
 * Cognito admin actions on one pool, in a separate policy (not the role's default policy).
 * A function that is also a trigger of the pool must use this: the pool depends on the function,
 * the function depends on its default policy, so a pool ARN in that policy is a circular dependency.
 * A separate policy depends on the role and the pool, but the function does not depend on it.
 */
export function grantUserPool(scope: Construct, id: string, role: IRole, pool: IUserPool, actions: readonly string[]): Policy {
  const policy = new Policy(scope, id, {
    statements: [new PolicyStatement({ actions: [...actions], resources: [pool.userPoolArn] })],
  });
  role.attachInlinePolicy(policy);
  return policy;
}

/**
 * The text cdk-nag prints for an ARN built in the same stack, e.g.
 * `arn:<AWS::Partition>:s3:::name-<AWS::AccountId>/*` or `<Fn1234.Arn>:*` (its flattening of
 * Fn::Join, Ref and Fn::GetAtt), so a finding can be acknowledged by its exact id.
 */
export function nagArn(scope: Construct, arn: string): string {
  const flatten = (node: unknown): string => {
    if (typeof node === 'string') return node;
    if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (Array.isArray(o['Fn::Join'])) {
        const [sep, parts] = o['Fn::Join'] as [string, unknown[]];
        return parts.map(flatten).join(sep);
      }
      if (typeof o.Ref === 'string') return `<${o.Ref}>`;
      if (Array.isArray(o['Fn::GetAtt'])) return `<${(o['Fn::GetAtt'] as string[]).join('.')}>`;
    }
    throw new Error(`nagArn: forma no admitida ${JSON.stringify(node)}`);
  };
  return flatten(Stack.of(scope).resolve(arn));
}
