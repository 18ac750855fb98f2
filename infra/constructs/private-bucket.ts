import { RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface PrivateBucketProps extends Pick<BucketProps, 'bucketName' | 'cors' | 'lifecycleRules' | 'versioned'> {
  readonly removalPolicy: RemovalPolicy;
  /** Server access logs go here, under `accessLogsPrefix`. Only the log bucket itself has none. */
  readonly accessLogs?: { readonly bucket: IBucket; readonly prefix: string };
  /**
   * CloudFront standard logs are written with ACLs, so the log bucket needs them enabled;
   * every other bucket disables ACLs.
   * @default ObjectOwnership.BUCKET_OWNER_ENFORCED
   */
  readonly objectOwnership?: ObjectOwnership;
}

/**
 * A bucket with the project's baseline: no public access, S3-managed encryption, TLS 1.2+ only,
 * access logs. In stages that do not retain data the objects are emptied on stack deletion,
 * otherwise CloudFormation could not delete the bucket.
 */
export function privateBucket(scope: Construct, id: string, props: PrivateBucketProps): Bucket {
  const destroy = props.removalPolicy === RemovalPolicy.DESTROY;
  return new Bucket(scope, id, {
    bucketName: props.bucketName,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    objectOwnership: props.objectOwnership ?? ObjectOwnership.BUCKET_OWNER_ENFORCED,
    versioned: props.versioned,
    cors: props.cors,
    lifecycleRules: props.lifecycleRules,
    serverAccessLogsBucket: props.accessLogs?.bucket,
    serverAccessLogsPrefix: props.accessLogs?.prefix,
    removalPolicy: props.removalPolicy,
    autoDeleteObjects: destroy,
  });
}
