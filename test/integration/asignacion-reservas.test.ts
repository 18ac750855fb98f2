import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { POR_ASIGNAR } from '@shared/schemas/service.js';
import { api, docClient, idToken, PDF_BYTES, table, upload } from '../support/clients.js';
import { asignar, PRIMER_DIA, sesiones, TRANSVALLE, VAN } from '../support/integracion-asignacion.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { appApi, servicioPublicado, servicioReservado } from '../support/servicios.js';

/**
 * The company's reservations and each service's trail (docs/spec/02.md sections 2.4, 4.2, 4.3;
 * docs/product.md): the list of what it reserved and confirmed, and who changed what, assignment and
 * FUEC included. The demo fleet is in test/support/integracion-asignacion.ts.
 */

// The assignment's files take turns: the list below is read twice, unchanged, while the others reserve.
turnoDe('asignacion');

let admin: string;
let staff: string;
let andino: string;
let conductor: string;

/** Each test's reservation departs on a day of its own (PRIMER_DIA.reservas, the next, ... days ahead). */
let dia: number = PRIMER_DIA.reservas;
const reservado = (overrides: Parameters<typeof servicioReservado>[1]) => servicioReservado(TRANSVALLE, overrides, dia++);

beforeAll(async () => {
  ({ admin, staff, andino, conductor } = await sesiones());
});

describe('GET /reservas', () => {
  it("lists the company's reserved and confirmed services, earliest departure first, never another company's, 304 when unchanged", async () => {
    const id = await reservado({ tipo: 'Van' });
    const res = await api('/reservas', { token: staff });
    expect(res.status).toBe(200);
    const items = res.json.items as { id: string; estado: string; fechaSalida: string }[];
    const ids = items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([id, 'demo-reservado-1', 'demo-reservado-2']));
    expect(ids).not.toContain('demo-validar-1');
    expect(ids).not.toContain('demo-finalizado-1');
    expect(new Set(items.map((r) => r.estado))).toEqual(new Set(['reservado', 'confirmado']));
    expect(items.map((r) => r.fechaSalida)).toEqual([...items.map((r) => r.fechaSalida)].sort());
    expect(JSON.stringify(items)).not.toContain('telefonoOperador');

    const otra = await api('/reservas', { token: andino });
    expect(otra.status).toBe(200);
    expect((otra.json.items as { id: string }[]).map((r) => r.id)).not.toContain(id);

    const again = await api('/reservas', { token: staff, headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await api('/reservas', { token: conductor })).status).toBe(403);
  });
});

describe('GET /servicios/{id}/historial', () => {
  it('records every state change with who, when, before and after, and hides other companies\' offers', async () => {
    // Published, offered on by two companies, accepted, then reserved (the payment validation is a
    // test write here), assigned and confirmed with its FUEC.
    const body = servicioPublicado({ tipo: 'Van' });
    expect((await appApi('POST', '/integracion/cliente/servicios', body)).status).toBe(201);
    expect((await api(`/servicios/${body.id}/ofertas`, { token: staff, body: { precio: 700000 } })).status).toBe(201);
    expect((await api(`/servicios/${body.id}/ofertas`, { token: andino, body: { precio: 650000 } })).status).toBe(201);
    const pendiente = await api(`/servicios/${body.id}/historial`, { token: admin });
    expect(pendiente.json.items.map((e: { accion: string }) => e.accion)).toEqual(['publicacion', 'oferta']);
    expect(JSON.stringify(pendiente.json)).not.toContain('650000');

    expect((await appApi('POST', `/integracion/cliente/servicios/${body.id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: 'epayco' })).status).toBe(200);
    await docClient().send(new UpdateCommand({ TableName: table('services'), Key: { id: body.id }, UpdateExpression: 'SET estado = :r', ExpressionAttributeValues: { ':r': 'reservado' } }));
    const asignado = await asignar(staff, body.id, VAN);
    expect(asignado.status, JSON.stringify(asignado.json)).toBe(200);
    expect((await api(`/servicios/${body.id}/fuec`, { token: admin, body: { archivo: await upload(admin, 'fuec', PDF_BYTES, 'application/pdf') } })).status).toBe(200);

    const res = await api(`/servicios/${body.id}/historial`, { token: admin });
    expect(res.status).toBe(200);
    const items = res.json.items as { accion: string; quien: { tipo: string; nombre: string }; antes: Record<string, unknown>; despues: Record<string, unknown>; at: string }[];
    expect(items.map((e) => e.accion)).toEqual(['publicacion', 'oferta', 'aceptacion', 'asignacion', 'fuec']);
    expect(items.map((e) => e.at)).toEqual([...items.map((e) => e.at)].sort());
    expect(items[1]).toMatchObject({ quien: { tipo: 'usuario', nombre: DEMO_USERS.staff }, despues: { precio: 700000, estado: 'enviada' } });
    expect(items[2]).toMatchObject({ quien: { tipo: 'app-clientes' }, antes: { estado: 'pendiente' }, despues: { estado: 'validar', empresaAliada: TRANSVALLE, metodoPago: 'epayco' } });
    expect(items[3]).toMatchObject({ quien: { nombre: DEMO_USERS.staff }, antes: { placas: POR_ASIGNAR }, despues: { placas: 'VCK512', vehiculoId: VAN } });
    expect(items[4]).toMatchObject({ quien: { nombre: DEMO_USERS.admin }, antes: { estado: 'reservado', fuec: false }, despues: { estado: 'confirmado', fuec: true } });
    // Andino's offer stays its own business, and the service is no longer Andino's to see.
    expect(JSON.stringify(res.json)).not.toContain('650000');
    expect((await api(`/servicios/${body.id}/historial`, { token: andino })).status).toBe(404);

    // Marketplace staff see it whole, every company's offer included; the driver does not see it.
    const plataforma = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
    const completo = await api(`/servicios/${body.id}/historial`, { token: plataforma });
    expect(completo.status).toBe(200);
    expect(completo.json.items.map((e: { accion: string }) => e.accion)).toEqual(['publicacion', 'oferta', 'oferta', 'aceptacion', 'asignacion', 'fuec']);
    expect(completo.json.items.filter((e: { accion: string }) => e.accion === 'oferta').map((e: { despues: { precio: number } }) => e.despues.precio).sort()).toEqual([650000, 700000]);
    expect((await api('/servicios/no-existe/historial', { token: plataforma })).status).toBe(404);
    expect((await api(`/servicios/${body.id}/historial`, { token: conductor })).status).toBe(403);
  });
});
