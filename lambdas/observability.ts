import { randomUUID } from 'node:crypto';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { METRICAS_NAMESPACE } from '@shared/constants.js';
import { logger } from './logger.js';

export { logger };

/*
 * Each API request carries a correlation id: API Gateway's request id in AWS, the caller's
 * `x-request-id` or a new one locally. It is in every log line of the request (logger.ts) and in the
 * `x-correlation-id` answer header, so a user's report leads to its lines.
 */

type ConEvento = { event?: { requestContext?: { requestId?: string } } };

const ID_SEGURO = /^[A-Za-z0-9=._-]{1,100}$/;

/** The request's correlation id (set by `correlacion`). */
export function correlacionDe(c: Context): string {
  const guardado = c.get('correlationId' as never) as string | undefined;
  if (guardado) return guardado;
  const deLambda = (c.env as ConEvento | undefined)?.event?.requestContext?.requestId;
  const delCliente = c.req.header('x-request-id');
  return deLambda ?? (delCliente && ID_SEGURO.test(delCliente) ? delCliente : randomUUID());
}

/** The logger of this request: its correlation id, method and route in every line. */
export const registroDe = (c: Context) => logger.createChild({ persistentKeys: { correlationId: correlacionDe(c), ruta: rutaDe(c) } });

/** The matched route as `METHOD /pattern` (middlewares are registered for ALL methods); none matched: not found. */
function rutaDe(c: Context): string {
  const ruta = matchedRoutes(c).findLast((r) => r.method !== 'ALL');
  return ruta ? `${c.req.method} ${ruta.path}` : 'no-encontrada';
}

export const correlacion = (): MiddlewareHandler => async (c, next) => {
  const id = correlacionDe(c);
  c.set('correlationId' as never, id as never);
  c.header('x-correlation-id', id);
  await next();
};

/**
 * The metrics of a function (CloudWatch EMF lines on stdout, no API call), published at once. Off
 * the local stack and the tests (POWERTOOLS_METRICS_DISABLED), where nobody reads them.
 */
export function publicarMetricas(servicio: string, dimensiones: Record<string, string>, valores: { nombre: string; unidad: (typeof MetricUnit)[keyof typeof MetricUnit]; valor: number }[]) {
  const m = new Metrics({ namespace: METRICAS_NAMESPACE, serviceName: servicio, defaultDimensions: dimensiones });
  for (const v of valores) m.addMetric(v.nombre, v.unidad, v.valor);
  m.publishStoredMetrics();
}
export { MetricUnit };

/**
 * Per route (the matched pattern, so few distinct values): requests, server errors and latency, for
 * the dashboard's per-route graphs.
 */
export const medirPeticion = (): MiddlewareHandler => async (c, next) => {
  const inicio = performance.now();
  await next();
  publicarMetricas('api', { ruta: rutaDe(c) }, [
    { nombre: 'Peticiones', unidad: MetricUnit.Count, valor: 1 },
    { nombre: 'Errores', unidad: MetricUnit.Count, valor: c.res.status >= 500 ? 1 : 0 },
    { nombre: 'Latencia', unidad: MetricUnit.Milliseconds, valor: performance.now() - inicio },
  ]);
};
