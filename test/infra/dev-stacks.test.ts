import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../infra/app.js';
import { GROUPS } from '@shared/constants.js';
import { runtimeConfigSchema } from '@shared/schemas/runtime-config.js';
import { TABLE_KEYS, TABLES, type TableKey, tableEnvVar } from '@shared/tables.js';
import { synthTemplates, onlyResource, type Templates } from './support.js';

/**
 * The dev stage, synthesized once with real esbuild bundling of the four entry files (so a
 * missing or non-compiling handler fails here too).
 */
let t: Templates;
let built: BuiltApp;
beforeAll(() => {
  ({ templates: t, built } = synthTemplates({ stage: 'dev' }));
});

const PRE_SIGN_UP = 'Cognito PreSignUp: exige la clave de autorización y valida los datos de registro';
const POST_CONFIRMATION = 'Cognito PostConfirmation: crea la empresa y su usuario admin';
const TICK = 'Cada minuto: inicia los viajes que salen en 2 h o menos y vence cuentas de personal sin confirmar';

/**
 * Each function's DynamoDB actions, table by table: its role's policies, with each resource mapped to
 * the table it names (the data stack's `Tables<key>` export, or a Ref in the same stack).
 */
function tableGrants(template: Template): Record<string, Record<string, string[]>> {
  const fns = template.findResources('AWS::Lambda::Function');
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }[];
  const out: Record<string, Record<string, string[]>> = {};
  for (const fn of Object.values(fns) as { Properties: { Description?: string; Role: { 'Fn::GetAtt': [string, string] } } }[]) {
    const roleId = fn.Properties.Role['Fn::GetAtt']?.[0];
    if (!roleId || !fn.Properties.Description) continue;
    const byTable: Record<string, Set<string>> = {};
    for (const p of policies.filter((p) => p.Properties.Roles.some((r) => r.Ref === roleId))) {
      for (const st of p.Properties.PolicyDocument.Statement) {
        const actions = [st.Action].flat().filter((a) => a.startsWith('dynamodb:'));
        if (!actions.length) continue;
        // CDK merges statements with the same actions, so one statement may name several tables.
        for (const [, key] of JSON.stringify(st.Resource).matchAll(/Tables(\w+?)[0-9A-F]{8}/g)) {
          byTable[key!] ??= new Set();
          actions.forEach((a) => byTable[key!]!.add(a));
        }
      }
    }
    if (Object.keys(byTable).length) out[fn.Properties.Description] = Object.fromEntries(Object.entries(byTable).map(([k, v]) => [k, [...v].sort()]));
  }
  return out;
}

const keySchema = (pk: string, sk?: string) => [
  { AttributeName: pk, KeyType: 'HASH' },
  ...(sk ? [{ AttributeName: sk, KeyType: 'RANGE' }] : []),
];

const fnWithEntryDescription = (template: Template, description: string) => {
  const fns = template.findResources('AWS::Lambda::Function', { Properties: { Description: description } });
  const [logicalId, fn] = Object.entries(fns)[0] ?? [];
  if (!logicalId || !fn) throw new Error(`No hay función "${description}"`);
  return { logicalId, props: (fn as { Properties: Record<string, unknown> }).Properties };
};

/** A table's properties, found through the data stack's `Table<key>` output (not through shared/tables.ts). */
const tableByOutput = (key: string) => {
  const ref = (t.data.findOutputs(`Table${key}`)[`Table${key}`] as { Value: { Ref: string } } | undefined)?.Value.Ref;
  const table = ref ? t.data.findResources('AWS::DynamoDB::Table')[ref] : undefined;
  if (!table) throw new Error(`No hay tabla ${key}`);
  return (table as { Properties: Record<string, unknown> }).Properties;
};

/** Every statement of the IAM policies attached to a function's role. */
const roleStatements = (template: Template, description: string) => {
  const roleId = (fnWithEntryDescription(template, description).props.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .map((p) => (p as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }).Properties)
    .filter((p) => p.Roles.some((r) => r.Ref === roleId))
    .flatMap((p) => p.PolicyDocument.Statement);
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
    expect(indexes.map((i) => i.IndexName).sort()).toEqual(['byEmpresaAliada', 'porEstadoProveedor', 'porRecompensa']);
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

describe('edge stack: buckets', () => {
  it('blocks public access, encrypts, and requires TLS on every bucket', () => {
    const buckets = t.edge.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const b of Object.values(buckets)) {
      expect(b).toMatchObject({
        Properties: {
          PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
          BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        },
      });
    }
    const policies = Object.values(t.edge.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(3);
    for (const p of policies) {
      expect(JSON.stringify(p)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('logs the site and uploads buckets into the log bucket', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/uploads/' },
    });
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/site/' },
    });
  });

  it('expires uploads left waiting for their check after a day', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-uploads-'])] },
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' })]) },
    });
  });

  it('deletes the quotes of offers never accepted, by their open tag, after two days', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-uploads-'])] },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'ofertas/', TagFilters: [{ Key: 'cotizacion', Value: 'abierta' }], ExpirationInDays: 2, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('lets the console POST/PUT/GET uploads from its origin only', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-uploads-'])] },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayWith(['GET', 'PUT', 'POST']),
            AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('Distribution'), 'DomainName'] }]] }],
          }),
        ],
      },
    });
  });
});

describe('edge stack: CloudFront', () => {
  it('reads the private site bucket through Origin Access Control', () => {
    t.edge.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const dist = onlyResource(t.edge, 'AWS::CloudFront::Distribution');
    expect(dist).toMatchObject({
      Properties: {
        DistributionConfig: {
          DefaultRootObject: 'index.html',
          HttpVersion: 'http2and3',
          Origins: [{ OriginAccessControlId: expect.anything(), S3OriginConfig: { OriginAccessIdentity: '' } }],
          Logging: { Bucket: expect.anything(), Prefix: 'cloudfront/' },
        },
      },
    });
    t.edge.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });

  it('routes console paths to index.html (SPA) and never caches config.json', () => {
    t.edge.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
    t.edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        DefaultCacheBehavior: {
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
          ResponseHeadersPolicyId: Match.anyValue(),
        },
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/config.json',
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            ResponseHeadersPolicyId: Match.anyValue(),
          }),
        ],
      },
    });
  });

  it('sends security headers with a CSP that allows the API, Cognito, the map tiles and MapLibre workers', () => {
    const policy = onlyResource(t.edge, 'AWS::CloudFront::ResponseHeadersPolicy') as {
      Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, unknown> } };
    };
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    for (const part of ["default-src 'self'", "script-src 'self'", 'https://*.execute-api.', 'https://cognito-idp.', 'https://maps.geo.', "worker-src 'self' blob:", "frame-ancestors 'none'", '-uploads-']) {
      expect(csp).toContain(part);
    }
  });

  it('outputs the console URL and the uploads bucket', () => {
    t.edge.hasOutput('ConsoleUrl', Match.anyValue());
    t.edge.hasOutput('UploadsBucketName', Match.anyValue());
  });
});

describe('auth stack: Cognito', () => {
  it('signs in with e-mail, allows self sign-up and verifies e-mail with a code', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      // The spec's one rule, the same the forms and the API apply (PASSWORD_POLICY).
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6, RequireNumbers: false, RequireSymbols: false, RequireUppercase: false, RequireLowercase: false }) },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'given_name', Mutable: true }),
        Match.objectLike({ Name: 'family_name', Mutable: true }),
      ]),
    });
  });

  it('wires the PreSignUp and PostConfirmation triggers', () => {
    const preSignUp = fnWithEntryDescription(t.auth, 'Cognito PreSignUp: exige la clave de autorización y valida los datos de registro');
    const postConfirmation = fnWithEntryDescription(t.auth, 'Cognito PostConfirmation: crea la empresa y su usuario admin');
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: { 'Fn::GetAtt': [preSignUp.logicalId, 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [postConfirmation.logicalId, 'Arn'] },
      },
    });
    t.auth.resourcePropertiesCountIs('AWS::Lambda::Permission', { Principal: 'cognito-idp.amazonaws.com' }, 2);
  });

  it('creates the four groups', () => {
    for (const group of GROUPS) t.auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: group });
    t.auth.resourceCountIs('AWS::Cognito::UserPoolGroup', GROUPS.length);
  });

  it('has a public console client with SRP, password and refresh flows', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });

  it('generates the sign-up key secret and gives its ARN to PreSignUp (and the API, below) only', () => {
    const secret = Object.keys(t.auth.findResources('AWS::SecretsManager::Secret'))[0]!;
    t.auth.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ ExcludePunctuation: true }) });
    const preSignUp = fnWithEntryDescription(t.auth, 'Cognito PreSignUp: exige la clave de autorización y valida los datos de registro');
    expect(preSignUp.props).toMatchObject({ Environment: { Variables: { SIGNUP_KEY_SECRET_ARN: { Ref: secret } } } });
    t.auth.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([{ Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], Effect: 'Allow', Resource: { Ref: secret } }]) },
    });
    const postConfirmation = fnWithEntryDescription(t.auth, 'Cognito PostConfirmation: crea la empresa y su usuario admin');
    expect(JSON.stringify(postConfirmation.props)).not.toContain('SIGNUP_KEY_SECRET_ARN');
    t.auth.hasOutput('SignUpKeySecretName', Match.anyValue());
  });

  it('gives the triggers only their settings (the pool id comes in each Cognito event)', () => {
    const vars = (description: string) => (fnWithEntryDescription(t.auth, description).props.Environment as { Variables: Record<string, unknown> }).Variables;
    const names = (description: string) => Object.keys(vars(description)).sort();
    expect(names(PRE_SIGN_UP)).toEqual(['NODE_OPTIONS', 'SIGNUP_KEY_SECRET_ARN', 'STAGE', 'TABLE_REGISTROS']);
    expect(names(POST_CONFIRMATION)).toEqual(['NODE_OPTIONS', 'STAGE', 'TABLE_EMPRESAS', 'TABLE_REGISTROS', 'TABLE_USUARIOS']);
  });

  it('sends e-mail through SES from the stage identity, not Cognito default sender', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: '"Transportadoras Aliadas (pruebas)" <no-responder@dev.transaliadas.co>',
        SourceArn: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:us-east-1:', { Ref: 'AWS::AccountId' }, ':identity/dev.transaliadas.co']] },
      },
    });
  });

  it('lets the console client write the standard names and e-mail only, never custom attributes', () => {
    const client = onlyResource(t.auth, 'AWS::Cognito::UserPoolClient') as { Properties: { WriteAttributes: string[]; ReadAttributes: string[] } };
    expect([...client.Properties.WriteAttributes].sort()).toEqual(['email', 'family_name', 'given_name']);
    expect(client.Properties.ReadAttributes.some((a) => a.startsWith('custom:'))).toBe(false);
  });

  it('lets PostConfirmation add users to groups (and delete an account it cannot record) through a policy outside its default policy (no cycle)', () => {
    t.auth.hasResourceProperties('AWS::IAM::Policy', {
      PolicyName: Match.stringLikeRegexp('PostConfirmationPoolAccess'),
      PolicyDocument: {
        Statement: [{ Action: Match.arrayWith(['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser']), Effect: 'Allow', Resource: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } }],
      },
    });
  });

  it('outputs the pool and client ids', () => {
    t.auth.hasOutput('UserPoolId', Match.anyValue());
    t.auth.hasOutput('UserPoolClientId', Match.anyValue());
  });
});

describe('lambda functions', () => {
  it('run Node 22 on ARM64 with tracing, their own log group and retention', () => {
    for (const template of [t.auth, t.api]) {
      const fns = template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } });
      expect(Object.keys(fns).length).toBe(2);
      for (const fn of Object.values(fns)) {
        expect(fn).toMatchObject({
          Properties: { Architectures: ['arm64'], TracingConfig: { Mode: 'Active' }, LoggingConfig: { LogGroup: { Ref: expect.anything() } } },
        });
      }
      template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 14 });
    }
  });

  it('give the API the settings it verifies tokens and serves uploads with, and only its own tables', () => {
    const api = fnWithEntryDescription(t.api, 'API de la consola (Hono)');
    const vars = (api.props.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(vars).sort()).toEqual([
      'ALLOWED_ORIGINS', 'BUCKET_NAME', 'CLIENT_APP_SECRET_ARN', 'COGNITO_ISSUER', 'CORREO_REMITENTE', 'EPAYCO_SECRET_ARN', 'NODE_OPTIONS', 'PROVIDER_APP_SECRET_ARN', 'SES_REGION',
      'SIGNUP_KEY_SECRET_ARN', 'STAGE', 'TABLE_CAMBIOS', 'TABLE_EMPRESAS', 'TABLE_FIRMAS', 'TABLE_HISTORIAL', 'TABLE_OFFERS', 'TABLE_PAGOS', 'TABLE_PROVEEDORES', 'TABLE_SERVICES', 'TABLE_UPLOADS',
      'TABLE_USUARIOS', 'TABLE_VEHICULOS', 'USER_POOL_CLIENT_ID', 'USER_POOL_ID',
    ]);
    expect(JSON.stringify(vars.COGNITO_ISSUER)).toContain('https://cognito-idp.');
  });

  it('grant each function exactly the DynamoDB actions its code uses, table by table', () => {
    const read = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'];
    const grants = { ...tableGrants(t.auth), ...tableGrants(t.api) };
    expect(grants).toEqual({
      'API de la consola (Hono)': {
        empresas: [...read, 'dynamodb:UpdateItem'].sort(),
        usuarios: [...read, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        uploads: [...read, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        vehiculos: [...read, 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        services: [...read, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        offers: [...read, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        cambios: [...read, 'dynamodb:PutItem'].sort(),
        historial: [...read, 'dynamodb:PutItem'].sort(),
        proveedores: [...read, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        pagos: [...read, 'dynamodb:PutItem'].sort(),
        // Only the conditional put that admits a signed write once.
        firmas: ['dynamodb:PutItem'],
      },
      [TICK]: {
        services: [...read, 'dynamodb:UpdateItem'].sort(),
        cambios: ['dynamodb:PutItem'],
        historial: ['dynamodb:PutItem'],
        usuarios: [...read, 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'].sort(),
      },
      [PRE_SIGN_UP]: { registros: ['dynamodb:PutItem'] },
      [POST_CONFIRMATION]: {
        empresas: ['dynamodb:PutItem'],
        usuarios: [...read, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        registros: [...read, 'dynamodb:DeleteItem'].sort(),
      },
    });
  });

  it('tell each function the tables it is granted, and no others', () => {
    for (const template of [t.auth, t.api]) {
      for (const [description, tables] of Object.entries(tableGrants(template))) {
        const vars = (fnWithEntryDescription(template, description).props.Environment as { Variables: Record<string, unknown> }).Variables;
        const told = Object.keys(vars).filter((v) => v.startsWith('TABLE_')).sort();
        expect(told, description).toEqual(Object.keys(tables).map((k) => tableEnvVar(k as TableKey)).sort());
      }
    }
  });

  it('give the Cognito admin actions per function: API deletes a failed staff sign-up, the tick reads and expires unconfirmed staff', () => {
    const actions = (policyName: string) => {
      const policies = Object.entries(t.api.findResources('AWS::IAM::Policy')).filter(([id]) => id.includes(policyName));
      return policies.flatMap(([, p]) => (p as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }).Properties.PolicyDocument.Statement.flatMap((st) => st.Action));
    };
    expect(actions('ApiPoolAccess').sort()).toEqual(['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser']);
    expect(actions('TickPoolAccess').sort()).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser']);
  });

  it('do not use the AWS managed basic-execution policy', () => {
    for (const template of [t.auth, t.api]) {
      expect(JSON.stringify(template.findResources('AWS::IAM::Role'))).not.toContain('AWSLambdaBasicExecutionRole');
    }
  });

  it('never grant dynamodb:Scan', () => {
    for (const template of [t.auth, t.api]) expect(JSON.stringify(template.toJSON())).not.toContain('dynamodb:Scan');
  });
});

describe('api stack: HTTP API', () => {
  it('has a Cognito JWT authorizer with the console client as audience', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: { 'Fn::Join': ['', Match.arrayWith(['https://cognito-idp.'])] } },
    });
  });

  it('protects ANY /{proxy+}, leaves GET /health open and the client app to its signature', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'ANY /{proxy+}', AuthorizationType: 'JWT', AuthorizerId: Match.anyValue() });
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /health', AuthorizationType: 'NONE' });
    // The API checks the client app's HMAC signature itself (lambdas/api/middleware/apps.ts).
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /integracion/cliente/{proxy+}', AuthorizationType: 'NONE' });
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /integracion/cliente/{proxy+}', AuthorizationType: 'NONE' });
    // Likewise the guide and operator apps' signature, with their own key.
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /integracion/proveedores/{proxy+}', AuthorizationType: 'NONE' });
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'PUT /integracion/proveedores/{proxy+}', AuthorizationType: 'NONE' });
    // ePayco's confirmation carries no token: the API checks its SHA-256 signature.
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /integracion/epayco/confirmacion', AuthorizationType: 'NONE' });
    t.api.resourceCountIs('AWS::ApiGatewayV2::Route', 7);
  });

  it('leaves only the signed app routes and GET /health without the JWT authorizer', () => {
    const routes = Object.values(t.api.findResources('AWS::ApiGatewayV2::Route')) as { Properties: { RouteKey: string; AuthorizationType: string; AuthorizerId?: unknown } }[];
    const open = routes.filter((r) => r.Properties.AuthorizationType === 'NONE').map((r) => r.Properties.RouteKey).sort();
    expect(open).toEqual([
      'GET /health', 'GET /integracion/cliente/{proxy+}', 'POST /integracion/cliente/{proxy+}', 'POST /integracion/epayco/confirmacion', 'POST /integracion/proveedores/{proxy+}', 'PUT /integracion/proveedores/{proxy+}',
    ]);
    for (const r of routes.filter((r) => r.Properties.AuthorizationType === 'NONE')) expect(r.Properties.AuthorizerId).toBeUndefined();
    const [proxy] = routes.filter((r) => r.Properties.RouteKey === 'ANY /{proxy+}');
    const authorizer = Object.keys(t.api.findResources('AWS::ApiGatewayV2::Authorizer', { Properties: { AuthorizerType: 'JWT' } }));
    expect(authorizer).toHaveLength(1);
    expect(proxy?.Properties).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizer[0] } });
  });

  it('answers CORS preflights for the console origin', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: { AllowOrigins: [Match.anyValue()], AllowHeaders: Match.arrayWith(['authorization', 'content-type']) },
    });
  });

  it('logs access and throttles the $default stage', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
    });
  });

  it('gives the API object access to the uploads bucket, and no other function any', () => {
    const api = fnWithEntryDescription(t.api, 'API de la consola (Hono)');
    const s3Actions = (template: Template) => JSON.stringify(template.findResources('AWS::IAM::Policy')).match(/s3:[A-Za-z]+/g) ?? [];
    expect(new Set(s3Actions(t.api))).toEqual(new Set(['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject', 's3:ListBucket']));
    expect(s3Actions(t.auth)).toEqual([]);
    expect(JSON.stringify(api.props.Environment)).toContain('BUCKET_NAME');
    expect(JSON.stringify(fnWithEntryDescription(t.api, TICK).props.Environment)).not.toContain('BUCKET_NAME');
  });

  it('lets the API read the sign-up key, to sign staff up through internal registration', () => {
    const api = fnWithEntryDescription(t.api, 'API de la consola (Hono)');
    expect(JSON.stringify(api.props.Environment)).toContain('SIGNUP_KEY_SECRET_ARN');
    expect(JSON.stringify(t.api.findResources('AWS::IAM::Policy'))).toContain('secretsmanager:GetSecretValue');
  });

  it('outputs the API URL', () => {
    t.api.hasOutput('ApiUrl', Match.anyValue());
  });
});

describe('api stack: provider panel', () => {
  it('gives the API the provider apps\' signing key, apart from the client app\'s, and outputs its name', () => {
    const api = fnWithEntryDescription(t.api, 'API de la consola (Hono)');
    const vars = (api.props.Environment as { Variables: Record<string, unknown> }).Variables;
    const secrets = t.api.findResources('AWS::SecretsManager::Secret', { Properties: { Name: 'transportadoras-dev/clave-app-proveedores' } });
    expect(Object.keys(secrets)).toHaveLength(1);
    const secret = Object.keys(secrets)[0]!;
    expect(vars.PROVIDER_APP_SECRET_ARN).toEqual({ Ref: secret });
    expect(vars.CLIENT_APP_SECRET_ARN).not.toEqual(vars.PROVIDER_APP_SECRET_ARN);
    const reads = roleStatements(t.api, 'API de la consola (Hono)').filter((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(JSON.stringify(reads)).toContain(JSON.stringify({ Ref: secret }));
    expect(JSON.stringify(fnWithEntryDescription(t.api, TICK).props.Environment)).not.toContain('APP_SECRET');
    t.api.hasOutput('ProviderAppKeySecretName', Match.anyValue());
  });

  it("gives the API ePayco's merchant credentials from their own secret, read by it alone", () => {
    const api = fnWithEntryDescription(t.api, 'API de la consola (Hono)');
    const vars = (api.props.Environment as { Variables: Record<string, unknown> }).Variables;
    const secrets = t.api.findResources('AWS::SecretsManager::Secret', { Properties: { Name: 'transportadoras-dev/epayco' } });
    expect(Object.keys(secrets)).toHaveLength(1);
    expect(vars.EPAYCO_SECRET_ARN).toEqual({ Ref: Object.keys(secrets)[0] });
    expect(JSON.stringify(fnWithEntryDescription(t.api, TICK).props.Environment)).not.toContain('EPAYCO');
  });

  it('sends the providers\' welcome e-mails through SES from the verified domain only', () => {
    const api = fnWithEntryDescription(t.api, 'API de la consola (Hono)');
    const vars = (api.props.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(vars).toMatchObject({ CORREO_REMITENTE: expect.stringMatching(/<no-responder@dev\.transaliadas\.co>$/), SES_REGION: 'us-east-1' });
    const ses = roleStatements(t.api, 'API de la consola (Hono)').filter((st) => JSON.stringify(st.Action).includes('ses:'));
    expect(ses).toEqual([
      {
        Action: 'ses:SendEmail',
        Effect: 'Allow',
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:us-east-1:', { Ref: 'AWS::AccountId' }, ':identity/dev.transaliadas.co']] },
      },
    ]);
    // Cognito sends its own mail from the pool's EmailConfiguration: no other role may send.
    expect(JSON.stringify(t.auth.findResources('AWS::IAM::Policy'))).not.toContain('ses:');
  });

  it('keeps the tick away from the provider panel: no proveedores table, no e-mail', () => {
    const tick = fnWithEntryDescription(t.api, TICK);
    expect(JSON.stringify(tick.props.Environment)).not.toMatch(/TABLE_PROVEEDORES|CORREO_REMITENTE|SES_REGION/);
    const statements = JSON.stringify(roleStatements(t.api, TICK));
    expect(statements).toMatch(/Tablesservices/); // the lookup finds the tick's own grants...
    expect(statements).not.toMatch(/Tablesproveedores/); // ...and none on the provider panel's table
    expect(statements).not.toContain('ses:');
    expect(tableGrants(t.api)[TICK]).not.toHaveProperty('proveedores');
  });
});

describe('api stack: scheduler', () => {
  it('invokes the tick function every minute without retries', () => {
    const tick = fnWithEntryDescription(t.api, TICK);
    t.api.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: { 'Fn::GetAtt': [tick.logicalId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } },
    });
  });
});

describe('web stack: map key and console files', () => {
  it('builds config.json with every field of the runtime config schema', () => {
    const required = Object.entries(runtimeConfigSchema.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    expect(Object.keys(built.stacks.web.runtimeConfig).sort()).toEqual(required.sort());
    const deployment = JSON.stringify(t.web.findResources('Custom::CDKBucketDeployment'));
    // Resolved at deploy time from the auth and api stacks and the key reader.
    for (const ref of ['PublishOutputRefUsers', 'ApiEndpoint', '"MapsKeyValue']) expect(deployment).toContain(ref);
  });

  it('creates a Maps v2 API key restricted to the console origin', () => {
    t.web.hasResourceProperties('AWS::Location::APIKey', {
      NoExpiry: true,
      Restrictions: {
        AllowActions: ['geo-maps:GetTile', 'geo-maps:GetStaticMap'],
        AllowResources: [{ 'Fn::Join': ['', Match.arrayWith([':geo-maps:', '::provider/default'])] }],
        AllowReferers: [{ 'Fn::Join': ['', Match.arrayWith(['https://', '/*'])] }],
      },
    });
  });

  it('reads the key value with DescribeKey, without logging it', () => {
    t.web.hasResourceProperties('Custom::AWS', {
      Create: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('"action":"DescribeKey"')])] },
    });
    const create = JSON.stringify(onlyResource(t.web, 'Custom::AWS'));
    expect(create).toContain('logApiResponseData\\":false');
  });

  it('writes config.json next to the console without pruning, uncached', () => {
    t.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: false,
      SourceMarkers: Match.arrayWith([Match.objectLike({})]),
      SystemMetadata: { 'cache-control': 'no-cache' },
      DestinationBucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-console-'])] },
    });
    t.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });
});
