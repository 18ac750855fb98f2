import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/seed.js';
import { ultimoDiaDelViaje } from '../../shared/domain/asignacion.js';
import { ASIGNACION_MSG, MAPA_MSG } from '../../shared/schemas/messages.js';
import { POR_ASIGNAR } from '../../shared/schemas/service.js';
import { api, docClient, idToken, table } from '../support/clients.js';
import { servicioReservado } from '../support/servicios.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

/**
 * Vehicle assignment on a reserved service (spec 02 sections 2.4, 4.2, 4.3; PRODUCT.md): only the
 * company's own validated vehicle of the service's type with documents valid through the trip.
 * Demo fleet of Transportes del Valle: veh-...-001 Van VCK512, -003 Suv TSQ204, -004 Bus SXT771 (not
 * validated), -005 Automovil KLM903 (driver's licence expires in 3 days); Turismo Andino's Van AND101
 * is veh-demo-andino-011.
 */
const TRANSVALLE = 'demo-transvalle';
const VAN = 'veh-demo-transvalle-001';
const BUS_NO_VALIDADO = 'veh-demo-transvalle-004';
const AUTO_LICENCIA_VENCE = 'veh-demo-transvalle-005';
const VAN_ANDINO = 'veh-demo-andino-011';

let admin: string;
let staff: string;
let andino: string;
let conductor: string;

const asignar = (token: string, servicioId: string, vehiculoId: unknown) => api(`/servicios/${servicioId}/vehiculo`, { token, method: 'PUT', body: { vehiculoId } });
const guardado = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item!;

beforeAll(async () => {
  [admin, staff, andino, conductor] = await Promise.all([
    idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    idToken(DEMO_USERS.staff, DEMO_PASSWORD),
    idToken(DEMO_USERS.admin3, DEMO_PASSWORD),
    idToken(DEMO_USERS.conductor, DEMO_PASSWORD),
  ]);
});

describe('PUT /servicios/{id}/vehiculo', () => {
  it("writes the vehicle and its driver onto the company's reserved service, once", async () => {
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Van' });
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
    const van = await servicioReservado(TRANSVALLE, { tipo: 'Van' });
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

    const bus = await servicioReservado(TRANSVALLE, { tipo: 'Bus', pasajeros: 40 });
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
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Van' });
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

  it('of 10 simultaneous assignments of different vehicles, exactly one lands', async () => {
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Van' });
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
