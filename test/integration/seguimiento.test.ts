import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { SEGUIMIENTO_MSG } from '@shared/schemas/messages-servicios.js';
import { createConsoleUser } from '../../scripts/lib/console-users.js';
import { api, cognitoClient, docClient, idToken, stack, table, useFunctionEnv } from '../support/clients.js';
import { appApi, servicioReservado } from '../support/servicios.js';

/**
 * The live trip link (issue 48, docs/decisions/0014): made when the trip starts, given to the company
 * and to the client app, opened by anyone who has it without a session; it shows the plate, the
 * driver's first name, the route and the last position, nothing of the company or the client, and stops
 * working two hours after the trip ends (at once when the reservation is cancelled).
 */
const TRANSVALLE = 'demo-transvalle';
/** TSQ204, driven by Ana María Lozano: no other test reports its position or starts its trips. */
const SUV = 'veh-demo-transvalle-003';
const CONDUCTORA = 'Ana María Lozano';

let admin: string;
let andino: string;
let operador: string;
let plataforma: string;
let conductor: string;
let iniciar: (id: string, empresaId: string, now?: Date) => Promise<boolean>;

beforeAll(async () => {
  useFunctionEnv();
  ({ serviceRepository: { markTripStarted: iniciar } } = await import('../../lambdas/data/service-repository.js'));
  // The SUV's driver, with the driver app's account (the demo has one only for the van's).
  const email = 'ana.lozano.seguimiento@transvalle.demo';
  await createConsoleUser(
    { cognito: cognitoClient(), userPoolId: stack().userPoolId, ddb: docClient(), usuariosTable: table('usuarios') },
    { email, password: DEMO_PASSWORD, nombres: 'Ana María', apellidos: 'Lozano', role: 'conductor', empresaId: TRANSVALLE, vehiculoId: SUV, perfil: true },
  );
  const tokens = await Promise.all([DEMO_USERS.admin, DEMO_USERS.admin3, DEMO_USERS.staff, DEMO_USERS.plataforma, email].map((u) => idToken(u, DEMO_PASSWORD)));
  [admin, andino, operador, plataforma, conductor] = tokens as [string, string, string, string, string];
});

/** A confirmed trip of the demo company driven by TSQ204, departing in an hour, started by the job's own write. */
async function viajeIniciado(): Promise<string> {
  const id = await servicioReservado(TRANSVALLE, { tipo: 'Suv', pasajeros: 4 }, 3, {
    estado: 'confirmado', fuec: true, fechaSalida: new Date(Date.now() + 3600_000).toISOString(), vehiculoId: SUV, placas: 'TSQ204', conductor: CONDUCTORA,
  });
  expect(await iniciar(id, TRANSVALLE)).toBe(true);
  return id;
}

/** The company's link of a trip, once its list of trips under way shows it (the API reads the change log once a second). */
async function enlaceDeLaEmpresa(id: string): Promise<string> {
  let enlace = '';
  await expect
    .poll(async () => {
      const res = await api('/recorridos/en-curso', { token: admin });
      enlace = (res.json.recorridos as { id: string; enlace: string | null }[]).find((r) => r.id === id)?.enlace ?? '';
      return enlace;
    })
    .toMatch(new RegExp(`/seguimiento/${id}\\.[A-Za-z0-9_-]{32}$`));
  return enlace;
}

const token = (enlace: string) => enlace.slice(enlace.lastIndexOf('/') + 1);
const publico = (t: string, headers: Record<string, string> = {}) => api(`/seguimiento/${encodeURIComponent(t)}`, { headers });
const guardado = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item!;

describe('the live trip link', () => {
  it('is made when the trip starts and given to the company and to the client app, never to another company or to staff', async () => {
    const id = await viajeIniciado();
    const enlace = await enlaceDeLaEmpresa(id);
    expect((await guardado(id)).seguimiento).toBe(token(enlace).split('.')[1]);
    // The company's staff see it too; another company's list never names the trip; staff and drivers are refused.
    expect(((await api('/recorridos/en-curso', { token: operador })).json.recorridos as { id: string; enlace: string }[]).find((r) => r.id === id)?.enlace).toBe(enlace);
    expect(JSON.stringify((await api('/recorridos/en-curso', { token: andino })).json)).not.toContain(id);
    expect((await api('/recorridos/en-curso', { token: plataforma })).status).toBe(403);
    expect((await api('/recorridos/en-curso', { token: conductor })).status).toBe(403);
    // The client app gets the same link for its passengers.
    const cliente = await appApi('GET', `/integracion/cliente/servicios/${id}/seguimiento`);
    expect(cliente.status).toBe(200);
    expect(cliente.json).toEqual({ estado: 'confirmado', enlace, caducaEn: null });
  });

  it('tells the client app there is no link before the trip starts', async () => {
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Suv', pasajeros: 4 }, 3, { estado: 'confirmado', fuec: true, vehiculoId: SUV, placas: 'TSQ204', conductor: CONDUCTORA });
    expect((await appApi('GET', `/integracion/cliente/servicios/${id}/seguimiento`)).json).toEqual({ estado: 'confirmado', enlace: null, caducaEn: null });
  });

  it('shows the trip without a session: plate, first name, route, the position of this trip only, and nothing of the company or client', async () => {
    const id = await viajeIniciado();
    const t = token(await enlaceDeLaEmpresa(id));
    const res = await publico(t);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ placas: 'TSQ204', conductor: 'Ana', estado: 'en_curso', finalizadoEn: null, caducaEn: null });
    // The SUV's last report came before this trip started (another trip's, or none): not shown.
    expect(res.json.posicion).toBeNull();
    const s = await guardado(id);
    const texto = JSON.stringify(res.json);
    // Exactly these fields (the origin may name the client's premises: it is where the passengers wait).
    expect(Object.keys(res.json).sort()).toEqual(['caducaEn', 'conductor', 'destino', 'estado', 'fechaSalida', 'finalizadoEn', 'origen', 'placas', 'posicion']);
    for (const ajeno of [s.nombre, s.solicitante, s.nombreEmpresaAliada, TRANSVALLE, s.telefonoOperador, s.emailCliente, 'María', 'Lozano', String(s.valorOferta)].filter(Boolean))
      expect(texto).not.toContain(String(ajeno));

    // The driver reports: the passengers see it within the cache's 5 seconds, with its time.
    expect((await api('/integracion/conductor/posicion', { token: conductor, body: { lat: 3.4516, lng: -76.532 } })).status).toBe(204);
    await expect.poll(async () => (await publico(t)).json.posicion, { timeout: 10_000 }).toMatchObject({ lat: 3.4516, lng: -76.532, en: expect.any(String) });

    // Polled like the map: an unchanged answer is a 304 without a body.
    const etag = (await publico(t)).headers.get('etag')!;
    expect(etag).toBeTruthy();
    const otra = await publico(t, { 'If-None-Match': etag });
    expect(otra.status).toBe(304);
  });

  it('answers one Spanish not-found for a wrong secret, another trip, a malformed token, and changes nothing', async () => {
    const id = await viajeIniciado();
    const t = token(await enlaceDeLaEmpresa(id));
    const [, secreto] = t.split('.') as [string, string];
    const otroSecreto = secreto.slice(0, -1) + (secreto.endsWith('A') ? 'B' : 'A');
    for (const malo of [`${id}.${otroSecreto}`, `demo-encurso-1.${secreto}`, id, `${id}.${secreto}x`, `${id}.${secreto.slice(1)}`, '../mapa', `${'a'.repeat(70)}.${secreto}`]) {
      const res = await publico(malo);
      expect(res.status, malo).toBe(404);
      expect(res.json.error.message).toBe(SEGUIMIENTO_MSG.noDisponible);
    }
    expect((await guardado(id)).seguimiento).toBe(secreto);
  });

  it('keeps working two hours after the end, without the position, and stops after them or at a cancellation', async () => {
    // Ended an hour ago: still shown, finished, with when it stops.
    const reciente = await viajeIniciado();
    const tReciente = token(await enlaceDeLaEmpresa(reciente));
    const haceUnaHora = new Date(Date.now() - 3600_000).toISOString();
    await terminar(reciente, haceUnaHora);
    const res = await publico(tReciente);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ estado: 'finalizado', posicion: null, finalizadoEn: haceUnaHora, caducaEn: new Date(Date.parse(haceUnaHora) + 2 * 3600_000).toISOString() });

    // Ended three hours ago, or cancelled: no longer there, for the passengers or the client app.
    const viejo = await viajeIniciado();
    const tViejo = token(await enlaceDeLaEmpresa(viejo));
    await terminar(viejo, new Date(Date.now() - 3 * 3600_000).toISOString());
    expect((await publico(tViejo)).status).toBe(404);
    expect((await appApi('GET', `/integracion/cliente/servicios/${viejo}/seguimiento`)).json).toMatchObject({ estado: 'finalizado', enlace: null });

    const cancelado = await viajeIniciado();
    const tCancelado = token(await enlaceDeLaEmpresa(cancelado));
    await docClient().send(new UpdateCommand({ TableName: table('services'), Key: { id: cancelado }, UpdateExpression: 'SET estado = :c', ExpressionAttributeValues: { ':c': 'cancelado' } }));
    expect((await publico(tCancelado)).status).toBe(404);
  });
});

/** The trip as the end route leaves it, ended at `en` (the route writes now; the test needs the past). */
const terminar = (id: string, en: string) =>
  docClient().send(
    new UpdateCommand({ TableName: table('services'), Key: { id }, UpdateExpression: 'SET estado = :f, finalizadoEn = :en REMOVE inicio', ExpressionAttributeValues: { ':f': 'finalizado', ':en': en } }),
  );
