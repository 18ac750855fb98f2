import { DeleteCommand, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ultimoDiaDelViaje } from '@shared/domain/asignacion.js';
import { ASIGNACION_MSG, MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { POR_ASIGNAR } from '@shared/schemas/service.js';
import { api, docClient, table } from '../support/clients.js';
import { asignar, AUTO_LICENCIA_VENCE, BUS_NO_VALIDADO, guardado, PRIMER_DIA, sesiones, TRANSVALLE, VAN, VAN_ANDINO } from '../support/integracion-asignacion.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { servicioReservado } from '../support/servicios.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

/**
 * Vehicle assignment on a reserved service (docs/spec/02.md sections 2.4, 4.2, 4.3; docs/product.md): only the
 * company's own validated vehicle of the service's type with documents valid through the trip, and the
 * demo data's assignments as the route leaves them. The demo fleet is in test/support/integracion-asignacion.ts.
 */

// The assignment's files take turns: one lists the company's reservations twice, unchanged, while the others reserve.
turnoDe('asignacion');

let admin: string;
let staff: string;
let andino: string;
let conductor: string;

/** Each test's reservation departs on a day of its own (PRIMER_DIA.vehiculo, the next, ... days ahead). */
let dia: number = PRIMER_DIA.vehiculo;
const reservado = (overrides: Parameters<typeof servicioReservado>[1]) => servicioReservado(TRANSVALLE, overrides, dia++);

beforeAll(async () => {
  ({ admin, staff, andino, conductor } = await sesiones());
});

describe('the demo data', () => {
  it("writes the assigned demo vehicles' counter and agenda, as the assignment route does", async () => {
    const v = (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: 'veh-demo-transvalle-001' }, ConsistentRead: true }))).Item!;
    expect(v.asignaciones).toBeGreaterThanOrEqual(2);
    // Its reserved trip and its trips of the last 30 days; those of 44 and 62 days ago are past the window.
    const ids = (v.agenda as { servicioId: string }[]).map((a) => a.servicioId);
    expect(ids).toEqual(expect.arrayContaining(['demo-reservado-2', 'demo-finalizado-1', 'demo-historico-01', 'demo-historico-04']));
    expect(ids).not.toContain('demo-historico-07');
    expect(ids).not.toContain('demo-historico-10');
  });

  it('dates no client payment validation in the future, nor before its service was published', async () => {
    const { Items = [] } = await docClient().send(new ScanCommand({ TableName: table('services'), FilterExpression: 'attribute_exists(pagoValidadoEn)' }));
    expect(Items.length).toBeGreaterThan(5);
    for (const s of Items) {
      expect(Date.parse(s.pagoValidadoEn), s.id).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(s.pagoValidadoEn), s.id).toBeGreaterThanOrEqual(Date.parse(s.creadoEn));
    }
  });
});

describe('PUT /servicios/{id}/vehiculo', () => {
  it("writes the vehicle and its driver onto the company's reserved service, once", async () => {
    const id = await reservado({ tipo: 'Van' });
    const res = await asignar(staff, id, VAN);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id, estado: 'reservado', placas: 'VCK512', conductor: 'Jhon Jairo Paz' });
    expect(await guardado(id)).toMatchObject({
      estado: 'reservado', placas: 'VCK512', conductor: 'Jhon Jairo Paz', telefonoConductor: '3154412233', cedulaConductor: '16789234',
      vehiculoId: VAN, marca: 'Mercedes-Benz Sprinter', modelo: '2021', empresaAfiliadora: 'Cootransvalle', fuec: false,
    });
    // The detail shows it, and the dialog now offers the FUEC instead.
    const detail = await api(`/servicios/${id}`, { token: admin });
    expect(detail.json).toMatchObject({ placas: 'VCK512', conductor: 'Jhon Jairo Paz', estadoMapa: 'reservado' });

    const again = await asignar(admin, id, VAN);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(ASIGNACION_MSG.noAsignable);
  });

  it('refuses a vehicle of another company, of another type, not validated, or with a document expiring before the trip ends; the service stays unassigned', async () => {
    const van = await reservado({ tipo: 'Van' });
    const ajeno = await asignar(admin, van, VAN_ANDINO);
    expect(ajeno.status).toBe(404);
    expect(ajeno.json.error.message).toBe(ASIGNACION_MSG.vehiculoNoEncontrado);

    const otroTipo = await asignar(admin, van, 'veh-demo-transvalle-003');
    expect(otroTipo.status).toBe(400);
    expect(otroTipo.json.error.message).toBe(ASIGNACION_MSG.otroTipo('Van'));

    const auto = await servicioReservado(TRANSVALLE, { tipo: 'Automovil', pasajeros: 3 }, 5);
    const vencido = await asignar(admin, auto, AUTO_LICENCIA_VENCE);
    expect(vencido.status).toBe(400);
    expect(vencido.json.error.message).toBe(ASIGNACION_MSG.documentoVence('Licencia de conducción', ultimoDiaDelViaje((await guardado(auto)) as never)));

    const bus = await reservado({ tipo: 'Bus', pasajeros: 40 });
    const busNoValidado = await asignar(admin, bus, BUS_NO_VALIDADO);
    expect(busNoValidado.status).toBe(400);
    expect(busNoValidado.json.error.message).toBe(ASIGNACION_MSG.noValidado);

    // A vehicle whose validation was withdrawn (a test vehicle of the company's own).
    const creado = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'ASG001', tipo: 'Van', capacidad: 15, email: 'asg001@transvalle.demo' }) });
    expect(creado.status, JSON.stringify(creado.json)).toBe(201);
    await docClient().send(new UpdateCommand({ TableName: table('vehiculos'), Key: { id: creado.json.id }, UpdateExpression: 'SET validado = :f', ExpressionAttributeValues: { ':f': false } }));
    const noValidado = await asignar(admin, van, creado.json.id);
    expect(noValidado.status).toBe(400);
    expect(noValidado.json.error.message).toBe(ASIGNACION_MSG.noValidado);

    for (const id of [van, auto, bus]) expect(await guardado(id)).toMatchObject({ placas: POR_ASIGNAR, conductor: POR_ASIGNAR, estado: 'reservado' });
  });

  it("answers another company's service as not found, refuses the driver, a pending service and malformed ids", async () => {
    const id = await reservado({ tipo: 'Van' });
    const ajena = await asignar(andino, id, VAN_ANDINO);
    expect(ajena.status).toBe(404);
    expect(ajena.json.error.message).toBe(MAPA_MSG.servicioNoEncontrado);
    expect((await asignar(conductor, id, VAN)).status).toBe(403);
    for (const bad of ['', '   ', 'placa#demo-transvalle#VCK512', 42, null]) {
      const res = await asignar(admin, id, bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.json.error.message).toMatch(/^(Selecciona un vehículo|No encontramos ese vehículo en tu flota\.)$/);
    }
    expect(await guardado(id)).toMatchObject({ placas: POR_ASIGNAR });

    const noReservado = await asignar(admin, 'demo-confirmado-1', 'veh-demo-transvalle-002');
    expect(noReservado.status).toBe(409);
    expect(noReservado.json.error.message).toBe(ASIGNACION_MSG.noAsignable);
  });

  it('refuses a vehicle already holding another trip at that time, and takes it for another day', async () => {
    const dia0 = dia;
    dia += 2;
    const primero = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, dia0);
    expect((await asignar(admin, primero, VAN)).status).toBe(200);
    // Six hours later the same day: within the first trip's 12 hours without return.
    const mismoDia = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, dia0 + 0.25);
    const ocupado = await asignar(admin, mismoDia, VAN);
    expect(ocupado.status).toBe(409);
    expect(ocupado.json.error.message).toBe(ASIGNACION_MSG.vehiculoOcupado);
    expect((await guardado(mismoDia)).placas).toBe(POR_ASIGNAR);
    const otroDia = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, dia0 + 1);
    expect((await asignar(admin, otroDia, VAN)).status).toBe(200);
  });

  it("refuses a trip the company's index does not show yet, named by the vehicle's agenda, until it no longer holds the vehicle", async () => {
    const dia0 = dia;
    dia += 2;
    const primero = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, dia0);
    expect((await asignar(admin, primero, VAN)).status).toBe(200);
    const vehiculo = async () => (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: VAN } }))).Item!;
    expect((await vehiculo()).agenda).toContainEqual({ servicioId: primero, fechaSalida: (await guardado(primero)).fechaSalida, fechaRegreso: null });
    // DynamoDB Local updates an index at once; AWS does within moments. A company key the index is
    // not queried by stands for that lag: the trip is in the table, not in the index's answer.
    const servicio = (expresion: string, valores: Record<string, unknown>) =>
      docClient().send(new UpdateCommand({ TableName: table('services'), Key: { id: primero }, UpdateExpression: expresion, ExpressionAttributeValues: valores }));
    await servicio('SET empresaAliada = :e', { ':e': 'indice-atrasado' });
    const mismoDia = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, dia0 + 0.25);
    const ocupado = await asignar(admin, mismoDia, VAN);
    expect(ocupado.status, JSON.stringify(ocupado.json)).toBe(409);
    expect(ocupado.json.error.message).toBe(ASIGNACION_MSG.vehiculoOcupado);
    // Once that trip no longer holds the vehicle (here cancelled), its agenda entry blocks nothing.
    await servicio('SET estado = :c', { ':c': 'cancelado' });
    expect((await asignar(admin, mismoDia, VAN)).status).toBe(200);
    expect((await vehiculo()).agenda.map((a: { servicioId: string }) => a.servicioId)).toEqual(expect.arrayContaining([primero, mismoDia]));
    // That bookkeeping stays on the server: the vehicle's detail shows neither agenda nor counter.
    const det = await api(`/vehiculos/${VAN}`, { token: admin });
    expect(det.status).toBe(200);
    expect(det.json.vehiculo.placas).toBe('VCK512');
    expect(det.json.vehiculo).not.toHaveProperty('agenda');
    expect(det.json.vehiculo).not.toHaveProperty('asignaciones');
    // 'cancelado' is no state of this product, and the raw edits left its list keys behind: the stack is
    // shared with the other files, whose lists would read it.
    await docClient().send(new DeleteCommand({ TableName: table('services'), Key: { id: primero } }));
  });

  it('gives one vehicle to only one of several overlapping trips asked for at the same instant', async () => {
    const dia0 = dia;
    dia += 2;
    // Four reservations a few hours apart on one day: any two overlap.
    const ids = await Promise.all([0, 0.05, 0.1, 0.15].map((d) => servicioReservado(TRANSVALLE, { tipo: 'Van' }, dia0 + d)));
    const res = await Promise.all(ids.map((id) => asignar(admin, id, VAN)));
    expect(res.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of res.filter((x) => x.status === 409)) expect([ASIGNACION_MSG.vehiculoOcupado, ASIGNACION_MSG.vehiculoCambio]).toContain(r.json.error.message);
    const guardados = await Promise.all(ids.map(guardado));
    expect(guardados.filter((g) => g.placas === 'VCK512')).toHaveLength(1);
    expect(guardados.filter((g) => g.placas === POR_ASIGNAR)).toHaveLength(3);
  });

  it('of 10 simultaneous assignments of different vehicles, exactly one lands', async () => {
    const id = await reservado({ tipo: 'Van' });
    const vans: string[] = [VAN];
    for (let i = 2; i <= 4; i++) {
      const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: `ASC00${i}`, tipo: 'Van', capacidad: 15, email: `asc00${i}@transvalle.demo` }) });
      expect(res.status).toBe(201);
      vans.push(res.json.id);
    }
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => asignar(i % 2 ? staff : admin, id, vans[i % vans.length])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const ganador = results.find((r) => r.status === 200)!.json.placas;
    expect((await guardado(id)).placas).toBe(ganador);
  });
});
