import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app.js';
import { NO_BUNDLING, STAGE_SYNTH, synthTemplates } from './support.js';

/**
 * cdk-nag 3 runs as a validation plugin during synth: any unacknowledged finding (warnings too)
 * makes `app.synth()` throw, so a synth that completes proves zero open findings. Bundling is
 * skipped: the rules look at resources, not at the code.
 */
describe('AwsSolutions checks', () => {
  it('are live: an unacknowledged finding fails the synth', () => {
    const { app, stacks } = buildApp({ stage: 'dev', nag: true, context: NO_BUNDLING });
    new Bucket(stacks.data, 'BucketWithoutLogs');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});

describe.each(['dev', 'prod'] as const)('AwsSolutions checks, %s stage', (stage) => {
  it('synthesizes with every finding fixed or acknowledged', () => {
    // The stage's one synth, shared with the files that read its templates (support.ts).
    const { built } = synthTemplates(STAGE_SYNTH(stage));
    for (const stack of Object.values(built.stacks)) {
      // CDK's own construct warnings would also end up in the validation report.
      expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
    }
  });
});
