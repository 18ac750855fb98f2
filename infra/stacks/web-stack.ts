import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aws, DefaultStackSynthesizer, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@shared/schemas/runtime-config.js';
import { siteBucketName, type StageConfig } from '../config.js';
import { nagArn } from '../constructs/grants.js';
import { MapsApiKey } from '../constructs/maps-api-key.js';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  readonly allowedOrigins: readonly string[];
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
  readonly apiUrl: string;
  /**
   * The built console (`web/dist`). Without it a placeholder page is deployed, so the app can be
   * synthesized (and tested) before the console is built.
   */
  readonly consoleAssetPath?: string;
}

/**
 * Puts the console into the site bucket: the built files and `/config.json` with this
 * deployment's pool ids, API URL and map style (one web build serves every stage). Also owns the
 * map API key, whose only consumer is that file.
 */
export class WebStack extends Stack {
  public readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    const maps = new MapsApiKey(this, 'Maps', {
      keyName: `${config.prefix}-mapas`,
      allowedOrigins: props.allowedOrigins,
      logRetention: config.logRetentionDays,
      removalPolicy: config.removalPolicy,
    });

    this.runtimeConfig = {
      stage: config.stage,
      region: Aws.REGION,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.client.userPoolClientId,
      apiUrl: props.apiUrl,
      mapStyleUrl: maps.styleUrl,
    };

    // By name, not by reference: see siteBucketName.
    const siteBucket = Bucket.fromBucketName(this, 'SiteBucket', siteBucketName(config));
    const consoleFiles = Source.asset(props.consoleAssetPath ?? placeholderConsole());

    // One role and log group for both deployments (they share one handler function).
    // Our own role: the default one carries the AWS managed basic-execution policy.
    const logGroup = new LogGroup(this, 'DeployLogs', { retention: config.logRetentionDays, removalPolicy: config.removalPolicy });
    const role = new Role(this, 'DeployRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const common = { destinationBucket: siteBucket, role, logGroup, memoryLimit: 512, prune: false } as const;

    // Nothing is pruned: browsers still running the previous release keep finding its hashed chunks.
    new BucketDeployment(this, 'ConsoleAssets', {
      ...common,
      sources: [consoleFiles],
      // Vite puts content-hashed files under assets/: a name never changes content.
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    new BucketDeployment(this, 'ConsoleShell', {
      ...common,
      // config.json last: it wins over any file of the same name in the build.
      sources: [consoleFiles, Source.jsonData('config.json', this.runtimeConfig)],
      // index.html, the service worker, the manifest and config.json are revalidated on every load.
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
    });

    acknowledgeDeploymentFindings(this, role, siteBucket);
  }
}

/**
 * BucketDeployment's grants (CDK code, not ours) use action wildcards, and its handler function
 * (a CDK singleton at stack level, Python with the AWS CLI layer) runs a runtime CDK picks.
 */
function acknowledgeDeploymentFindings(stack: Stack, role: Role, siteBucket: IBucket): void {
  const qualifier = (stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const assetsBucket = `arn:${Aws.PARTITION}:s3:::cdk-${qualifier}-assets-${Aws.ACCOUNT_ID}-${Aws.REGION}/*`;
  const reasons: Record<string, string> = {
    'Action::s3:GetBucket*': 'BucketDeployment grant: reads bucket metadata of the CDK assets bucket and the site bucket.',
    'Action::s3:GetObject*': 'BucketDeployment grant: reads the console zip from the CDK assets bucket and compares site objects.',
    'Action::s3:List*': 'BucketDeployment grant: aws s3 sync lists both buckets.',
    'Action::s3:Abort*': 'BucketDeployment grant: aws s3 sync aborts failed multipart uploads into the site bucket.',
    'Action::s3:DeleteObject*': 'BucketDeployment grant on the site bucket (deployments here never prune, the grant is CDK-fixed).',
    [`Resource::${nagArn(stack, assetsBucket)}`]: 'Objects of the CDK bootstrap assets bucket, where the console zip is uploaded by cdk deploy.',
    [`Resource::${nagArn(stack, siteBucket.arnForObjects('*'))}`]: 'Objects of the console site bucket: the deployment writes every file of the build.',
  };
  for (const [finding, reason] of Object.entries(reasons)) Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });

  for (const child of stack.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-L1',
        reason: 'CDK-managed BucketDeployment handler: its runtime is chosen by aws-cdk-lib and moves with it.',
      });
    }
  }
}

/** A one-page stand-in for `web/dist`, written outside the repository; same content, same asset hash. */
function placeholderConsole(): string {
  const dir = join(tmpdir(), 'transportadoras-console-placeholder');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="es"><meta charset="utf-8"><title>Consola no compilada</title>' +
      '<p>La consola no se compiló antes del despliegue: ejecuta <code>npm run build</code> y despliega de nuevo.</p></html>\n',
  );
  return dir;
}
