import { beforeAll, describe, expect, it } from 'vitest';
import { type TableKey, tableEnvVar } from '@shared/tables.js';
import type { Templates } from './support.js';
import { fnWithEntryDescription, pilasDev, tableGrants, TICK } from '../support/infra-pilas-dev.js';

/**
 * The dev stage's Lambda functions: runtime, settings and each one's exact DynamoDB actions per table
 * (test/support/infra-pilas-dev.ts).
 */

let t: Templates;
beforeAll(() => {
  ({ templates: t } = pilasDev());
});

describe('lambda functions', () => {
  it('run Node 22 on ARM64 with tracing, their own log group and retention', () => {
    for (const [template, n] of [[t.auth, 1], [t.api, 3]] as const) {
      const fns = template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } });
      expect(Object.keys(fns).length).toBe(n);
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
      'SIGNUP_KEY_SECRET_ARN', 'STAGE', 'TABLE_CAMBIOS', 'TABLE_CIFRAS', 'TABLE_CUOTAS', 'TABLE_EMPRESAS', 'TABLE_FIRMAS', 'TABLE_HISTORIAL', 'TABLE_INVITACIONES', 'TABLE_OFFERS', 'TABLE_PAGOS', 'TABLE_PROVEEDORES', 'TABLE_REGISTROS', 'TABLE_SERVICES', 'TABLE_UPLOADS',
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
        cuotas: ['dynamodb:UpdateItem'],
        // Accounts waiting for their e-mail's code (docs/decisions/0010).
        registros: [...read, 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
        // Staff invitations (docs/decisions/0011): made, tried and used up, never read on their own.
        invitaciones: ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        // The company's figures (docs/decisions/0016): counters added in the data's transactions.
        cifras: [...read, 'dynamodb:UpdateItem'].sort(),
      },
      [TICK]: {
        services: [...read, 'dynamodb:UpdateItem'].sort(),
        cambios: ['dynamodb:PutItem'],
        historial: ['dynamodb:PutItem'],
        usuarios: [...read, 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'].sort(),
      },
      // The expiry alerts (docs/decisions/0015): the vehicles due, their alerts recorded; who to tell.
      'Cada día: avisos por correo de los documentos que vencen en 30, 15, 7 y 0 días': {
        vehiculos: [...read, 'dynamodb:UpdateItem'].sort(),
        services: read,
        empresas: read,
        usuarios: read,
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

  it('give the Cognito admin actions per function: the API makes and verifies accounts, the tick reads and expires unconfirmed staff', () => {
    const actions = (policyName: string) => {
      const policies = Object.entries(t.api.findResources('AWS::IAM::Policy')).filter(([id]) => id.includes(policyName));
      return policies.flatMap(([, p]) => (p as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }).Properties.PolicyDocument.Statement.flatMap((st) => st.Action));
    };
    expect(actions('ApiPoolAccess').sort()).toEqual([
      'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUpdateUserAttributes',
    ]);
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
