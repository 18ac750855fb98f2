import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecerasApp, firmaApp } from '../../lambdas/api/middleware/apps.js';
import { COTIZACIONES_ABIERTAS, expirarEsperando } from '../../scripts/local/s3.js';
import { INTEGRACION_MSG } from '@shared/schemas/messages-servicios.js';
import { api, docClient, listKeys, PDF_BYTES, stack, table, tagsOf, upload } from '../support/clients.js';
import { ANDINO, ofertar, publicar, sesiones, TRANSVALLE } from '../support/integracion-mapa-ofertas.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { appApi, servicioPublicado } from '../support/servicios.js';

/**
 * The client app's integration (docs/spec/02.md section 4.4; docs/product.md): its signed calls, the
 * services it publishes and the offers it accepts. Services are published through the client endpoint
 * by each test, so the demo data stays as other files expect it.
 */

// The map's files take turns: a test reads the feed twice, unchanged, while the others publish and offer.
turnoDe('mapa-ofertas');

let valle: string;
let andino: string;

beforeAll(async () => {
  ({ valle, andino } = await sesiones());
});

describe('client app integration', () => {
  it('refuses unsigned, console-token, wrongly signed and stale calls, and its signature opens no console route', async () => {
    const path = '/integracion/cliente/servicios';
    const body = servicioPublicado();
    const none = await api(path, { body });
    expect(none.status).toBe(401);
    expect(none.json.error.message).toBe(INTEGRACION_MSG.firmaRequerida);
    expect((await api(path, { token: valle, body })).status).toBe(401);
    const wrong = await appApi('POST', path, body, { secret: 'otra-clave' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe(INTEGRACION_MSG.firmaInvalida);
    expect((await appApi('POST', path, body, { now: new Date(Date.now() - 10 * 60_000) })).status).toBe(401);
    // A signature made for one body does not carry another.
    const signedForOther = cabecerasApp(stack().clientAppSecret, 'POST', path, JSON.stringify(servicioPublicado()));
    expect((await api(path, { body, headers: signedForOther })).status).toBe(401);
    const asApp = await appApi('GET', '/mapa');
    expect(asApp.status).toBe(401);
    expect((await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: body.id } }))).Item).toBeUndefined();
  });

  it('admits a signed write once: the same request again is a 409 and writes nothing; a read may repeat', async () => {
    const path = '/integracion/cliente/servicios';
    const body = servicioPublicado();
    const headers = cabecerasApp(stack().clientAppSecret, 'POST', path, JSON.stringify(body));
    expect((await api(path, { body, headers })).status).toBe(201);
    const enTabla = async () => (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: body.id }, ConsistentRead: true }))).Item;
    const antes = await enTabla();
    expect(await api(path, { body, headers })).toMatchObject({ status: 409, json: { error: { message: INTEGRACION_MSG.firmaRepetida } } });
    expect(await enTabla()).toEqual(antes);
    // The same write signed again (a retry) reaches the route, which says the id is taken.
    expect(await appApi('POST', path, body)).toMatchObject({ status: 409, json: { error: { message: INTEGRACION_MSG.servicioExiste } } });
    const lectura = `/integracion/cliente/servicios/${body.id}/ofertas`;
    const leer = cabecerasApp(stack().clientAppSecret, 'GET', lectura);
    expect((await api(lectura, { headers: leer })).status).toBe(200);
    expect((await api(lectura, { headers: leer })).status).toBe(200);
    const cabeza = cabecerasApp(stack().clientAppSecret, 'HEAD', lectura);
    for (let i = 0; i < 2; i++) expect((await fetch(`${stack().apiUrl}${lectura}`, { method: 'HEAD', headers: cabeza })).status).toBe(200);
    // A refused body uses nothing: the same request again gets the same refusal, not "repeated".
    const malo = { ...servicioPublicado(), pasajeros: 0 };
    const firmado = cabecerasApp(stack().clientAppSecret, 'POST', path, JSON.stringify(malo));
    for (let i = 0; i < 2; i++) expect((await api(path, { body: malo, headers: firmado })).status).toBe(400);
  });

  it('refuses a request without its nonce, with a nonce it was not signed with, or with a malformed one', async () => {
    const path = '/integracion/cliente/servicios';
    const body = servicioPublicado();
    const text = JSON.stringify(body);
    const { 'x-app-nonce': _sinNonce, ...sinNonce } = cabecerasApp(stack().clientAppSecret, 'POST', path, text);
    expect(await api(path, { body, headers: sinNonce })).toMatchObject({ status: 401, json: { error: { message: INTEGRACION_MSG.firmaRequerida } } });
    const otroNonce = { ...cabecerasApp(stack().clientAppSecret, 'POST', path, text), 'x-app-nonce': 'b2c1f0e4-0000-4000-8000-000000000000' };
    expect(await api(path, { body, headers: otroNonce })).toMatchObject({ status: 401, json: { error: { message: INTEGRACION_MSG.firmaInvalida } } });
    // Signed with the key, but a nonce too short to be unique.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const corto = { 'x-app-id': 'cliente', 'x-app-timestamp': timestamp, 'x-app-nonce': 'abc', 'x-app-signature': firmaApp(stack().clientAppSecret, { method: 'POST', path, timestamp, nonce: 'abc', body: text }) };
    expect(await api(path, { body, headers: corto })).toMatchObject({ status: 401, json: { error: { message: INTEGRACION_MSG.firmaInvalida } } });
    expect((await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: body.id } }))).Item).toBeUndefined();
  });

  it('refuses a malformed or repeated publication in Spanish', async () => {
    const bad = await appApi('POST', '/integracion/cliente/servicios', { ...servicioPublicado(), fechaSalida: new Date(Date.now() - 3600_000).toISOString(), pasajeros: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(INTEGRACION_MSG.salidaFutura);
    const lejana = await appApi('POST', '/integracion/cliente/servicios', { ...servicioPublicado(), fechaSalida: '9999-12-31T23:59:59Z' });
    expect(lejana.status).toBe(400);
    expect(JSON.stringify(lejana.json)).toContain(INTEGRACION_MSG.salidaLejana);
    const salida = Date.now() + 86_400_000;
    const regreso = await appApi('POST', '/integracion/cliente/servicios', { ...servicioPublicado(), fechaSalida: new Date(salida).toISOString(), fechaRegreso: '9999-12-31T23:59:59Z' });
    expect(regreso.status).toBe(400);
    expect(JSON.stringify(regreso.json)).toContain(INTEGRACION_MSG.regresoLejano);
    // A number DynamoDB cannot store (under 1e-130) is a coordinate of 0 at 7 decimals, not a 500.
    const diminuta = servicioPublicado();
    expect((await appApi('POST', '/integracion/cliente/servicios', { ...diminuta, latOrigen: 1e-300, lonOrigen: 1e-131 })).status).toBe(201);
    const guardada = (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: diminuta.id } }))).Item!;
    expect([guardada.latOrigen, guardada.lonOrigen]).toEqual([0, 0]);
    const body = servicioPublicado();
    expect((await appApi('POST', '/integracion/cliente/servicios', body)).status).toBe(201);
    const again = await appApi('POST', '/integracion/cliente/servicios', body);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(INTEGRACION_MSG.servicioExiste);
  });

  it("keeps the accepted offer's quote, and the bucket's rule deletes the others' two days on", async () => {
    const id = await publicar({ tipo: 'Van' });
    for (const token of [valle, andino]) {
      const pdf = await upload(token, 'cotizacion', PDF_BYTES, 'application/pdf');
      expect((await ofertar(token, id, { precio: 700000, cotizacion: pdf })).status).toBe(201);
    }
    const [deValle] = await listKeys(`ofertas/${TRANSVALLE}/${id}/`);
    const [deAndino] = await listKeys(`ofertas/${ANDINO}/${id}/`);
    expect(await tagsOf(deValle!)).toEqual({ cotizacion: 'abierta' });
    expect(await tagsOf(deAndino!)).toEqual({ cotizacion: 'abierta' });

    const accept = await appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: 'transferencia' });
    expect(accept.status, JSON.stringify(accept.json)).toBe(200);
    expect(await tagsOf(deValle!)).toEqual({ cotizacion: 'aceptada' });
    expect(await tagsOf(deAndino!)).toEqual({ cotizacion: 'abierta' });

    // The rule as the local stack applies it, on this service's quotes only (other tests' are not this one's).
    const regla = (empresa: string, now: Date) =>
      expirarEsperando({ endpoint: stack().s3Endpoint, bucket: stack().bucket, ...COTIZACIONES_ABIERTAS, prefix: `ofertas/${empresa}/${id}/`, now });
    expect(await regla(ANDINO, new Date())).toBe(0);
    const enTresDias = new Date(Date.now() + 3 * 86_400_000);
    expect([await regla(TRANSVALLE, enTresDias), await regla(ANDINO, enTresDias)]).toEqual([0, 1]);
    expect(await listKeys(`ofertas/${TRANSVALLE}/${id}/`)).toEqual([deValle]);
    expect(await listKeys(`ofertas/${ANDINO}/${id}/`)).toEqual([]);
    const detalle = await api(`/servicios/${id}`, { token: valle });
    expect(detalle.json.miOferta.cotizacionUrl).toMatch(/^http.*ofertas/);
  });
});
