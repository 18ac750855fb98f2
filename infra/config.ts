import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';

/**
 * Per-stage settings of the CDK app, parsed with zod so a typo fails the synth naming the field.
 * The stage is chosen with `-c stage=dev|prod` (default dev). Everything that differs between
 * environments lives here; the stacks only read it.
 */
export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** An origin as browsers send it: scheme + host (+ port), no path and no trailing slash. */
const origin = z
  .url()
  .refine((u) => new URL(u).origin === u, { message: 'Debe ser un origen (https://host[:puerto]) sin ruta ni barra final' });

const retentionDays = z
  .number()
  .refine((d): d is RetentionDays => (Object.values(RetentionDays) as number[]).includes(d), {
    message: 'Retención de logs no admitida por CloudWatch (1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, ...)',
  });

const stageConfigSchema = z.object({
  stage: z.enum(STAGES),
  /** Prefix of stack and resource names; lower case because bucket names must be. */
  appName: z.string().regex(/^[a-z][a-z0-9-]{2,20}$/),
  /** RETAIN keeps data (tables, buckets, user pool, secret) when a stack is deleted or a resource replaced. */
  retainData: z.boolean(),
  logRetentionDays: retentionDays,
  /** Days S3 access logs and CloudFront logs are kept in the log bucket. */
  accessLogExpirationDays: z.number().int().min(1),
  /** Keep overwritten/deleted uploads as noncurrent versions for this many days (0 = no versioning). */
  uploadsNoncurrentVersionDays: z.number().int().min(0),
  /**
   * Optional custom domain for the console. Without it the console lives on the CloudFront domain.
   * The certificate must be in us-east-1 (CloudFront); the DNS record is created by hand.
   */
  consoleDomain: z.object({ domainName: z.string().min(3), certificateArn: z.string().startsWith('arn:') }).optional(),
  /** Origins allowed besides the console's own (e.g. a developer's local Vite against the dev API). */
  extraOrigins: z.array(origin).max(3),
  api: z.object({
    /** Steady-state requests per second and burst for the whole HTTP API stage. */
    throttleRateLimit: z.number().int().positive(),
    throttleBurstLimit: z.number().int().positive(),
  }),
  /**
   * E-mail through SES (verification and recovery codes, later the welcome e-mails). The domain must
   * be a verified SES identity in the stack's region before the auth stack deploys (Cognito refuses
   * an unverified one): see README, "E-mail".
   */
  email: z.object({
    fromAddress: z.email(),
    fromName: z.string().min(1),
    replyTo: z.email().optional(),
    verifiedDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/),
    /** Where the identity is verified (the stacks are region-agnostic, so it is named here). */
    sesRegion: z.string().regex(/^[a-z]{2}-[a-z]+-\d$/),
  }).refine((e) => e.fromAddress.endsWith(`@${e.verifiedDomain}`), { message: 'fromAddress debe pertenecer a verifiedDomain' }),
  /** Who gets the alarms (an SNS e-mail subscription, confirmed from the e-mail); without it, subscribe by hand. */
  alarmEmail: z.email().optional(),
  cognito: z.object({
    /**
     * `plus` enables threat protection (compromised credentials, adaptive authentication) in
     * enforcement mode; it is billed per monthly active user, so dev stays on `essentials`.
     */
    featurePlan: z.enum(['essentials', 'plus']),
  }),
});

export type StageConfig = z.infer<typeof stageConfigSchema> & {
  /** Derived: name prefix of every stack, e.g. `transportadoras-dev`. */
  readonly prefix: string;
  readonly removalPolicy: RemovalPolicy;
};

const RAW: Record<Stage, z.input<typeof stageConfigSchema>> = {
  dev: {
    stage: 'dev',
    appName: 'transportadoras',
    retainData: false,
    logRetentionDays: RetentionDays.TWO_WEEKS,
    accessLogExpirationDays: 30,
    uploadsNoncurrentVersionDays: 0,
    extraOrigins: [],
    api: { throttleRateLimit: 20, throttleBurstLimit: 40 },
    email: { fromAddress: 'no-responder@dev.transaliadas.co', fromName: 'Transportadoras Aliadas (pruebas)', verifiedDomain: 'dev.transaliadas.co', sesRegion: 'us-east-1' },
    cognito: { featurePlan: 'essentials' },
  },
  prod: {
    stage: 'prod',
    appName: 'transportadoras',
    retainData: true,
    logRetentionDays: RetentionDays.SIX_MONTHS,
    accessLogExpirationDays: 365,
    uploadsNoncurrentVersionDays: 30,
    extraOrigins: [],
    api: { throttleRateLimit: 100, throttleBurstLimit: 200 },
    email: {
      fromAddress: 'no-responder@transaliadas.co',
      fromName: 'Transportadoras Aliadas',
      replyTo: 'soporte@transaliadas.co',
      verifiedDomain: 'transaliadas.co',
      sesRegion: 'us-east-1',
    },
    alarmEmail: 'operaciones@transaliadas.co',
    cognito: { featurePlan: 'plus' },
  },
};

/** Parses the stage named by CDK context (`-c stage=...`); unknown stages fail listing the valid ones. */
export function loadStageConfig(stage: unknown = 'dev'): StageConfig {
  const named = z.enum(STAGES).safeParse(stage);
  if (!named.success) throw new Error(`stage debe ser uno de: ${STAGES.join(', ')} (recibido: ${String(stage)})`);
  const name = named.data;
  const parsed = stageConfigSchema.safeParse(RAW[name]);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración de la etapa ${name} inválida: ${issues}`);
  }
  const c = parsed.data;
  return {
    ...c,
    prefix: `${c.appName}-${c.stage}`,
    removalPolicy: c.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  };
}

/**
 * The uploads bucket's name is fixed (prefix + account + region, unique per account) rather than
 * generated, so the console's Content-Security-Policy and the functions' IAM policies can name it
 * without a reference to the bucket resource (which would be a cycle: its CORS rule needs the
 * CloudFront domain, and CloudFront's headers policy needs the bucket).
 */
export const uploadsBucketName = (c: StageConfig): string => `${c.prefix}-uploads-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

/**
 * Fixed for the same reason: the web stack deploys into it by name, and the deployment role's
 * policy (acknowledged for cdk-nag by its exact ARN) must not depend on a cross-stack reference.
 */
export const siteBucketName = (c: StageConfig): string => `${c.prefix}-console-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
