import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../lambdas/api/route-table.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, cognitoClient, docClient, idToken, listKeys, stack, subOf, table } from '../support/clients.js';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';
import { appApi, servicioReservado } from '../support/servicios.js';
import { edicionDe } from '../support/vehiculos.js';
import {
  ENGLISH, FUZZ_ANTICIPO, FUZZ_COMPROBANTE, FUZZ_EPAYCO, FUZZ_GUIA, FUZZ_RECOMPENSA, FUZZ_SERVICIO, FUZZ_TRANSFERENCIA, FUZZ_VEHICULO, GUIA_NUEVA, malformed, NUEVO,
  OPERADOR_NUEVO, PUBLICADO, SAMPLES,
} from '../support/integracion-entrada-malformada.js';

/**
 * Generated malformed bodies for every body-taking route of the table (the valid samples and the ways
 * to break them: test/support/integracion-entrada-malformada.ts). Each must get a 4xx with a Spanish
 * message, and nothing may be written.
 */
describe('malformed input, generated (fast-check), on every body-taking route', () => {
  let token: string;
  let sub: string;
  /** The reserved service the assignment bodies target: still unassigned after them all. */
  let reservado: string;
  let conductorToken: string;
  let plataformaToken: string;
  beforeAll(async () => {
    plataformaToken = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
    // The demo admin: complete profile, so every route reaches its validation.
    token = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    sub = subOf(token);
    conductorToken = await idToken(DEMO_USERS.conductor, DEMO_PASSWORD);
    const stored = await api(`/vehiculos/${FUZZ_VEHICULO}`, { token });
    expect(stored.status).toBe(200);
    SAMPLES['PUT /vehiculos/:id']!.valid = { ...edicionDe(stored.json.vehiculo), fotos: {}, documentos: {} };
    expect((await appApi('POST', '/integracion/cliente/servicios', FUZZ_SERVICIO)).status).toBe(201);
    SAMPLES['POST /servicios/:servicioId/ofertas']!.path = `/servicios/${FUZZ_SERVICIO.id}/ofertas`;
    SAMPLES['POST /integracion/cliente/servicios/:servicioId/aceptar']!.path = `/integracion/cliente/servicios/${FUZZ_SERVICIO.id}/aceptar`;
    reservado = await servicioReservado('demo-transvalle', { tipo: 'Van' });
    SAMPLES['PUT /servicios/:servicioId/vehiculo']!.path = `/servicios/${reservado}/vehiculo`;
    SAMPLES['POST /servicios/:servicioId/fuec']!.path = `/servicios/${reservado}/fuec`;
  });

  /** What a request could have written: the caller's records, the company's users, upload tickets and waiting files. */
  /** Upload tickets an app holds for this file's samples (the provider tests upload with the same app at the same time). */
  const ticketsDeApp = async (sub: string) =>
    (
      await docClient().send(
        new ScanCommand({
          TableName: table('uploads'),
          Select: 'COUNT',
          FilterExpression: '#sub = :sub AND begins_with(fileName, :f)',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':sub': sub, ':f': 'fuz' },
        }),
      )
    ).Count;

  async function snapshot() {
    const me = await api('/me', { token });
    const users = await docClient().send(
      new QueryCommand({ TableName: table('usuarios'), IndexName: 'byEmpresa', KeyConditionExpression: 'empresaId = :e', ExpressionAttributeValues: { ':e': 'demo-transvalle' } }),
    );
    // A test may scan: it counts what a request could have added (the caller's tickets; other test
    // files upload at the same time with their own users).
    const tickets = await docClient().send(
      new ScanCommand({ TableName: table('uploads'), Select: 'COUNT', FilterExpression: '#sub = :sub', ExpressionAttributeNames: { '#sub': 'sub' }, ExpressionAttributeValues: { ':sub': sub } }),
    );
    // The fleet: no vehicle added (its ids), the edited one unchanged, no plate guard, driver account or file made.
    const fleet = await api('/vehiculos', { token });
    const vehiculo = await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: FUZZ_VEHICULO } }));
    const guard = await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: `placa#demo-transvalle#${NUEVO.placas}` } }));
    const driver = await cognitoClient()
      .send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: NUEVO.email }))
      .then((u) => u.Username ?? 'sin nombre', (err: Error) => err.name);
    return {
      usuario: me.json.usuario,
      empresa: me.json.empresa,
      users: users.Items?.length,
      tickets: tickets.Count,
      waiting: await listKeys(`uploads/${sub}/`),
      fleet: (fleet.json.items as { id: string }[]).map((v) => v.id).sort(),
      vehiculo: vehiculo.Item,
      guard: guard.Item ?? null,
      driver,
      files: await listKeys(`vehiculos/${FUZZ_VEHICULO}/`),
      // No offer on the file's service, the service as published, no publication of the sample's id.
      offers: (await docClient().send(new QueryCommand({ TableName: table('offers'), KeyConditionExpression: 'idServicio = :s', ExpressionAttributeValues: { ':s': FUZZ_SERVICIO.id } }))).Items,
      servicio: (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: FUZZ_SERVICIO.id } }))).Item,
      publicado: (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: PUBLICADO.id } }))).Item ?? null,
      reservado: (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: reservado } }))).Item,
      // The demo driver's vehicle: no position written by a malformed report.
      // The provider panel: the guide unchanged, no guide or operator registered, no app upload ticket.
      guia: (await docClient().send(new GetCommand({ TableName: table('proveedores'), Key: { id: FUZZ_GUIA } }))).Item,
      guiaNueva: (await docClient().send(new GetCommand({ TableName: table('proveedores'), Key: { id: GUIA_NUEVA } }))).Item ?? null,
      operadorNuevo: (await docClient().send(new GetCommand({ TableName: table('proveedores'), Key: { id: OPERADOR_NUEVO } }))).Item ?? null,
      ticketsApp: await ticketsDeApp('app-proveedores'),
      // Payments: the transfer, the advance, the reward and the receipt the bodies aim at, untouched; no client-app ticket.
      pagos: await Promise.all(
        [
          ['services', FUZZ_TRANSFERENCIA],
          ['services', FUZZ_ANTICIPO],
          ['services', FUZZ_EPAYCO],
          ['services', FUZZ_COMPROBANTE],
          ['vehiculos', FUZZ_RECOMPENSA],
          ['pagos', `anticipo#${FUZZ_ANTICIPO}`],
          ['pagos', `recompensa#${FUZZ_RECOMPENSA}`],
        ].map(async ([t, id]) => (await docClient().send(new GetCommand({ TableName: table(t as 'services'), Key: { id } }))).Item ?? null),
      ),
      ticketsCliente: await ticketsDeApp('app-cliente'),
      posicion: (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: 'veh-demo-transvalle-001' }, ProjectionExpression: 'latitud, longitud, posicionEn' }))).Item ?? null,
    };
  }

  /**
   * A body sent to its route as the route's caller would: the client app's routes signed by that app
   * (over exactly these bytes), the driver app's with the demo driver's token, marketplace-only ones
   * with staff's, the others with the admin's; each reaches its route's validation.
   */
  function enviar(route: (typeof ROUTES)[number], raw: string, contentType = 'application/json') {
    const path = SAMPLES[`${route.method} ${route.path}`]!.path || route.path;
    const conductorOnly = Array.isArray(route.access) && route.access.includes('conductor');
    const plataformaOnly = Array.isArray(route.access) && route.access.length === 1 && route.access[0] === 'plataforma';
    const app = route.access === 'app-cliente' ? 'cliente' : route.access === 'app-proveedores' ? 'proveedores' : null;
    const auth = app
      ? cabecerasApp(app === 'cliente' ? stack().clientAppSecret : stack().providerAppSecret, route.method, path, raw, new Date(), app)
      : { authorization: `Bearer ${conductorOnly ? conductorToken : plataformaOnly ? plataformaToken : token}` };
    return fetch(`${stack().apiUrl}${path}`, { method: route.method, headers: { ...auth, 'content-type': contentType }, body: raw });
  }

  it('refuses a valid body not declared as JSON (a form or plain text) with a Spanish 415, and writes nothing', async () => {
    const before = await snapshot();
    for (const route of ROUTES.filter((r) => r.body)) {
      const raw = JSON.stringify(SAMPLES[`${route.method} ${route.path}`]!.valid);
      for (const tipo of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
        const res = await enviar(route, raw, tipo);
        expect(res.status, `${route.method} ${route.path} (${tipo})`).toBe(415);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(API_MSG.soloJson);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('sends at least 100 malformed bodies to each route: each gets a Spanish 4xx and nothing is written', async () => {
    const bodyRoutes = ROUTES.filter((r) => r.body);
    expect(bodyRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(SAMPLES).sort());
    // Each sample is valid as it stands: what the generator breaks is the only thing wrong.
    for (const route of bodyRoutes) expect(route.body!.safeParse(SAMPLES[`${route.method} ${route.path}`]!.valid).error, `${route.method} ${route.path}`).toBeUndefined();
    const before = await snapshot();
    const figures: string[] = [];
    const messages = new Set<string>();
    for (const route of bodyRoutes) {
      const name = `${route.method} ${route.path}`;
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(malformed(SAMPLES[name]!), async ({ raw, how }) => {
          sent++;
          const res = await enviar(route, raw);
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          const message = body?.error?.message ?? '';
          messages.add(message);
          expect(res.status, `${name} (${how})`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${name} (${how})`).toBeLessThan(500);
          expect(message, `${name} (${how})`).not.toBe('');
          expect(message, `${name} (${how}): "${message}"`).not.toMatch(ENGLISH);
        }),
        { numRuns: 120, seed: 20261123 },
      );
      figures.push(`${name}: ${sent}`);
    }
    console.log(`[fuzz] cuerpos malformados enviados: ${figures.join(', ')}; mensajes distintos: ${messages.size}`);
    console.log(`[fuzz] mensajes: ${[...messages].sort().join(' | ')}`);
    expect(before.driver).toBe('UserNotFoundException');
    expect(before.guard).toBeNull();
    expect(before.offers).toEqual([]);
    expect(before.publicado).toBeNull();
    expect(before.guia).toMatchObject({ suspendido: false, estadoProveedor: 'guia#activo' });
    expect(before.guiaNueva).toBeNull();
    expect(await snapshot()).toEqual(before);
  });
});
