import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Templates } from './support.js';
import { fnWithEntryDescription, pilasDev, tableGrants, TICK } from '../support/infra-pilas-dev.js';

/** The dev stage's api stack: the HTTP API, the provider panel's keys and the scheduler (test/support/infra-pilas-dev.ts). */

let t: Templates;
beforeAll(() => {
  ({ templates: t } = pilasDev());
});

/** Every statement of the IAM policies attached to a function's role. */
const roleStatements = (template: Template, description: string) => {
  const roleId = (fnWithEntryDescription(template, description).props.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .map((p) => (p as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }).Properties)
    .filter((p) => p.Roles.some((r) => r.Ref === roleId))
    .flatMap((p) => p.PolicyDocument.Statement);
};

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
