import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { MAX_SERVICIOS_MAPA } from '@shared/domain/mapa.js';
import { MAPA_MSG, RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { randomUUID } from 'node:crypto';
import { createConsoleUser } from '../../scripts/lib/console-users.js';
import { api, cognitoClient, docClient, idToken, stack, table } from '../support/clients.js';
import { servicioReservado } from '../support/servicios.js';

/**
 * A started trip (docs/spec/02.md sections 2.2 and 7; docs/product.md): the driver app reports positions for its
 * own vehicle, the company's map shows its drivers inside the visible bounds, and the company or the
 * driver ends the trip after departure (balance due, the vehicle's trip count up by one).
 * The demo driver jhon.paz drives veh-demo-transvalle-001 (Van VCK512).
 */
const TRANSVALLE = 'demo-transvalle';
const VAN = 'veh-demo-transvalle-001';
const CALI = { norte: 3.5, sur: 3.4, este: -76.48, oeste: -76.58 };

let admin: string;
let andino: string;
let conductor: string;

const guardado = async (key: 'services' | 'vehiculos', id: string) => (await docClient().send(new GetCommand({ TableName: table(key), Key: { id } }))).Item!;
const query = (l: Record<string, number>) => new URLSearchParams(Object.entries(l).map(([k, v]) => [k, String(v)])).toString();

/** A confirmed trip started, departing `minutos` from now. */
const iniciado = (minutos: number) => ({ estado: 'confirmado', fuec: true, recorridoIniciado: true, fechaSalida: new Date(Date.now() + minutos * 60_000).toISOString() }) as const;

/**
 * A driver signed in, on a vehicle of a company of their own (a vehicle record with only what the
 * report reads): no other test's trip is ever under way for it, and no other test lists that company.
 */
async function conductorPropio(placas: string): Promise<{ empresa: string; vehiculoId: string; token: string }> {
  const empresa = `empresa-${randomUUID()}`;
  const vehiculoId = `veh-${randomUUID()}`;
  await docClient().send(new PutCommand({ TableName: table('vehiculos'), Item: { id: vehiculoId, empresaAliada: empresa, placas } }));
  const email = `${vehiculoId}@conductores.demo`;
  await createConsoleUser(
    { cognito: cognitoClient(), userPoolId: stack().userPoolId, ddb: docClient(), usuariosTable: table('usuarios') },
    { email, password: DEMO_PASSWORD, nombres: 'Conductor', apellidos: placas, role: 'conductor', empresaId: empresa, vehiculoId, perfil: true },
  );
  return { empresa, vehiculoId, token: await idToken(email, DEMO_PASSWORD) };
}

/** A Van trip of the demo company driven by VCK512, confirmed and started, departing `minutos` from now. */
async function viajeIniciado(minutos: number, vehiculoId = VAN): Promise<string> {
  // Stored whole, with its lists' keys (its company's confirmed trips), as the API leaves a started trip.
  const id = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, 3, { ...iniciado(minutos), vehiculoId, placas: 'VCK512', conductor: 'Jhon Jairo Paz' });
  // The API reads the change log at most once a second.
  await new Promise((r) => setTimeout(r, 1100));
  return id;
}

beforeAll(async () => {
  [admin, andino, conductor] = await Promise.all([
    idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    idToken(DEMO_USERS.admin3, DEMO_PASSWORD),
    idToken(DEMO_USERS.conductor, DEMO_PASSWORD),
  ]);
});

describe("the driver's position", () => {
  it("is written onto the driver's own vehicle only, and shown to its company inside the map's bounds", async () => {
    const id = await viajeIniciado(-10);
    const ajeno = await guardado('vehiculos', 'veh-demo-transvalle-002');
    // A body naming another vehicle changes nothing but the driver's own.
    const res = await api('/integracion/conductor/posicion', { token: conductor, body: { lat: 3.4372, lng: -76.5225, velocidad: 38, vehiculoId: 'veh-demo-transvalle-002' } });
    expect(res.status).toBe(204);
    expect(await guardado('vehiculos', VAN)).toMatchObject({ latitud: 3.4372, longitud: -76.5225, velocidad: 38 });
    expect((await guardado('vehiculos', 'veh-demo-transvalle-002')).latitud).toBe(ajeno.latitud);
    // Only the map shows it, while the trip is under way: the vehicle's details never carry it (a phone may report off duty).
    const detalle = await api(`/vehiculos/${VAN}`, { token: admin });
    expect(detalle.status).toBe(200);
    expect(JSON.stringify(detalle.json)).not.toMatch(/latitud|longitud|velocidad|posicionEn|3\.4372/);

    const visibles = await api(`/mapa/conductores?${query(CALI)}`, { token: admin });
    expect(visibles.status).toBe(200);
    expect(visibles.json.conductores).toContainEqual(expect.objectContaining({ servicioId: id, placas: 'VCK512', lat: 3.4372, lng: -76.5225 }));
    // Just outside the bounds, within the 0.1 degree margin: still shown; farther: not.
    const margen = await api(`/mapa/conductores?${query({ norte: 3.36, sur: 3.2, este: -76.4, oeste: -76.7 })}`, { token: admin });
    expect(margen.json.conductores.map((c: { servicioId: string }) => c.servicioId)).toContain(id);
    const lejos = await api(`/mapa/conductores?${query({ norte: 6.3, sur: 6.2, este: -75.5, oeste: -75.6 })}`, { token: admin });
    expect(lejos.json.conductores.map((c: { servicioId: string }) => c.servicioId)).not.toContain(id);
    // Another company never sees them.
    const otra = await api(`/mapa/conductores?${query(CALI)}`, { token: andino });
    expect(JSON.stringify(otra.json)).not.toContain(id);

    for (const q of ['norte=abc&sur=1&este=2&oeste=3', 'norte=&sur=&este=&oeste=', 'norte=%20&sur=1&este=2&oeste=3', 'norte=1']) {
      const malos = await api(`/mapa/conductores?${q}`, { token: admin });
      expect(malos.status, q).toBe(400);
      expect(malos.json.error.message).toBe(RECORRIDO_MSG.limitesInvalidos);
    }
    // Numbers too small for DynamoDB are a position all the same (rounded to about a centimetre).
    const diminuta = await api('/integracion/conductor/posicion', { token: conductor, body: { lat: 1e-131, lng: -76.5, velocidad: 1e-200 } });
    expect(diminuta.status).toBe(204);
    expect(await guardado('vehiculos', VAN)).toMatchObject({ latitud: 0, longitud: -76.5, velocidad: 0 });
    const fuera = await api('/integracion/conductor/posicion', { token: conductor, body: { lat: 120, lng: -76.5 } });
    expect(fuera.status).toBe(400);
    expect(fuera.json.error.message).toBe(RECORRIDO_MSG.posicionInvalida);
  });

  it('is refused while no trip of its vehicle is under way, and taken once one is', async () => {
    const { empresa, vehiculoId, token } = await conductorPropio('SVJ001');
    const posicion = { lat: 3.45, lng: -76.53, velocidad: 20 };

    const libre = await api('/integracion/conductor/posicion', { token, body: posicion });
    expect(libre.status).toBe(409);
    expect(libre.json.error.message).toBe(RECORRIDO_MSG.sinViajeEnCurso);
    expect((await guardado('vehiculos', vehiculoId)).latitud).toBeUndefined();
    // A trip of its confirmed but not started is not under way either.
    await servicioReservado(empresa, { tipo: 'Van' }, 3, { estado: 'confirmado', fuec: true, vehiculoId, placas: 'SVJ001', conductor: 'Sin Viaje' });
    expect((await api('/integracion/conductor/posicion', { token, body: posicion })).status).toBe(409);

    await servicioReservado(empresa, { tipo: 'Van' }, 3, { ...iniciado(-5), vehiculoId, placas: 'SVJ001', conductor: 'Sin Viaje' });
    // Taken once the API has read the change (its change log, at most a second later).
    await expect.poll(async () => (await api('/integracion/conductor/posicion', { token, body: posicion })).status).toBe(204);
    expect(await guardado('vehiculos', vehiculoId)).toMatchObject({ latitud: 3.45, longitud: -76.53 });
  });

  it("is taken for a long trip of a company with more trips ahead than its map shows", async () => {
    // 50 reservations ahead: its map's part holds those, not a trip that left two days ago.
    const { empresa, vehiculoId, token } = await conductorPropio('LRG002');
    for (let i = 0; i < MAX_SERVICIOS_MAPA; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => servicioReservado(empresa, { tipo: 'Van' }, 1 + ((i + k) % 5))));
    const posicion = { lat: 4.6, lng: -74.08, velocidad: 60 };
    expect((await api('/integracion/conductor/posicion', { token, body: posicion })).status).toBe(409);
    await servicioReservado(empresa, { tipo: 'Van' }, 3, { ...iniciado(-2 * 24 * 60), fechaRegreso: new Date(Date.now() + 86_400_000).toISOString(), vehiculoId, placas: 'LRG002', conductor: 'Viaje Largo' });
    // Taken once the API has read the change (its change log, at most a second later).
    await expect.poll(async () => (await api('/integracion/conductor/posicion', { token, body: posicion })).status).toBe(204);
  });

  it('is refused to console users: the endpoint is the driver app', async () => {
    const res = await api('/integracion/conductor/posicion', { token: admin, body: { lat: 3.43, lng: -76.52 } });
    expect(res.status).toBe(403);
  });
});

describe('the end of a trip', () => {
  it('is marked by the company after departure: finalizado, balance due, the vehicle one trip more; once', async () => {
    const futuro = await viajeIniciado(30);
    const pronto = await api(`/servicios/${futuro}/finalizar`, { token: admin, method: 'POST' });
    expect(pronto.status).toBe(409);
    expect(pronto.json.error.message).toBe(RECORRIDO_MSG.noFinalizable);

    const id = await viajeIniciado(-60);
    const antes = (await guardado('vehiculos', VAN)).viajesRealizados as number;
    expect((await api(`/servicios/${id}/finalizar`, { token: andino, method: 'POST' })).status).toBe(404);
    const res = await api(`/servicios/${id}/finalizar`, { token: admin, method: 'POST' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await guardado('services', id)).toMatchObject({ estado: 'finalizado', pagarSaldoConductor: true });
    expect((await guardado('vehiculos', VAN)).viajesRealizados).toBe(antes + 1);
    const again = await api(`/servicios/${id}/finalizar`, { token: admin, method: 'POST' });
    expect(again.status).toBe(409);
    expect((await guardado('vehiculos', VAN)).viajesRealizados).toBe(antes + 1);
  });

  it("is marked by the driver app for its own vehicle's trip only", async () => {
    const otro = await viajeIniciado(-30, 'veh-demo-transvalle-002');
    const ajeno = await api(`/integracion/conductor/servicios/${otro}/finalizar`, { token: conductor, method: 'POST' });
    expect(ajeno.status).toBe(404);
    expect(ajeno.json.error.message).toBe(RECORRIDO_MSG.noEsTuViaje);
    expect((await guardado('services', otro)).estado).toBe('confirmado');

    const propio = await viajeIniciado(-30);
    const res = await api(`/integracion/conductor/servicios/${propio}/finalizar`, { token: conductor, method: 'POST' });
    expect(res.status).toBe(200);
    expect((await guardado('services', propio)).estado).toBe('finalizado');
    const trail = await api(`/servicios/${propio}/historial`, { token: admin });
    expect(trail.json.items.at(-1)).toMatchObject({ accion: 'fin', quien: { tipo: 'conductor', nombre: DEMO_USERS.conductor }, despues: { estado: 'finalizado', pagarSaldoConductor: true } });
    expect((await api('/integracion/conductor/servicios/no-existe/finalizar', { token: conductor, method: 'POST' })).json.error.message).toBe(RECORRIDO_MSG.noEsTuViaje);
    expect((await api(`/integracion/conductor/servicios/${encodeURIComponent('a#b')}/finalizar`, { token: conductor, method: 'POST' })).json.error.message).toBe(MAPA_MSG.servicioNoEncontrado);
  });
});
