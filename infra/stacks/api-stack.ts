import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CorsHttpMethod, HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { TableKey } from '@shared/tables.js';
import { type StageConfig, uploadsBucketName } from '../config.js';
import { ApiFunction } from '../constructs/api-function.js';
import { LAZY_MODULES } from '../bundling.js';
import { grantUserPool, nagArn } from '../constructs/grants.js';
import { ENTRIES } from '../paths.js';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly tables: Readonly<Record<TableKey, ITable>>;
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
  readonly allowedOrigins: readonly string[];
  /** The sign-up key: internal registration signs staff up with a proof made from it. */
  readonly signUpKey: ISecret;
}

/** The HTTP API (one Hono function behind a Cognito JWT authorizer) and the every-minute job. */
export class ApiStack extends Stack {
  public readonly httpApi: HttpApi;
  /** `https://{id}.execute-api.{region}.amazonaws.com`, no trailing slash (the `$default` stage has no path). */
  public readonly apiUrl: string;
  public readonly api: ApiFunction;
  public readonly tick: ApiFunction;
  /** Where a failed run of the every-minute job lands (the schedule's and the function's own failures). */
  public readonly tickDlq: Queue;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, tables, userPool, client } = props;
    const bucketName = uploadsBucketName(config);

    const defaults = { logRetention: config.logRetentionDays, logRemovalPolicy: config.removalPolicy };

    // Each app's signing key (docs/product.md, integration routes): shared with that app's team alone.
    const appKey = (id: string, name: string, quien: string, prefijo: string) => {
      const secret = new Secret(this, id, {
        secretName: `${config.prefix}/${name}`,
        description: `Clave con la que ${quien} firma sus llamadas a ${prefijo} (HMAC-SHA256).`,
        generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
        removalPolicy: config.removalPolicy,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: 'The app holds a copy of this key; an automatic rotation would break its calls until it re-reads the key. Ops rotate it with put-secret-value together with that team.',
      });
      return secret;
    };
    const clientAppSecret = appKey('ClientAppKey', 'clave-app-clientes', 'la app de clientes', '/integracion/cliente');
    const providerAppSecret = appKey('ProviderAppKey', 'clave-app-proveedores', 'cada app de guías y operadores', '/integracion/proveedores');
    // ePayco's merchant credentials (docs/product.md, ePayco): ops put the JSON
    // {"p_cust_id_cliente","p_key"} from ePayco's panel; until then every confirmation is refused.
    const epaycoSecret = new Secret(this, 'EpaycoCredentials', {
      secretName: `${config.prefix}/epayco`,
      description: 'Credenciales del comercio en ePayco: JSON {"p_cust_id_cliente": "...", "p_key": "..."} (verifican la firma de la confirmación).',
      removalPolicy: config.removalPolicy,
    });
    Validations.of(epaycoSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The values are issued by ePayco and cannot be rotated from AWS; ops replace them with put-secret-value when ePayco issues new ones.',
    });

    // Each function gets only the settings, tables and rights its code uses (least privilege).
    this.api = new ApiFunction(this, 'Api', {
      ...defaults,
      entry: ENTRIES.api,
      description: 'API de la consola (Hono)',
      environment: {
        STAGE: config.stage,
        USER_POOL_ID: userPool.userPoolId,
        USER_POOL_CLIENT_ID: client.userPoolClientId,
        COGNITO_ISSUER: `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
        ALLOWED_ORIGINS: props.allowedOrigins.join(','),
        SIGNUP_KEY_SECRET_ARN: props.signUpKey.secretArn,
        CLIENT_APP_SECRET_ARN: clientAppSecret.secretArn,
        PROVIDER_APP_SECRET_ARN: providerAppSecret.secretArn,
        EPAYCO_SECRET_ARN: epaycoSecret.secretArn,
        // The welcome e-mails to providers go out through SES from the verified domain.
        CORREO_REMITENTE: `"${config.email.fromName}" <${config.email.fromAddress}>`,
        SES_REGION: config.email.sesRegion,
      },
      memorySize: 1024,
      // unpdf reads a FUEC's text; loaded on demand (LAZY_MODULES).
      nodeModules: LAZY_MODULES,
      // The HTTP API gives up after 30 s.
      timeout: Duration.seconds(29),
    })
      // Profile saves, logo and gallery.
      .bindTable('empresas', tables.empresas, ['read', 'update'])
      // The caller's record on every request; internal registration; personal profile and photo.
      .bindTable('usuarios', tables.usuarios, ['read', 'put', 'update'])
      // Upload tickets: issued, then claimed once.
      .bindTable('uploads', tables.uploads, ['read', 'put', 'update'])
      // The fleet: list and details, creation with its plate guard (and its undo), edits.
      .bindTable('vehiculos', tables.vehiculos, ['read', 'put', 'update', 'delete'])
      // The map feed and service detail (indexed queries); services published by the client app;
      // an offer's transaction adds its company to the service; an acceptance moves it to 'validar'.
      .bindTable('services', tables.services, ['read', 'put', 'update'])
      // Offers: one per company per service (conditional put), accepted or closed by the client app.
      .bindTable('offers', tables.offers, ['read', 'put', 'update'])
      // The change log: a write to a user, a company or its map logs it; each container reads it every
      // second to drop what it cached (lambdas/data/cambios.ts).
      .bindTable('cambios', tables.cambios, ['read', 'put'])
      // Each service's audit trail: written in the transaction of every state change, read by its detail.
      .bindTable('historial', tables.historial, ['read', 'put'])
      // The provider panel: guides and operators, and the counters item, moved in one transaction.
      .bindTable('proveedores', tables.proveedores, ['read', 'put', 'update'])
      // The payments ledger: each payment a conditional put in the transaction of its flag.
      .bindTable('pagos', tables.pagos, ['read', 'put'])
      // The other apps' signed writes: each signature admitted once (a conditional put).
      .bindTable('firmas', tables.firmas, ['put'])
      // Accounts waiting for their e-mail's code (docs/decisions/0010): written at sign-up, read and
      // counted at each try, deleted with the company founded.
      .bindTable('registros', tables.registros, ['read', 'put', 'update', 'delete'])
      // Staff invitations (docs/decisions/0011): put at registration, a try counted at each opening of
      // the link, deleted with the record they become.
      .bindTable('invitaciones', tables.invitaciones, ['put', 'update', 'delete'])
      // Quotas per hour and day: each request a conditional ADD on its counters.
      .bindTable('cuotas', tables.cuotas, ['update'])
      // The company's figures (docs/decisions/0016): added in the data's own transactions, read by 'Resumen'.
      .bindTable('cifras', tables.cifras, ['read', 'update'])
      // Takes waiting uploads, writes checked files, deletes replaced ones; presigns reads and uploads.
      .bindBucket(bucketName, 'readWrite');
    // The company sign-up (`POST /registro`) checks its authorization key.
    props.signUpKey.grantRead(this.api.role);
    // The client app's routes check its signature with this key.
    clientAppSecret.grantRead(this.api.role);
    providerAppSecret.grantRead(this.api.role);
    epaycoSecret.grantRead(this.api.role);
    // The welcome e-mails: only from the verified domain's identity.
    this.api.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:${this.partition}:ses:${config.email.sesRegion}:${this.account}:identity/${config.email.verifiedDomain}`],
      }),
    );
    // ...and deletes the account again when its record cannot be written (SignUp itself needs no IAM).
    // A new vehicle makes its driver's account (checked free first, undone when the vehicle fails).
    grantUserPool(this, 'ApiPoolAccess', this.api.role, userPool, [
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      // New accounts (docs/decisions/0010): the chosen password, then the e-mail verified by the API's code.
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUpdateUserAttributes',
    ]);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.prefix}-api`,
      description: 'API de la consola de transportadoras',
      createDefaultStage: false,
      // API Gateway answers preflights itself, before the authorizer (which would reject them).
      corsPreflight: {
        allowOrigins: [...props.allowedOrigins],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.PATCH, CorsHttpMethod.DELETE],
        allowHeaders: ['authorization', 'content-type', 'if-none-match', 'if-match'],
        exposeHeaders: ['etag'],
        maxAge: Duration.minutes(10),
      },
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: config.logRetentionDays, removalPolicy: config.removalPolicy });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.api.throttleRateLimit, burstLimit: config.api.throttleBurstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            sub: '$context.authorizer.claims.sub',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const integration = new HttpLambdaIntegration('Api', this.api.fn);
    const authorizer = new HttpUserPoolAuthorizer('Cognito', userPool, { userPoolClients: [client] });
    this.httpApi.addRoutes({ path: '/{proxy+}', methods: [HttpMethod.ANY], integration, authorizer });
    const [health] = this.httpApi.addRoutes({ path: '/health', methods: [HttpMethod.GET], integration });
    Validations.of(health!).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'GET /health is the unauthenticated liveness check; it returns {ok:true} and touches no data.',
    });
    Validations.of(health!).acknowledge({
      id: 'AwsSolutions-COG4',
      reason: 'GET /health is the unauthenticated liveness check; every other route has the Cognito authorizer.',
    });

    // ePayco calls the confirmation URL without any token: the API checks its SHA-256 signature.
    for (const epayco of this.httpApi.addRoutes({ path: '/integracion/epayco/confirmacion', methods: [HttpMethod.POST], integration })) {
      Validations.of(epayco).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: "ePayco's server-to-server confirmation carries no token; the API recomputes its SHA-256 signature with the merchant's key and changes nothing otherwise.",
      });
      Validations.of(epayco).acknowledge({ id: 'AwsSolutions-COG4', reason: 'ePayco is not a Cognito user; the call is authorised by its signature, checked by the API.' });
    }

    // The marketplace's apps have no Cognito token: the API checks each app's HMAC signature on every call.
    const apps = [
      { path: '/integracion/cliente/{proxy+}', methods: [HttpMethod.GET, HttpMethod.POST], quien: 'The client app' },
      { path: '/integracion/proveedores/{proxy+}', methods: [HttpMethod.POST, HttpMethod.PUT], quien: 'The guide and operator apps' },
    ];
    for (const app of apps) {
      for (const integracion of this.httpApi.addRoutes({ path: app.path, methods: app.methods, integration })) {
        Validations.of(integracion).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${app.quien} sign each call with their own key (HMAC-SHA256 over time, method, path and body); the API refuses any call without a valid, fresh signature.`,
        });
        Validations.of(integracion).acknowledge({
          id: 'AwsSolutions-COG4',
          reason: `${app.quien} are not Cognito users; their routes are authorised by their HMAC signature, checked by the API.`,
        });
      }
    }

    new CfnOutput(this, 'ProviderAppKeySecretName', {
      value: providerAppSecret.secretName,
      description: 'Clave de las apps de guías y operadores. Leer con: aws secretsmanager get-secret-value --secret-id <nombre>',
    });
    new CfnOutput(this, 'ClientAppKeySecretName', {
      value: clientAppSecret.secretName,
      description: 'Clave de la app de clientes. Leer con: aws secretsmanager get-secret-value --secret-id <nombre>',
    });

    this.apiUrl = this.httpApi.apiEndpoint;

    this.tick = new ApiFunction(this, 'Tick', {
      ...defaults,
      entry: ENTRIES.tick,
      description: 'Cada minuto: inicia los viajes que salen en 2 h o menos y vence cuentas de personal sin confirmar',
      environment: { STAGE: config.stage, USER_POOL_ID: userPool.userPoolId },
      // Shorter than the schedule period, so runs do not pile up.
      timeout: Duration.seconds(50),
    })
      // Due trips (sparse index porIniciar), marked started.
      .bindTable('services', tables.services, ['read', 'update'])
      // A started trip changes its company's map: the API's caches hear it through the change log.
      .bindTable('cambios', tables.cambios, ['put'])
      // The start of a trip goes into its audit trail, in the same transaction.
      .bindTable('historial', tables.historial, ['put'])
      // Unconfirmed staff (sparse index porConfirmar): confirmed ones leave it, expired ones are deleted.
      .bindTable('usuarios', tables.usuarios, ['read', 'update', 'delete']);
    grantUserPool(this, 'TickPoolAccess', this.tick.role, userPool, ['cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser']);

    // Anything asynchronous that fails ends here, and the monitoring stack alarms on it: a run the
    // scheduler could not deliver, and a run that threw (the function's async failure destination).
    this.tickDlq = new Queue(this, 'TickDlq', { retentionPeriod: Duration.days(14), enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED });
    Validations.of(this.tickDlq).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead-letter queue of the tick schedule and function.' });
    this.tick.fn.configureAsyncInvoke({ retryAttempts: 0, onFailure: new SqsDestination(this.tickDlq) });

    const schedulerRole = new Role(this, 'TickSchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': this.account } } }),
    });
    new Schedule(this, 'TickSchedule', {
      description: 'Inicio de viajes y barridos, cada minuto',
      schedule: ScheduleExpression.rate(Duration.minutes(1)),
      // A missed run is made up by the next one a minute later: no retries, no stale events.
      target: new LambdaInvoke(this.tick.fn, { role: schedulerRole, retryAttempts: 0, maxEventAge: Duration.minutes(1), deadLetterQueue: this.tickDlq }),
    });
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagArn(this, `${this.tick.fn.functionArn}:*`)}]`,
      reason: 'The scheduler target grant covers the tick function and its versions/aliases (ARN:*); it is that one function only.',
    });

    // The expiry alerts (docs/decisions/0015): once a day, at 7:00 in Bogotá (UTC-5 all year).
    const avisos = new ApiFunction(this, 'Avisos', {
      ...defaults,
      entry: ENTRIES.avisos,
      description: 'Cada día: avisos por correo de los documentos que vencen en 30, 15, 7 y 0 días',
      environment: {
        STAGE: config.stage,
        CORREO_REMITENTE: `"${config.email.fromName}" <${config.email.fromAddress}>`,
        SES_REGION: config.email.sesRegion,
      },
      timeout: Duration.minutes(5),
    })
      // The vehicles due (sparse index porAviso), their alerts recorded; their trips and companies read.
      .bindTable('vehiculos', tables.vehiculos, ['read', 'update'])
      .bindTable('services', tables.services, ['read'])
      .bindTable('empresas', tables.empresas, ['read'])
      // The recipients (sparse index porAvisos).
      .bindTable('usuarios', tables.usuarios, ['read']);
    avisos.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:${this.partition}:ses:${config.email.sesRegion}:${this.account}:identity/${config.email.verifiedDomain}`],
      }),
    );
    // A run that threw (an e-mail that failed) lands in the same queue as the tick's, which alarms.
    avisos.fn.configureAsyncInvoke({ retryAttempts: 0, onFailure: new SqsDestination(this.tickDlq) });
    new Schedule(this, 'AvisosSchedule', {
      description: 'Avisos de vencimiento de documentos, cada día a las 7:00 (Bogotá)',
      schedule: ScheduleExpression.cron({ minute: '0', hour: '12' }),
      // No retries: an alert recorded is never sent twice; the next day's run picks up what is due.
      target: new LambdaInvoke(avisos.fn, { role: schedulerRole, retryAttempts: 0, maxEventAge: Duration.hours(1), deadLetterQueue: this.tickDlq }),
    });
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagArn(this, `${avisos.fn.functionArn}:*`)}]`,
      reason: 'The scheduler target grant covers the alerts function and its versions/aliases (ARN:*); it is that one function only.',
    });

    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl, description: 'URL base de la API' });
  }
}
