import './quiet-sdk.js';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import AWS from 'aws-sdk';
import { Router } from 'cognito-local/lib/server/Router.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { CryptoService } from 'cognito-local/lib/services/crypto.js';
import './stormdb-atomic.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { CognitoError, InvalidParameterError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services/index.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import pino from 'pino';
import { GROUPS, INVITATION_EMAIL, PASSWORD_POLICY, VERIFICATION_EMAIL } from '@shared/constants.js';
import type { Outbox } from './outbox.js';

type AdminCreateUserRequest = { UserPoolId: string; Username: string; MessageAction?: string; TemporaryPassword?: string; ClientMetadata?: Record<string, string> };

export const LOCAL_TRIGGERS = { PreSignUp: 'pre-sign-up' } as const;

/**
 * cognito-local, composed in-process the way its lib/server/defaults.js does, with these changes:
 * our own data folder and ports, codes delivered to the local outbox instead of a buffered console box,
 * Amplify v6's GetTokensFromRefreshToken answered as InitiateAuth REFRESH_TOKEN_AUTH, and two calls it
 * lacks or refuses (ResendConfirmationCode, AdminCreateUser's RESEND) done as Cognito does them.
 */
export async function startCognito(opts: { port: number; dataDir: string; lambdaEndpoint: string; outbox: Outbox }) {
  const logger = pino({ level: 'silent' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    LambdaClient: { ...DefaultConfig.LambdaClient, endpoint: opts.lambdaEndpoint },
    TriggerFunctions: { ...LOCAL_TRIGGERS },
    TokenConfig: { IssuerDomain: `http://127.0.0.1:${opts.port}` },
    ServerConfig: { port: opts.port, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(opts.dataDir);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(opts.dataDir, dataStoreFactory, new UserPoolServiceFactoryImpl(clock, dataStoreFactory));
  const cognitoClient = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(clock, cognitoClient, new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)), new CryptoService(config.KMSConfig));

  const sender: MessageSender = {
    sendEmail: async (_ctx, user, destination, message) => {
      // cognito-local has no message templates: the pool's Spanish text, as in AWS. A user made with
      // the admin API (a driver) is waiting for its first password: that message is the invitation.
      const template = user.UserStatus === 'FORCE_CHANGE_PASSWORD' ? INVITATION_EMAIL : VERIFICATION_EMAIL;
      await opts.outbox.send({
        to: destination.toLowerCase(),
        subject: message.emailSubject ?? template.subject,
        body: message.emailMessage ?? template.body.replace('{username}', destination.toLowerCase()).replace('{####}', message.__code ?? ''),
        code: message.__code,
      });
    },
    sendSms: async () => undefined,
  };
  const services = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(services as Parameters<typeof Router>[0]);
  const shimmed: typeof router = (target) => {
    if (target === 'GetTokensFromRefreshToken') {
      const initiateAuth = router('InitiateAuth');
      return (c, req: { ClientId: string; RefreshToken: string; ClientMetadata?: Record<string, string> }) =>
        initiateAuth(c, { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: req.ClientId, AuthParameters: { REFRESH_TOKEN: req.RefreshToken }, ClientMetadata: req.ClientMetadata });
    }
    if (target === 'ResendConfirmationCode') return resendConfirmationCode;
    if (target === 'AdminCreateUser') {
      const adminCreateUser = router('AdminCreateUser');
      return (c, req: AdminCreateUserRequest) => (req.MessageAction === 'RESEND' ? resendInvitation(c, req) : adminCreateUser(c, req));
    }
    return router(target);
  };

  /**
   * cognito-local refuses AdminCreateUser's RESEND: as Cognito does, a new temporary password sent in a
   * new invitation, only while the user has not set its own (else UnsupportedUserStateException).
   */
  async function resendInvitation(c: Context, req: AdminCreateUserRequest) {
    const userPool = await cognitoClient.getUserPool(c, req.UserPoolId);
    const user = await userPool.getUserByUsername(c, req.Username);
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw new CognitoError('UnsupportedUserStateException', 'User is not in FORCE_CHANGE_PASSWORD state.');
    const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
    if (!email) throw new InvalidParameterError('User has no email');
    const temporaryPassword = req.TemporaryPassword ?? randomBytes(6).toString('base64url').slice(0, 8);
    const resent = { ...user, Password: temporaryPassword, UserLastModifiedDate: clock.get() };
    await userPool.saveUser(c, resent);
    const delivery = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
    await services.messages.deliver(c, 'AdminCreateUser', null, userPool.options.Id, resent, temporaryPassword, req.ClientMetadata, delivery);
    return { User: { Username: resent.Username, Attributes: resent.Attributes, UserStatus: resent.UserStatus, Enabled: resent.Enabled } };
  }

  /** cognito-local has no ResendConfirmationCode: a new code for an unconfirmed user, as Cognito does. */
  async function resendConfirmationCode(c: Context, req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> }) {
    const userPool = await cognitoClient.getUserPoolForClientId(c, req.ClientId);
    const user = await userPool.getUserByUsername(c, req.Username);
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
    if (!email) throw new InvalidParameterError('User has no email');
    const code = otp();
    await userPool.saveUser(c, { ...user, ConfirmationCode: code });
    const delivery = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
    await services.messages.deliver(c, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, delivery);
    return { CodeDeliveryDetails: delivery };
  }
  const server = (await createServer(shimmed, logger, config.ServerConfig, services).start()) as Server;
  const endpoint = `http://127.0.0.1:${opts.port}`;
  return {
    endpoint,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** The pool, its console client and the groups, created only when missing (looked up by name). */
export async function ensureUserPool(endpoint: string, name: string): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const client = new CognitoIdentityProviderClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === name)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: name,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        // As in AWS (docs/decisions/0010); cognito-local keeps it without enforcing it, PreSignUp refuses instead.
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        // The same rule as the pool in AWS (infra/stacks/auth-stack.ts), from the one declaration.
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_POLICY.minLength,
            RequireLowercase: PASSWORD_POLICY.requireLowercase,
            RequireUppercase: PASSWORD_POLICY.requireUppercase,
            RequireNumbers: PASSWORD_POLICY.requireDigits,
            RequireSymbols: PASSWORD_POLICY.requireSymbols,
          },
        },
        Schema: [
          { Name: 'empresa', AttributeDataType: 'String', Mutable: true },
          { Name: 'puesto', AttributeDataType: 'String', Mutable: true },
        ],
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === 'console')?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'console', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  // cognito-local's CreateGroup overwrites an existing group and drops its members: create only missing ones.
  const existing = new Set((await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }))).Groups?.map((g) => g.GroupName));
  for (const GroupName of GROUPS.filter((g) => !existing.has(g))) await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName }));
  return { userPoolId, userPoolClientId };
}
