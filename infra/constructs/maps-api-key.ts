import { Aws, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnAPIKey } from 'aws-cdk-lib/aws-location';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsCustomResource, AwsCustomResourcePolicy, Logging, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

export interface MapsApiKeyProps {
  readonly keyName: string;
  /** Origins whose pages may use the key (sent by browsers as the Referer). At most 5. */
  readonly allowedOrigins: readonly string[];
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * An Amazon Location API key for the Maps v2 tiles MapLibre loads, usable only from the console's
 * pages, and its value.
 *
 * CloudFormation's AWS::Location::APIKey returns the ARN, not the key itself; the value is read
 * after creation with `location:DescribeKey` (IAM action `geo:DescribeKey`) by an AwsCustomResource.
 * The call runs on create and whenever the key name changes (a new key); the key value never
 * changes otherwise, so no forced refresh is needed. Response logging is off so the key is not
 * written to CloudWatch (it is public by design, but restricted to the console's origin).
 */
export class MapsApiKey extends Construct {
  public readonly key: CfnAPIKey;
  /** The key value, resolved at deploy time. */
  public readonly keyValue: string;
  /** MapLibre style URL of the Standard map style, with the key. */
  public readonly styleUrl: string;

  constructor(scope: Construct, id: string, props: MapsApiKeyProps) {
    super(scope, id);

    this.key = new CfnAPIKey(this, 'Key', {
      keyName: props.keyName,
      description: 'Mapas de la consola (MapLibre): solo teselas, solo desde el origen de la consola',
      noExpiry: true,
      restrictions: {
        allowActions: ['geo-maps:GetTile', 'geo-maps:GetStaticMap'],
        allowResources: [`arn:${Aws.PARTITION}:geo-maps:${Aws.REGION}::provider/default`],
        allowReferers: props.allowedOrigins.map((o) => `${o}/*`),
      },
    });

    // Our own role: the singleton's default role would carry the AWS managed basic-execution policy.
    const logGroup = new LogGroup(this, 'ReaderLogs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    const role = new Role(this, 'ReaderRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    const describe = {
      service: 'Location',
      action: 'DescribeKey',
      parameters: { KeyName: this.key.ref },
      physicalResourceId: PhysicalResourceId.of(props.keyName),
      outputPaths: ['Key'],
      logging: Logging.withDataHidden(),
    };
    const reader = new AwsCustomResource(this, 'KeyValue', {
      onCreate: describe,
      onUpdate: describe,
      policy: AwsCustomResourcePolicy.fromStatements([new PolicyStatement({ actions: ['geo:DescribeKey'], resources: [this.key.attrArn] })]),
      role,
      logGroup,
      installLatestAwsSdk: false,
    });

    this.keyValue = reader.getResponseField('Key');
    this.styleUrl = `https://maps.geo.${Aws.REGION}.amazonaws.com/v2/styles/Standard/descriptor?key=${this.keyValue}`;
  }
}
