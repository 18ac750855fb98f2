import { Aws, CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { type Bucket, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { COTIZACIONES_PREFIX, ETIQUETA_COTIZACION, PENDING_PREFIX } from '@shared/domain/uploads.js';
import { siteBucketName, type StageConfig, uploadsBucketName } from '../config.js';
import { ConsoleSite } from '../constructs/console-site.js';
import { privateBucket } from '../constructs/private-bucket.js';

export interface EdgeStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * What the browser reaches directly: the console on CloudFront and the uploads bucket it posts
 * files to, plus the bucket their logs go to. They share a stack because the uploads bucket's CORS
 * rule needs the CloudFront domain, which exists only once the distribution does; every later
 * stack (auth, api, web) reads the console origin from here.
 */
export class EdgeStack extends Stack {
  public readonly logBucket: Bucket;
  public readonly uploadsBucket: Bucket;
  public readonly site: ConsoleSite;
  /** The console origin first, then the stage's extra origins: CORS, API and map key allow exactly these. */
  public readonly allowedOrigins: string[];

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.logBucket = privateBucket(this, 'Logs', {
      removalPolicy: config.removalPolicy,
      // CloudFront standard logging writes objects with an ACL granting the bucket owner access.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.accessLogExpirationDays) }],
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination of the other buckets and of CloudFront; logging it into itself would loop.',
    });

    const uploads = uploadsBucketName(config);
    const region = Aws.REGION;
    // Presigned URLs from SDK v3 use virtual-hosted style on the regional endpoint.
    const uploadsHosts = [`https://${uploads}.s3.${region}.amazonaws.com`, `https://${uploads}.s3.amazonaws.com`];

    this.site = new ConsoleSite(this, 'Console', {
      comment: `${config.prefix} consola`,
      bucketName: siteBucketName(config),
      removalPolicy: config.removalPolicy,
      logBucket: this.logBucket,
      domain: config.consoleDomain,
      csp: {
        connect: [
          // The HTTP API is created later (it needs this stack's origin for CORS), so its id cannot
          // be named here: the policy allows API Gateway endpoints of this region only.
          `https://*.execute-api.${region}.amazonaws.com`,
          `https://cognito-idp.${region}.amazonaws.com`,
          `https://maps.geo.${region}.amazonaws.com`,
          ...uploadsHosts,
        ],
        img: uploadsHosts,
        frame: uploadsHosts,
      },
    });

    this.allowedOrigins = [this.site.origin, ...config.extraOrigins];

    this.uploadsBucket = privateBucket(this, 'Uploads', {
      bucketName: uploads,
      removalPolicy: config.removalPolicy,
      accessLogs: { bucket: this.logBucket, prefix: 's3/uploads/' },
      versioned: config.uploadsNoncurrentVersionDays > 0,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads wait under this prefix until the API checks and moves them; abandoned ones go. With
        // versioning, a deleted or re-posted waiting file (a refused one, say) stays a noncurrent version:
        // those go after a day too (overlapping rules: S3 honours the shorter expiration).
        {
          prefix: PENDING_PREFIX,
          expiration: Duration.days(1),
          ...(config.uploadsNoncurrentVersionDays > 0 ? { noncurrentVersionExpiration: Duration.days(1) } : {}),
        },
        // Quotes of offers never accepted: stored tagged open, re-tagged kept on acceptance.
        {
          prefix: COTIZACIONES_PREFIX,
          tagFilters: { [ETIQUETA_COTIZACION.clave]: ETIQUETA_COTIZACION.abierta },
          expiration: Duration.days(ETIQUETA_COTIZACION.diasAbierta),
        },
        ...(config.uploadsNoncurrentVersionDays > 0
          ? [{ noncurrentVersionExpiration: Duration.days(config.uploadsNoncurrentVersionDays) }]
          : []),
      ],
      // Browsers upload with a presigned POST and read with presigned GETs, from the console only.
      cors: [
        {
          allowedOrigins: this.allowedOrigins,
          allowedMethods: [HttpMethods.GET, HttpMethods.HEAD, HttpMethods.PUT, HttpMethods.POST],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });

    new CfnOutput(this, 'ConsoleUrl', { value: this.site.origin, description: 'URL de la consola' });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName, description: 'Bucket de archivos subidos' });
    new CfnOutput(this, 'SiteBucketName', { value: this.site.bucket.bucketName, description: 'Bucket de la consola (privado, detrás de CloudFront)' });
  }
}
