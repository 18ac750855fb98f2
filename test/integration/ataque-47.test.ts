import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { createConsoleUser } from '../../scripts/lib/console-users.js';
import { MAX_SERVICIOS_MAPA } from '@shared/domain/mapa.js';
import { api, cognitoClient, docClient, idToken, stack, table } from '../support/clients.js';
import { servicioReservado } from '../support/servicios.js';

/**
 * What the outside attack of issue 47 found (another company, a wrong role, odd input against the
 * routes issue 47 changed), each kept here as the test that failed before its fix.
 */

let andino: string;

beforeAll(async () => {
  andino = await idToken(DEMO_USERS.admin3, DEMO_PASSWORD);
});

/**
 * A company of its own with a complete profile (a copy of Turismo Andino's records), an admin signed in
 * and a vehicle with its driver's account: no other test lists that company.
 */
async function empresaPropia(placas: string) {
  const empresaId = `empresa-${randomUUID()}`;
  const vehiculoId = `veh-${randomUUID()}`;
  const andinoEmpresa = (await docClient().send(new GetCommand({ TableName: table('empresas'), Key: { id: 'demo-andino' } }))).Item!;
  await docClient().send(new PutCommand({ TableName: table('empresas'), Item: { ...andinoEmpresa, id: empresaId } }));
  await docClient().send(new PutCommand({ TableName: table('vehiculos'), Item: { id: vehiculoId, empresaAliada: empresaId, placas, tipo: 'Van' } }));
  const deps = { cognito: cognitoClient(), userPoolId: stack().userPoolId, ddb: docClient(), usuariosTable: table('usuarios') };
  const email = `admin-${empresaId}@empresas.demo`;
  await createConsoleUser(deps, { email, password: DEMO_PASSWORD, nombres: 'Admin', apellidos: placas, role: 'admin', empresaId, perfil: true });
  const conductorEmail = `${vehiculoId}@conductores.demo`;
  await createConsoleUser(deps, { email: conductorEmail, password: DEMO_PASSWORD, nombres: 'Conductor', apellidos: placas, role: 'conductor', empresaId, vehiculoId, perfil: true });
  return { empresaId, vehiculoId, admin: await idToken(email, DEMO_PASSWORD), conductor: await idToken(conductorEmail, DEMO_PASSWORD) };
}

describe('GET /recorridos/en-curso and the drivers on the map', () => {
  it("name a long trip under way of a company with more trips ahead than its map shows", async () => {
    const { empresaId, vehiculoId, admin, conductor } = await empresaPropia('LRG047');
    // 50 reservations ahead: the map's part of the company holds those, not a trip that left two days ago.
    for (let i = 0; i < MAX_SERVICIOS_MAPA; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => servicioReservado(empresaId, { tipo: 'Van' }, 1 + ((i + k) % 5))));
    const salida = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const id = await servicioReservado(empresaId, { tipo: 'Van' }, 3, {
      estado: 'confirmado', fuec: true, recorridoIniciado: true, fechaSalida: salida, fechaRegreso: new Date(Date.now() + 86_400_000).toISOString(),
      vehiculoId, placas: 'LRG047', conductor: 'Viaje Largo',
    });
    // The driver's report is taken (its own cache of the trips under way reads the company's confirmed trips)...
    const posicion = { lat: 3.45, lng: -76.53, velocidad: 50 };
    await expect.poll(async () => (await api('/integracion/conductor/posicion', { token: conductor, body: posicion })).status).toBe(204);
    // ...so the company is told of the trip and sees its driver.
    const enCurso = await api('/recorridos/en-curso', { token: admin });
    expect(enCurso.status).toBe(200);
    expect(enCurso.json.recorridos).toContainEqual(expect.objectContaining({ id, placas: 'LRG047' }));
    const conductores = await api('/mapa/conductores', { token: admin });
    expect(conductores.status).toBe(200);
    expect(conductores.json.conductores).toContainEqual(expect.objectContaining({ servicioId: id, placas: 'LRG047', lat: 3.45, lng: -76.53 }));
    // Unchanged, a 304 by its ETag; never another company's, even when asked with this company's ETag.
    const etag = enCurso.headers.get('etag')!;
    expect((await api('/recorridos/en-curso', { token: admin, headers: { 'If-None-Match': etag } })).status).toBe(304);
    const ajeno = await api('/recorridos/en-curso', { token: andino, headers: { 'If-None-Match': etag } });
    expect(ajeno.status).toBe(200);
    expect(JSON.stringify(ajeno.json)).not.toContain(id);
    expect(JSON.stringify((await api('/mapa/conductores', { token: andino })).json)).not.toContain(id);
  });
});
