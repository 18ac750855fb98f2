import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolGroup,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GROUPS, INVITACION_DIAS, INVITATION_EMAIL, PASSWORD_POLICY, VERIFICATION_EMAIL } from '@shared/constants.js';
import type { StageConfig } from '../config.js';
import { ApiFunction } from '../constructs/api-function.js';
import { ENTRIES } from '../paths.js';

/**
 * Password policy of the pool. The spec asks for at least 6 characters; this is stricter (length 8
 * with upper case, lower case, digit and symbol, the AWS Solutions baseline) and the console's
 * form must explain it.
 */

const GROUP_DESCRIPTIONS: Record<(typeof GROUPS)[number], string> = {
  admin: 'Administrador de una empresa aliada (creado al registrarse)',
  user: 'Personal de una empresa aliada (registro interno)',
  plataforma: 'Personal del marketplace',
  conductor: 'Conductor (cuenta creada con su vehículo)',
};

export interface AuthStackProps extends StackProps {
  readonly config: StageConfig;
}

/** Cognito user pool, its console client and groups, the sign-up triggers and the sign-up key secret. */
export class AuthStack extends Stack {
  public readonly userPool: UserPool;
  public readonly client: UserPoolClient;
  public readonly signUpKey: Secret;
  /** The Cognito trigger (watched by the monitoring stack). */
  public readonly preSignUp: ApiFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.signUpKey = new Secret(this, 'SignUpKey', {
      secretName: `${config.prefix}/clave-autorizacion-registro`,
      description: 'Clave de autorización que el personal entrega para registrar una empresa (la valida el trigger PreSignUp).',
      // Typed by hand in a modal: letters and digits only, without look-alike characters.
      generateSecretString: { passwordLength: 16, excludePunctuation: true, includeSpace: false, excludeCharacters: 'O0oIl1' },
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.signUpKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The key is handed to staff by hand and typed in the sign-up modal; an automatic rotation would silently lock out new companies. Ops rotate it with put-secret-value and tell staff.',
    });

    // The pool id is not in the triggers' environment: the pool references the functions, so a
    // reference back would be a circular dependency. Cognito passes it in every event (userPoolId).
    const triggerEnv = { STAGE: config.stage };
    const triggerDefaults = {
      logRetention: config.logRetentionDays,
      logRemovalPolicy: config.removalPolicy,
      // Cognito waits 5 s for a trigger, then fails the request.
      timeout: Duration.seconds(5),
    };

    // Only the API makes accounts (docs/decisions/0010): self sign-up is off on the pool, and this
    // refuses one anyway (defence in depth; on the local stack it is what refuses it).
    const preSignUp = (this.preSignUp = new ApiFunction(this, 'PreSignUp', {
      ...triggerDefaults,
      entry: ENTRIES.preSignUp,
      description: 'Cognito PreSignUp: rechaza todo registro que no venga de la API',
      environment: triggerEnv,
    }));

    this.userPool = new UserPool(this, 'Users', {
      userPoolName: `${config.prefix}-usuarios`,
      // Accounts are made by the API only (docs/decisions/0010): Cognito's SignUp would tell an
      // existing address apart before any check of ours.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: VERIFICATION_EMAIL.subject,
        emailBody: VERIFICATION_EMAIL.body,
      },
      // Drivers' accounts are made by the API with each vehicle: Cognito e-mails a temporary password.
      userInvitation: { emailSubject: INVITATION_EMAIL.subject, emailBody: INVITATION_EMAIL.body },
      // Not required: users made by internal registration or with a vehicle only have an e-mail at first.
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      // Kept because a custom attribute cannot be removed from a pool without replacing it (and its users);
      // nothing writes or reads them any more: the company data lives in DynamoDB.
      customAttributes: {
        empresa: new StringAttribute({ maxLen: 256, mutable: true }),
        puesto: new StringAttribute({ maxLen: 128, mutable: true }),
      },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(INVITACION_DIAS) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: config.cognito.featurePlan === 'plus' ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode:
        config.cognito.featurePlan === 'plus' ? StandardThreatProtectionMode.FULL_FUNCTION : undefined,
      // SES, from the stage's verified identity: Cognito's own sender stops after about 50 messages a day.
      email: UserPoolEmail.withSES({
        fromEmail: config.email.fromAddress,
        fromName: config.email.fromName,
        replyTo: config.email.replyTo,
        sesVerifiedDomain: config.email.verifiedDomain,
        sesRegion: config.email.sesRegion,
      }),
      lambdaTriggers: { preSignUp: preSignUp.fn },
      deletionProtection: config.retainData,
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason: "The product's one password rule is the spec's 6 characters (PASSWORD_POLICY), the same in the forms, the API and the pool, so the pool never refuses what the console accepted. Threat protection (prod) blocks compromised credentials and risky sign-ins.",
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'The spec signs in with e-mail and password only; MFA would need an enrolment flow the console does not have yet. Threat protection (prod) covers risky sign-ins.',
    });
    if (config.cognito.featurePlan !== 'plus') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason: `Stage ${config.stage} stays on the Essentials plan to avoid per-user threat-protection charges; prod uses Plus with threat protection enforced.`,
      });
    }


    for (const [i, group] of GROUPS.entries()) {
      new UserPoolGroup(this, `Group-${group}`, {
        userPool: this.userPool,
        groupName: group,
        description: GROUP_DESCRIPTIONS[group],
        precedence: i,
      });
    }

    this.client = this.userPool.addClient('Console', {
      userPoolClientName: `${config.prefix}-consola`,
      // A browser app cannot keep a secret.
      generateSecret: false,
      // SRP in AWS; USER_PASSWORD_AUTH is what the local stand-in supports. Refresh is always on.
      authFlows: { userSrp: true, userPassword: true },
      // No hosted UI: the console has its own forms.
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      // A signed-in user may change their names and e-mail only: never `custom:*` (the company data
      // travels to PreSignUp as metadata and lives in DynamoDB, which the API alone writes).
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true, givenName: true, familyName: true }),
      readAttributes: new ClientAttributes().withStandardAttributes({ email: true, emailVerified: true, givenName: true, familyName: true }),
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
    new CfnOutput(this, 'SignUpKeySecretName', {
      value: this.signUpKey.secretName,
      description: 'Leer con: aws secretsmanager get-secret-value --secret-id <nombre>',
    });
  }
}
