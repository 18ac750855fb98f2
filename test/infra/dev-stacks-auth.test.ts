import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '@shared/constants.js';
import { onlyResource, type Templates } from './support.js';
import { fnWithEntryDescription, pilasDev, POST_CONFIRMATION, PRE_SIGN_UP } from '../support/infra-pilas-dev.js';

/** The dev stage's auth stack: Cognito, its triggers and the sign-up key (test/support/infra-pilas-dev.ts). */

let t: Templates;
beforeAll(() => {
  ({ templates: t } = pilasDev());
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
