import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  type IMetric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRICAS_NAMESPACE } from '@shared/constants.js';
import type { TableKey } from '@shared/tables.js';
import type { StageConfig } from '../config.js';


export interface MonitoringStackProps extends StackProps {
  readonly config: StageConfig;
  readonly httpApi: HttpApi;
  /** Every function, by a short name used in alarm names and on the dashboard. */
  readonly functions: Readonly<Record<string, IFunction>>;
  readonly tables: Readonly<Record<TableKey, ITable>>;
  /** The every-minute job's dead-letter queue. */
  readonly tickDlq: IQueue;
}

const CINCO_MIN = Duration.minutes(5);

/**
 * What an operator watches (docs/operations.md says what to do for each alarm): alarms on API 5xx,
 * each function's errors and throttles, each table's throttles, the scheduler failing to run the job
 * and anything in the job's dead-letter queue, all to one SNS topic; and one dashboard.
 */
export class MonitoringStack extends Stack {
  public readonly topic: Topic;
  public readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, httpApi, functions, tables, tickDlq } = props;

    this.topic = new Topic(this, 'Alarmas', { topicName: `${config.prefix}-alarmas`, displayName: `Alarmas ${config.prefix}`, enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: 'Alarm notifications carry no data beyond the alarm text; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key is not worth its cost here.',
    });
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));

    const alarma = (nombre: string, metric: IMetric, descripcion: string, umbral = 1) => {
      const a = new Alarm(this, nombre, {
        alarmName: `${config.prefix}-${nombre}`,
        alarmDescription: `${descripcion} Qué hacer: docs/operations.md, "${nombre}".`,
        metric,
        threshold: umbral,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(new SnsAction(this.topic));
      this.alarms.push(a);
      return a;
    };

    alarma('api-5xx', httpApi.metricServerError({ period: CINCO_MIN, statistic: 'Sum' }), 'La API respondió 5xx (error del servidor) en los últimos 5 minutos.');
    for (const [nombre, fn] of Object.entries(functions)) {
      alarma(`${nombre}-errores`, fn.metricErrors({ period: CINCO_MIN, statistic: 'Sum' }), `La función ${nombre} terminó con error.`);
      alarma(`${nombre}-limitada`, fn.metricThrottles({ period: CINCO_MIN, statistic: 'Sum' }), `Lambda limitó (throttle) invocaciones de la función ${nombre}.`);
    }
    const limitadasTabla = (key: TableKey, table: ITable) =>
      new MathExpression({
        label: `${key}: lecturas y escrituras limitadas`,
        expression: `r_${key} + w_${key}`,
        period: CINCO_MIN,
        // Ids unique per table: the dashboard graphs every table's in one widget.
        usingMetrics: {
          [`r_${key}`]: new Metric({ namespace: 'AWS/DynamoDB', metricName: 'ReadThrottleEvents', dimensionsMap: { TableName: table.tableName }, statistic: 'Sum', period: CINCO_MIN }),
          [`w_${key}`]: new Metric({ namespace: 'AWS/DynamoDB', metricName: 'WriteThrottleEvents', dimensionsMap: { TableName: table.tableName }, statistic: 'Sum', period: CINCO_MIN }),
        },
      });
    for (const [key, table] of Object.entries(tables) as [TableKey, ITable][]) {
      alarma(`tabla-${key}-limitada`, limitadasTabla(key, table), `DynamoDB limitó lecturas o escrituras de la tabla ${key}.`);
    }
    const scheduler = (metricName: string) => new Metric({ namespace: 'AWS/Scheduler', metricName, dimensionsMap: { ScheduleGroup: 'default' }, statistic: 'Sum', period: CINCO_MIN });
    alarma('tarea-programada-fallida', scheduler('TargetErrorCount'), 'EventBridge Scheduler no pudo invocar la tarea de cada minuto (inicio de viajes y barridos).');
    alarma('tarea-programada-dlq', tickDlq.metricApproximateNumberOfMessagesVisible({ period: CINCO_MIN, statistic: 'Maximum' }), 'Hay ejecuciones fallidas de las tareas programadas (la de cada minuto o los avisos diarios de vencimiento) en su cola de mensajes fallidos.');

    const propias = (metricName: string, statistic: string, label: string) =>
      new MathExpression({
        label,
        expression: `SEARCH('{${METRICAS_NAMESPACE},service,ruta} MetricName="${metricName}"', '${statistic}', 300)`,
        period: CINCO_MIN,
      });
    const ancho = 12;
    new Dashboard(this, 'Panel', {
      dashboardName: `${config.prefix}-operacion`,
      widgets: [
        [new TextWidget({ markdown: `# ${config.prefix}\nAlarmas: tema SNS \`${config.prefix}-alarmas\`. Qué hacer con cada una: docs/operations.md.`, width: 24, height: 2 })],
        [
          new GraphWidget({ title: 'API: peticiones y errores', width: ancho, left: [httpApi.metricCount({ period: CINCO_MIN }), httpApi.metricClientError({ period: CINCO_MIN }), httpApi.metricServerError({ period: CINCO_MIN })] }),
          new GraphWidget({ title: 'API: latencia (p50, p95, p99)', width: ancho, left: ['p50', 'p95', 'p99'].map((s) => httpApi.metricLatency({ period: CINCO_MIN, statistic: s, label: s })) }),
        ],
        [
          new GraphWidget({ title: 'Peticiones por ruta', width: ancho, left: [propias('Peticiones', 'Sum', 'peticiones')] }),
          new GraphWidget({ title: 'Latencia p95 por ruta (ms)', width: ancho, left: [propias('Latencia', 'p95', 'p95')] }),
        ],
        [
          new GraphWidget({ title: 'Funciones: errores y limitaciones', width: ancho, left: Object.values(functions).flatMap((fn) => [fn.metricErrors({ period: CINCO_MIN }), fn.metricThrottles({ period: CINCO_MIN })]) }),
          new GraphWidget({ title: 'Funciones: duración p95', width: ancho, left: Object.values(functions).map((fn) => fn.metricDuration({ period: CINCO_MIN, statistic: 'p95' })) }),
        ],
        [
          new GraphWidget({ title: 'DynamoDB: limitaciones por tabla', width: ancho, left: (Object.entries(tables) as [TableKey, ITable][]).map(([k, t]) => limitadasTabla(k, t)) }),
          new GraphWidget({
            title: 'Tarea de cada minuto',
            width: ancho,
            left: [
              new Metric({ namespace: METRICAS_NAMESPACE, metricName: 'ViajesIniciados', dimensionsMap: { service: 'tick' }, statistic: 'Sum', period: CINCO_MIN }),
              new Metric({ namespace: METRICAS_NAMESPACE, metricName: 'ViajesNoIniciados', dimensionsMap: { service: 'tick' }, statistic: 'Sum', period: CINCO_MIN }),
              new Metric({ namespace: METRICAS_NAMESPACE, metricName: 'CuentasVencidas', dimensionsMap: { service: 'tick' }, statistic: 'Sum', period: CINCO_MIN }),
              scheduler('TargetErrorCount'),
              tickDlq.metricApproximateNumberOfMessagesVisible({ period: CINCO_MIN }),
            ],
          }),
        ],
      ],
    });
  }
}
