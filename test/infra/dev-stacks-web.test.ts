import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../infra/app.js';
import { runtimeConfigSchema } from '@shared/schemas/runtime-config.js';
import { onlyResource, type Templates } from './support.js';
import { pilasDev } from '../support/infra-pilas-dev.js';

/** The dev stage's web stack: the map key and the console's files (test/support/infra-pilas-dev.ts). */

let t: Templates;
let built: BuiltApp;
beforeAll(() => {
  ({ templates: t, built } = pilasDev());
});

describe('web stack: map key and console files', () => {
  it('builds config.json with every field of the runtime config schema', () => {
    const required = Object.entries(runtimeConfigSchema.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    expect(Object.keys(built.stacks.web.runtimeConfig).sort()).toEqual(required.sort());
    const deployment = JSON.stringify(t.web.findResources('Custom::CDKBucketDeployment'));
    // Resolved at deploy time from the auth and api stacks and the key reader.
    for (const ref of ['PublishOutputRefUsers', 'ApiEndpoint', '"MapsKeyValue']) expect(deployment).toContain(ref);
  });

  it('creates a Maps v2 API key restricted to the console origin', () => {
    t.web.hasResourceProperties('AWS::Location::APIKey', {
      NoExpiry: true,
      Restrictions: {
        AllowActions: ['geo-maps:GetTile', 'geo-maps:GetStaticMap'],
        AllowResources: [{ 'Fn::Join': ['', Match.arrayWith([':geo-maps:', '::provider/default'])] }],
        AllowReferers: [{ 'Fn::Join': ['', Match.arrayWith(['https://', '/*'])] }],
      },
    });
  });

  it('reads the key value with DescribeKey, without logging it', () => {
    t.web.hasResourceProperties('Custom::AWS', {
      Create: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('"action":"DescribeKey"')])] },
    });
    const create = JSON.stringify(onlyResource(t.web, 'Custom::AWS'));
    expect(create).toContain('logApiResponseData\\":false');
  });

  it('writes config.json next to the console without pruning, uncached', () => {
    t.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: false,
      SourceMarkers: Match.arrayWith([Match.objectLike({})]),
      SystemMetadata: { 'cache-control': 'no-cache' },
      DestinationBucketName: { 'Fn::Join': ['', Match.arrayWith(['transportadoras-dev-console-'])] },
    });
    t.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });
});
