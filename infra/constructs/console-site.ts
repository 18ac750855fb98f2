import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Bucket, IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { privateBucket } from './private-bucket.js';

/** Hosts the console may talk to, by CSP directive; `'self'` is always allowed. */
export interface CspSources {
  readonly connect: readonly string[];
  readonly img: readonly string[];
  readonly frame: readonly string[];
}

/**
 * The console's Content-Security-Policy. Scripts only from the site itself (Vite emits no inline
 * script; the PWA registers through `/registerSW.js`). Styles allow inline because Cloudscape and
 * MapLibre set style elements at run time. MapLibre runs its worker from a blob: URL.
 */
export function consoleCsp(s: CspSources): string {
  const d = (name: string, ...values: readonly string[]) => `${name} ${values.join(' ')}`;
  return [
    d('default-src', "'self'"),
    d('script-src', "'self'"),
    d('style-src', "'self'", "'unsafe-inline'"),
    d('img-src', "'self'", 'data:', 'blob:', ...s.img),
    d('font-src', "'self'", 'data:'),
    d('connect-src', "'self'", ...s.connect),
    d('worker-src', "'self'", 'blob:'),
    d('child-src', "'self'", 'blob:'),
    d('frame-src', "'self'", ...s.frame),
    d('manifest-src', "'self'"),
    d('object-src', "'none'"),
    d('base-uri', "'self'"),
    d('form-action', "'self'"),
    d('frame-ancestors', "'none'"),
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * Console routes (`/panel-control/...`) have no file extension: they get `index.html`, and the
 * client router takes over. Files keep their path, so a missing asset is a real error instead of
 * an HTML page served with 200 (what the usual 403/404 -> index.html error mapping does).
 */
const SPA_ROUTING_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export interface ConsoleSiteProps {
  readonly bucketName: string;
  readonly removalPolicy: RemovalPolicy;
  readonly logBucket: IBucket;
  readonly csp: CspSources;
  readonly domain?: { readonly domainName: string; readonly certificateArn: string };
  readonly comment: string;
}

/**
 * The console's hosting: a private bucket read by CloudFront through Origin Access Control,
 * security headers on every response, SPA routing, and `/config.json` never cached.
 */
export class ConsoleSite extends Construct {
  public readonly bucket: Bucket;
  public readonly distribution: Distribution;
  /** `https://` + the custom domain or the CloudFront domain: the origin browsers send. */
  public readonly origin: string;

  constructor(scope: Construct, id: string, props: ConsoleSiteProps) {
    super(scope, id);

    this.bucket = privateBucket(this, 'Bucket', {
      bucketName: props.bucketName,
      removalPolicy: props.removalPolicy,
      accessLogs: { bucket: props.logBucket, prefix: 's3/site/' },
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Consola: cabeceras de seguridad y CSP',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: consoleCsp(props.csp), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          // The map may centre on the user's position; nothing else needs device features.
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)', override: true },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      comment: 'Rutas de la consola sin extension -> /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_ROUTING_CODE),
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const common = {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      responseHeadersPolicy: headers,
      compress: true,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: props.comment,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // South American edge locations are only in the "all" price class.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      // Only a custom certificate can enforce it; the default *.cloudfront.net one is fixed by AWS.
      minimumProtocolVersion: props.domain && SecurityPolicyProtocol.TLS_V1_2_2021,
      domainNames: props.domain && [props.domain.domainName],
      certificate: props.domain && Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        ...common,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Pool ids, API URL and map key change per deployment; the console must always see the current ones.
        '/config.json': { ...common, cachePolicy: CachePolicy.CACHING_DISABLED },
      },
    });

    this.origin = `https://${props.domain?.domainName ?? this.distribution.distributionDomainName}`;

    const nag = Validations.of(this.distribution);
    if (!props.domain) {
      nag.acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS policy AWS fixes; set consoleDomain in infra/config.ts to enforce TLSv1.2_2021.',
      });
    }
    nag.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Access is controlled by Cognito sign-in, not by country: staff of the allied companies may work from abroad.',
    });
    nag.acknowledge({
      id: 'AwsSolutions-CFR2',
      reason: 'The distribution serves static files only; the data is behind the HTTP API with a Cognito authorizer and throttling. A WAF web ACL can be added if abuse shows up.',
    });
  }
}
