import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { onlyResource, type Templates } from './support.js';
import { pilasDev } from '../support/infra-pilas-dev.js';

/** The dev stage's edge stack: the buckets and CloudFront (test/support/infra-pilas-dev.ts). */

let t: Templates;
beforeAll(() => {
  ({ templates: t } = pilasDev());
});

describe('edge stack: buckets', () => {
  it('blocks public access, encrypts, and requires TLS on every bucket', () => {
    const buckets = t.edge.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const b of Object.values(buckets)) {
      expect(b).toMatchObject({
        Properties: {
          PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
          BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        },
      });
    }
    const policies = Object.values(t.edge.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(3);
    for (const p of policies) {
      expect(JSON.stringify(p)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('logs the site and uploads buckets into the log bucket', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/uploads/' },
    });
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/site/' },
    });
  });

  it('expires uploads left waiting for their check after a day', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-uploads-'])] },
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' })]) },
    });
  });

  it('deletes the quotes of offers never accepted, by their open tag, after two days', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-uploads-'])] },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'ofertas/', TagFilters: [{ Key: 'cotizacion', Value: 'abierta' }], ExpirationInDays: 2, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('lets the console POST/PUT/GET uploads from its origin only', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-uploads-'])] },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayWith(['GET', 'PUT', 'POST']),
            AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('Distribution'), 'DomainName'] }]] }],
          }),
        ],
      },
    });
  });
});

describe('edge stack: CloudFront', () => {
  it('reads the private site bucket through Origin Access Control', () => {
    t.edge.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const dist = onlyResource(t.edge, 'AWS::CloudFront::Distribution');
    expect(dist).toMatchObject({
      Properties: {
        DistributionConfig: {
          DefaultRootObject: 'index.html',
          HttpVersion: 'http2and3',
          Origins: [{ OriginAccessControlId: expect.anything(), S3OriginConfig: { OriginAccessIdentity: '' } }],
          Logging: { Bucket: expect.anything(), Prefix: 'cloudfront/' },
        },
      },
    });
    t.edge.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });

  it('routes console paths to index.html (SPA) and never caches config.json', () => {
    t.edge.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
    t.edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        DefaultCacheBehavior: {
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
          ResponseHeadersPolicyId: Match.anyValue(),
        },
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/config.json',
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            ResponseHeadersPolicyId: Match.anyValue(),
          }),
        ],
      },
    });
  });

  it('sends security headers with a CSP that allows the API, Cognito, the map tiles and MapLibre workers', () => {
    const policy = onlyResource(t.edge, 'AWS::CloudFront::ResponseHeadersPolicy') as {
      Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, unknown> } };
    };
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    for (const part of ["default-src 'self'", "script-src 'self'", 'https://*.execute-api.', 'https://cognito-idp.', 'https://maps.geo.', "worker-src 'self' blob:", "frame-ancestors 'none'", '-uploads-']) {
      expect(csp).toContain(part);
    }
  });

  it('outputs the console URL and the uploads bucket', () => {
    t.edge.hasOutput('ConsoleUrl', Match.anyValue());
    t.edge.hasOutput('UploadsBucketName', Match.anyValue());
  });
});
