import { TABLE_KEYS } from '@shared/tables.js';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStageConfig } from '../../infra/config.js';
import { STAGE_SYNTH, synthTemplates, type Templates } from './support.js';

/** The prod stage keeps its data: the settings that differ from dev. */
let t: Templates;
beforeAll(() => {
  ({ templates: t } = synthTemplates(STAGE_SYNTH('prod')));
});

describe('prod stage', () => {
  it('retains and deletion-protects the tables', () => {
    const tables = Object.values(t.data.findResources('AWS::DynamoDB::Table'));
    expect(tables).toHaveLength(TABLE_KEYS.length);
    for (const table of tables) {
      expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: { DeletionProtectionEnabled: true } });
    }
  });

  it('retains every bucket and never empties them', () => {
    const buckets = Object.values(t.edge.findResources('AWS::S3::Bucket'));
    expect(buckets).toHaveLength(3);
    for (const bucket of buckets) expect(bucket).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    t.edge.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('keeps versions of overwritten uploads for a while', () => {
    t.edge.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-prod-uploads-'])] },
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          // Waiting (and refused) uploads keep no old versions beyond a day (arrayWith keeps the rules' order).
          Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 } }),
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 } }),
        ]),
      },
    });
  });

  it('retains the user pool and the sign-up key, with threat protection enforced', () => {
    t.auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE', UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } }),
    });
    t.auth.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain' });
  });

  it('keeps logs for six months and throttles at the prod limits', () => {
    for (const template of [t.auth, t.api, t.web]) template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 180 });
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', { DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 } });
  });
});

describe('stage config', () => {
  it('rejects an unknown stage naming the valid ones', () => {
    expect(() => loadStageConfig('staging')).toThrow(/dev, prod/);
  });
});
