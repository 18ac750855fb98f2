import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { correlacion, medirPeticion } from '../../lambdas/observability.js';

describe('per-route metrics (CloudWatch EMF)', () => {
  it('publish requests, server errors and latency under the route pattern, never the raw path', async () => {
    // On, whatever the run's environment (the local stack turns metrics off for the whole process).
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('POWERTOOLS_DEV', 'false');
    const lineas: string[] = [];
    // Powertools writes EMF with its own console on stdout.
    const espia = vi.spyOn(process.stdout, 'write').mockImplementation((l: string | Uint8Array) => (lineas.push(...String(l).split('\n').filter(Boolean)), true));
    const app = new Hono()
      .use('*', correlacion())
      .use('*', medirPeticion())
      .get('/servicios/:servicioId', (c) => c.json({}))
      .get('/falla', () => {
        throw new Error('rota');
      })
      .onError((_, c) => c.json({}, 500));
    const ok = await app.request('/servicios/demo-validar-1');
    await app.request('/falla');
    await app.request('/no/existe');
    espia.mockRestore();
    vi.unstubAllEnvs();
    expect(ok.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    const emf = lineas.filter((l) => l.startsWith('{"_aws"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(emf.map((e) => [e.ruta, e.Peticiones, e.Errores])).toEqual([
      ['GET /servicios/:servicioId', 1, 0],
      ['GET /falla', 1, 1],
      ['no-encontrada', 1, 0],
    ]);
    for (const e of emf) expect(e).toMatchObject({ service: 'api', Latencia: expect.any(Number), _aws: { CloudWatchMetrics: [{ Namespace: 'TransportadorasAliadas', Dimensions: [['service', 'ruta']] }] } });
  });
});
