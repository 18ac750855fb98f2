import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS } from '@shared/tables.js';
import { STAGE_SYNTH, synthTemplates, type Templates } from './support.js';

/**
 * What an operator is told (issue "Production readiness"): alarms on API 5xx, each function's errors
 * and throttles, each table's throttles, the scheduler failing and the job's dead-letter queue, all to
 * one SNS topic; one dashboard; the asynchronous job's failures kept in a dead-letter queue.
 */
let dev: Templates;
let prod: Templates;
beforeAll(() => {
  dev = synthTemplates(STAGE_SYNTH('dev')).templates;
  prod = synthTemplates(STAGE_SYNTH('prod')).templates;
});

type Alarma = { Properties: { AlarmName: string; AlarmActions: unknown[]; Threshold: number; ComparisonOperator: string; TreatMissingData: string; AlarmDescription: string } };
const alarmas = (t: Templates) => Object.values(t.monitoring.findResources('AWS::CloudWatch::Alarm')) as Alarma[];

describe('monitoring', () => {
  it('alarms on API 5xx, every function, every table, the scheduler and the dead-letter queue, each to the alarm topic', () => {
    const nombres = alarmas(dev).map((a) => a.Properties.AlarmName).sort();
    const esperadas = [
      'api-5xx',
      ...['api', 'tick', 'preSignUp'].flatMap((f) => [`${f}-errores`, `${f}-limitada`]),
      ...TABLE_KEYS.map((k) => `tabla-${k}-limitada`),
      'tarea-programada-fallida',
      'tarea-programada-dlq',
    ].map((n) => `transportadoras-dev-${n}`);
    expect(nombres).toEqual(esperadas.sort());
    for (const a of alarmas(dev)) {
      expect(a.Properties.AlarmActions, a.Properties.AlarmName).toHaveLength(1);
      expect(a.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
      expect(a.Properties.AlarmDescription).toContain('docs/operations.md');
    }
    dev.monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'transportadoras-dev-api-5xx',
      MetricName: '5xx',
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Sum',
      Period: 300,
    });
    dev.monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'transportadoras-dev-tarea-programada-fallida', Namespace: 'AWS/Scheduler', MetricName: 'TargetErrorCount' });
    dev.monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'transportadoras-dev-tarea-programada-dlq', Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible' });
  });

  it('sends the alarms over TLS only, to ops by e-mail in production', () => {
    dev.monitoring.resourceCountIs('AWS::SNS::Topic', 1);
    dev.monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    dev.monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
    prod.monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'operaciones@transaliadas.co' });
  });

  it('keeps the every-minute job’s failed runs in a dead-letter queue: undelivered by the scheduler, or thrown by the function', () => {
    dev.api.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    dev.api.hasResourceProperties('AWS::Scheduler::Schedule', { Target: Match.objectLike({ DeadLetterConfig: { Arn: Match.anyValue() }, RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 } }) });
    dev.api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0, DestinationConfig: { OnFailure: { Destination: Match.anyValue() } } });
  });

  it('has one dashboard: API, per-route metrics, functions, tables and the job', () => {
    dev.monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const cuerpo = JSON.stringify(Object.values(dev.monitoring.findResources('AWS::CloudWatch::Dashboard'))[0]);
    for (const texto of ['API: peticiones y errores', 'Latencia p95 por ruta', 'TransportadorasAliadas', 'ReadThrottleEvents', 'ViajesIniciados', 'ViajesNoIniciados', 'TargetErrorCount']) expect(cuerpo).toContain(texto);
  });
});
