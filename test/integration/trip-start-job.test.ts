import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { serviceRepository, servicioItem } from '../../lambdas/data/service-repository.js';
import { serviceSchema } from '@shared/schemas/service.js';
import { docClient, table, useFunctionEnv } from '../support/clients.js';

describe('trip-start job (EventBridge Scheduler in AWS, an interval locally)', () => {
  let runTick: (now?: Date) => Promise<{ started: string[] }>;
  beforeAll(async () => {
    // The job runs here with the same environment the local stack gives its functions.
    useFunctionEnv();
    ({ runTick } = await import('../../lambdas/jobs/tick.js'));
  });

  const put = (id: string, fechaSalida: string, estado: 'confirmado' | 'reservado' = 'confirmado') =>
    docClient().send(
      new PutCommand({
        TableName: table('services'),
        // As the FUEC route leaves it: in the job's index while not started.
        Item: servicioItem(serviceSchema.parse({
          id, estado, empresa: 'Cliente', empresaAliada: 'demo-transvalle', cliente: 'Cliente', nombre: 'Traslado', solicitante: 'Ana',
          tipo: 'Van', clase: 'Empresarial', origen: 'A', destino: 'B', latOrigen: 3.45, lonOrigen: -76.53, fechaSalida, pasajeros: 10,
          ciudad: 'Cali', departamento: 'Valle del Cauca', creadoEn: '2026-11-01T00:00:00.000Z', fuec: true,
        })),
      }),
    );
  const started = async (id: string) =>
    (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item?.recorridoIniciado;

  it('starts confirmed trips within two hours of departure, once, and leaves the others', async () => {
    const now = new Date('2030-01-10T12:00:00.000Z');
    await put('job-due', '2030-01-10T13:59:00.000Z');
    await put('job-later', '2030-01-10T14:01:00.000Z');
    await put('job-reservado', '2030-01-10T13:00:00.000Z', 'reservado');

    const first = await runTick(now);
    expect(first.started).toContain('job-due');
    expect(first.started).not.toContain('job-later');
    expect(first.started).not.toContain('job-reservado');
    expect(await started('job-due')).toBe(true);
    expect(await started('job-later')).toBe(false);

    const second = await runTick(now);
    expect(second.started).not.toContain('job-due');
    // The start is in the trip's audit trail, by the job, once.
    const trail = await docClient().send(new QueryCommand({ TableName: table('historial'), KeyConditionExpression: 'servicioId = :s', ExpressionAttributeValues: { ':s': 'job-due' } }));
    expect(trail.Items).toEqual([expect.objectContaining({ accion: 'inicio', quien: expect.objectContaining({ tipo: 'sistema' }), antes: { recorridoIniciado: false }, despues: { recorridoIniciado: true } })]);
    // A started trip leaves the job's index: later runs do not read it again.
    const item = (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: 'job-due' } }))).Item!;
    expect(item.inicio).toBeUndefined();
    expect(item.recorridoIniciadoEn).toBe(now.toISOString());
    expect((await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: 'job-later' } }))).Item!.inicio).toBe('pendiente');

    // Two minutes later the second one is due, and only it starts.
    const later = await runTick(new Date(now.getTime() + 2 * 60_000));
    expect(later.started).toContain('job-later');
    expect(later.started).not.toContain('job-due');
  });

  it('starts the other due trips when one fails, fails the run so its alarm sees it, and starts that one next minute', async () => {
    const now = new Date('2030-02-10T12:00:00.000Z');
    await put('job-falla', '2030-02-10T13:00:00.000Z');
    await put('job-sigue', '2030-02-10T13:30:00.000Z');
    const original = serviceRepository.markTripStarted.bind(serviceRepository);
    const limitada = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    const espia = vi.spyOn(serviceRepository, 'markTripStarted').mockImplementation((id, ...resto) => (id === 'job-falla' ? Promise.reject(limitada) : original(id, ...resto)));
    try {
      await expect(runTick(now)).rejects.toThrow(/^No se pudieron iniciar 1 de \d+ viajes/);
    } finally {
      espia.mockRestore();
    }
    expect(await started('job-sigue')).toBe(true);
    expect(await started('job-falla')).toBe(false);
    expect((await runTick(new Date(now.getTime() + 60_000))).started).toContain('job-falla');
  });
});
