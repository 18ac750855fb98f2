import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contadorCuota, CUOTAS, ventanaCuota, type ReglaCuota, type VentanaCuota } from '@shared/domain/cuotas.js';
import { CUOTA_MSG } from '@shared/schemas/messages.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';
import { api, docClient, idToken, stack, subOf, table } from '../support/clients.js';
import { TRANSVALLE } from '../support/integracion-asignacion.js';
import { appApi, servicioPublicado } from '../support/servicios.js';

/**
 * Quotas per hour and per day (shared/domain/cuotas.ts, docs/architecture.md "Untrusted input"): upload
 * tickets per console user and per company, the apps' tickets and signed writes. Each test fills a
 * counter to its real limit (written straight to the table, as thousands of requests would leave it),
 * then asks once more. It runs alone on its stack (SOLAS): a full app quota would refuse another file's
 * calls. The counters are deleted after each test.
 */

let admin: string;
let staff: string;
let andino: string;
const puestos: string[] = [];

beforeAll(async () => {
  [admin, staff, andino] = await Promise.all([idToken(DEMO_USERS.admin, DEMO_PASSWORD), idToken(DEMO_USERS.staff, DEMO_PASSWORD), idToken(DEMO_USERS.admin3, DEMO_PASSWORD)]);
});

afterEach(async () => {
  await Promise.all(puestos.splice(0).map((id) => docClient().send(new DeleteCommand({ TableName: table('cuotas'), Key: { id } }))));
});

/** Sets a counter to `n` in this window and the next (a test that crosses the hour still meets it). */
async function llenar(regla: ReglaCuota, quien: string, ventana: VentanaCuota, n: number = CUOTAS[regla][ventana]) {
  const ahora = new Date();
  const siguiente = new Date(ventanaCuota(ventana, ahora).finS * 1000);
  for (const cuando of [ahora, siguiente]) {
    const id = contadorCuota(regla, quien, ventana, cuando);
    puestos.push(id);
    await docClient().send(new PutCommand({ TableName: table('cuotas'), Item: { id, n, expiresAt: ventanaCuota(ventana, cuando).finS + 3600 } }));
  }
}
const contado = async (regla: ReglaCuota, quien: string, ventana: VentanaCuota) =>
  (await docClient().send(new GetCommand({ TableName: table('cuotas'), Key: { id: contadorCuota(regla, quien, ventana, new Date()) } }))).Item?.n as number | undefined;

const ticket = (token: string, overrides: Record<string, unknown> = {}) =>
  api('/uploads', { token, body: { kind: 'fotoPerfil', contentType: 'image/png', size: 1000, fileName: 'foto.png', ...overrides } });

/** The 429 says in Spanish when to try again, and Retry-After says it in seconds, up to the window's end. */
function esperaHasta(res: { status: number; headers: Headers; json: Record<string, any> }, mensaje: (cuando: string) => string, ventana: VentanaCuota) {
  expect(res.status).toBe(429);
  const espera = Number(res.headers.get('retry-after'));
  expect(espera).toBeGreaterThan(0);
  expect(espera).toBeLessThanOrEqual(ventana === 'hora' ? 3600 : 86400);
  const cuando = /^en \d+ (minutos?|horas)$/;
  const texto = res.json.error.message as string;
  const [, enCuanto] = /(en \d+ \S+?)\.?$/.exec(texto) ?? [];
  expect(enCuanto).toMatch(cuando);
  expect(texto).toBe(mensaje(enCuanto!));
}

describe('upload quotas', () => {
  it("refuses a company's tickets past its hour's limit, for every user of it, and not another company's", async () => {
    await llenar('subidasEmpresa', TRANSVALLE, 'hora');
    for (const token of [admin, staff]) esperaHasta(await ticket(token), CUOTA_MSG.subidasEmpresa, 'hora');
    expect((await ticket(andino)).status).toBe(200);
  });

  it("refuses a user's tickets past the day's limit, and bad requests count for nothing", async () => {
    await llenar('subidasUsuario', subOf(staff), 'dia', CUOTAS.subidasUsuario.dia - 1);
    // Refused for what it is (too big), before any quota is counted.
    expect((await ticket(staff, { size: 50 * 1024 * 1024 })).status).toBe(400);
    expect((await ticket(staff)).status).toBe(200);
    expect(await contado('subidasUsuario', subOf(staff), 'dia')).toBe(CUOTAS.subidasUsuario.dia);
    esperaHasta(await ticket(staff), CUOTA_MSG.subidasUsuario, 'dia');
    // The same company's admin has a quota of their own.
    expect((await ticket(admin)).status).toBe(200);
  });

  it("does not count a user's refused tickets in the company's: one user past their limit leaves the others room", async () => {
    await llenar('subidasUsuario', subOf(admin), 'hora');
    const antes = await contado('subidasEmpresa', TRANSVALLE, 'hora');
    for (let i = 0; i < 3; i++) esperaHasta(await ticket(admin), CUOTA_MSG.subidasUsuario, 'hora');
    expect(await contado('subidasEmpresa', TRANSVALLE, 'hora')).toBe(antes);
    expect((await ticket(staff)).status).toBe(200);
  });

  it("refuses the provider app's tickets past its limit", async () => {
    await llenar('subidasApp', 'proveedores', 'hora');
    const res = await appApi('POST', '/integracion/proveedores/uploads', { kind: 'fotoProveedor', contentType: 'image/png', size: 1000, fileName: 'foto.png' }, { app: 'proveedores' });
    esperaHasta(res, CUOTA_MSG.subidasApp, 'hora');
  });
});

describe('staff registrations', () => {
  it("refuses a company's registrations past its hour's limit (docs/decisions/0009), and not another company's", async () => {
    await llenar('registrosPersonal', TRANSVALLE, 'hora');
    const body = (email: string) => ({ email, verifyEmail: email, password: 'Equipo2026!', verifyPassword: 'Equipo2026!' });
    esperaHasta(await api('/usuarios', { token: admin, body: body('cuota.personal@transvalle.demo') }), CUOTA_MSG.registrosPersonal, 'hora');
    expect((await api('/usuarios', { token: andino, body: body('cuota.personal@turismoandino.demo') })).status).toBe(201);
  });
});

describe("the apps' signed writes", () => {
  it('refuses a write past the app’s limit, writes nothing, and takes the same signed request once there is room', async () => {
    await llenar('escriturasApp', 'cliente', 'dia');
    const body = servicioPublicado();
    const path = '/integracion/cliente/servicios';
    const headers = cabecerasApp(stack().clientAppSecret, 'POST', path, JSON.stringify(body));
    esperaHasta(await api(path, { body, headers }), CUOTA_MSG.escriturasApp, 'dia');
    expect((await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: body.id } }))).Item).toBeUndefined();
    // Reads are not counted: the app still polls.
    expect((await appApi('GET', `/integracion/cliente/servicios/${body.id}/ofertas`)).status).not.toBe(429);
    await Promise.all(puestos.splice(0).map((id) => docClient().send(new DeleteCommand({ TableName: table('cuotas'), Key: { id } }))));
    expect((await api(path, { body, headers })).status).toBe(201);
  });
});
