import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '@shared/constants.js';
import { onlyResource, type Templates } from './support.js';
import { fnWithEntryDescription, pilasDev, PRE_SIGN_UP } from '../support/infra-pilas-dev.js';

/** The dev stage's auth stack: Cognito, its triggers and the sign-up key (test/support/infra-pilas-dev.ts). */

let t: Templates;
beforeAll(() => {
  ({ templates: t } = pilasDev());
});

describe('auth stack: Cognito', () => {
  it('signs in with e-mail, and only the API makes accounts (no self sign-up, docs/decisions/0010)', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
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

  it('wires the PreSignUp trigger, which refuses any sign-up the API did not make', () => {
    const preSignUp = fnWithEntryDescription(t.auth, PRE_SIGN_UP);
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', { LambdaConfig: { PreSignUp: { 'Fn::GetAtt': [preSignUp.logicalId, 'Arn'] } } });
    expect(JSON.stringify(t.auth.findResources('AWS::Cognito::UserPool'))).not.toContain('PostConfirmation');
    t.auth.resourcePropertiesCountIs('AWS::Lambda::Permission', { Principal: 'cognito-idp.amazonaws.com' }, 1);
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

  it('generates the sign-up key secret; only the API reads it (test/infra/dev-stacks-funciones.test.ts), not the trigger', () => {
    t.auth.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ ExcludePunctuation: true }) });
    expect(JSON.stringify(fnWithEntryDescription(t.auth, PRE_SIGN_UP).props)).not.toContain('SIGNUP_KEY_SECRET_ARN');
    t.auth.hasOutput('SignUpKeySecretName', Match.anyValue());
  });

  it('gives the trigger only its settings, and no table', () => {
    const vars = (fnWithEntryDescription(t.auth, PRE_SIGN_UP).props.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(vars).sort()).toEqual(['NODE_OPTIONS', 'STAGE']);
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

  it('outputs the pool and client ids', () => {
    t.auth.hasOutput('UserPoolId', Match.anyValue());
    t.auth.hasOutput('UserPoolClientId', Match.anyValue());
  });
});
