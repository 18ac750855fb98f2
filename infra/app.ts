import { readFileSync } from 'node:fs';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadStageConfig, type StageConfig } from './config.js';
import { fromRoot } from './paths.js';
import { ApiStack } from './stacks/api-stack.js';
import { AuthStack } from './stacks/auth-stack.js';
import { DataStack } from './stacks/data-stack.js';
import { EdgeStack } from './stacks/edge-stack.js';
import { MonitoringStack } from './stacks/monitoring-stack.js';
import { WebStack } from './stacks/web-stack.js';

export interface BuildAppOptions {
  /** `dev` or `prod`; default: CDK context `stage`, else `dev`. */
  readonly stage?: string;
  /** The built console directory; without it a placeholder page is deployed. */
  readonly webAssetPath?: string;
  /** Run the AWS Solutions cdk-nag pack at synth (bin/app.ts always does). */
  readonly nag?: boolean;
  /** Extra CDK context, e.g. `{ 'aws:cdk:bundling-stacks': [] }` to skip esbuild in a test. */
  readonly context?: Record<string, unknown>;
}

export interface BuiltApp {
  readonly app: App;
  readonly config: StageConfig;
  readonly stacks: {
    readonly data: DataStack;
    readonly edge: EdgeStack;
    readonly auth: AuthStack;
    readonly api: ApiStack;
    readonly web: WebStack;
    readonly monitoring: MonitoringStack;
  };
}

/**
 * The feature flags of cdk.json. The CLI passes them to the app itself; reading them here too makes
 * an app built in a test behave exactly like `cdk synth`.
 */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

/**
 * The whole CDK app, used by bin/app.ts and by the infra tests. Stacks are environment-agnostic
 * (no account/region), so synth needs no credentials; they deploy to the CLI's account and region.
 *
 * Order (each reads what the previous ones made): Data (tables) -> Edge (console on CloudFront,
 * uploads and log buckets) -> Auth (user pool, triggers, sign-up key) -> Api (HTTP API, tick job)
 * -> Web (console files, config.json, map key) -> Monitoring (alarms, dashboard).
 */
export function buildApp(options: BuildAppOptions = {}): BuiltApp {
  const app = new App({ context: { ...cdkJsonContext(), ...options.context } });
  const config = loadStageConfig(options.stage ?? app.node.tryGetContext('stage') ?? 'dev');
  const name = (s: string) => `${config.prefix}-${s}`;
  const common = { config, description: `Transportadoras aliadas (${config.stage})` };

  const data = new DataStack(app, name('data'), { ...common });
  const edge = new EdgeStack(app, name('edge'), { ...common });
  const auth = new AuthStack(app, name('auth'), { ...common });
  const api = new ApiStack(app, name('api'), {
    ...common,
    tables: data.tables,
    userPool: auth.userPool,
    client: auth.client,
    allowedOrigins: edge.allowedOrigins,
    signUpKey: auth.signUpKey,
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    allowedOrigins: edge.allowedOrigins,
    userPool: auth.userPool,
    client: auth.client,
    apiUrl: api.apiUrl,
    consoleAssetPath: options.webAssetPath,
  });
  const monitoring = new MonitoringStack(app, name('monitoring'), {
    ...common,
    httpApi: api.httpApi,
    functions: { api: api.api.fn, tick: api.tick.fn, preSignUp: auth.preSignUp.fn },
    tables: data.tables,
    tickDlq: api.tickDlq,
  });
  // The names are fixed, not references: deploy order must still put the buckets first.
  api.addStackDependency(edge, 'IAM policies name the uploads bucket');
  web.addStackDependency(edge, 'deploys into the site bucket by name');

  Tags.of(app).add('app', config.appName);
  Tags.of(app).add('stage', config.stage);

  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  return { app, config, stacks: { data, edge, auth, api, web, monitoring } };
}
