import { DeleteCommand, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { ultimoDiaDelViaje } from '@shared/domain/asignacion.js';
import { pendingUploadKey } from '@shared/domain/uploads.js';
import { UPLOAD_MSG } from '@shared/schemas/messages.js';
import { ASIGNACION_MSG, FUEC_MSG, MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { POR_ASIGNAR } from '@shared/schemas/service.js';
import { api, docClient, idToken, listKeys, PDF_BYTES, solidPng, subOf, table, upload } from '../support/clients.js';
import { appApi, servicioPublicado, servicioReservado } from '../support/servicios.js';
import { fechaFuec, fuecPdf } from '../../scripts/local/fuec-pdf.js';
import { pdfCon } from '../support/pdfs.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

/**
 * Vehicle assignment on a reserved service (docs/spec/02.md sections 2.4, 4.2, 4.3; docs/product.md): only the
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

/**
 * Each test's reservation departs on a day of its own (20, 21, ... days ahead): the demo vans take
 * several of them, and one vehicle cannot hold two trips at the same time.
 */
let dia = 20;
const reservado = (overrides: Parameters<typeof servicioReservado>[1]) => servicioReservado(TRANSVALLE, overrides, dia++);
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

describe('POST /servicios/{id}/fuec', () => {
  const reservadoConVehiculo = async () => {
    const id = await reservado({ tipo: 'Van' });
    expect((await asignar(admin, id, VAN)).status).toBe(200);
    return id;
  };
  const subir = (token: string, id: string, archivo: unknown) => api(`/servicios/${id}/fuec`, { token, body: { archivo } });

  it('stores the FUEC under fuecs/{id}/ and confirms the reservation with the advance due; only the owner gets its link', async () => {
    const id = await reservadoConVehiculo();
    const archivo = await upload(staff, 'fuec', PDF_BYTES, 'application/pdf');
    const res = await subir(staff, id, archivo);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id, estado: 'confirmado', fuec: true, tipoFuec: 'application/pdf' });
    // Under the upload's own key, stored before the service was confirmed.
    expect(await guardado(id)).toMatchObject({ estado: 'confirmado', fuec: true, fuecURL: `fuecs/${id}/fuec-${archivo}`, tipoFuec: 'application/pdf', pagarAnticipoConductor: true });
    expect(await listKeys(`fuecs/${id}/`)).toEqual([`fuecs/${id}/fuec-${archivo}`]);

    const detail = await api(`/servicios/${id}`, { token: admin });
    expect(detail.json).toMatchObject({ estadoMapa: 'confirmado', fuec: true });
    const stored = Buffer.from(await (await fetch(detail.json.fuecUrl)).arrayBuffer());
    expect(stored.equals(Buffer.from(PDF_BYTES))).toBe(true);
    expect(JSON.stringify(detail.json)).not.toContain('"fuecURL"');
    expect((await api(`/servicios/${id}`, { token: andino })).status).toBe(404);

    const again = await subir(admin, id, await upload(admin, 'fuec', PDF_BYTES, 'application/pdf'));
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(FUEC_MSG.noAdmite);
  });

  it('refuses a service without vehicle, another company, a file that is not PDF/JPG/PNG, and a missing file, leaving nothing behind', async () => {
    const sinVehiculo = await reservado({ tipo: 'Van' });
    const res = await subir(admin, sinVehiculo, await upload(admin, 'fuec', PDF_BYTES, 'application/pdf'));
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(FUEC_MSG.sinVehiculo);

    const id = await reservadoConVehiculo();
    const ajena = await subir(andino, id, await upload(andino, 'fuec', PDF_BYTES, 'application/pdf'));
    expect(ajena.status).toBe(404);
    expect(ajena.json.error.message).toBe(MAPA_MSG.servicioNoEncontrado);

    // HTML declared as a PDF: refused by its bytes.
    const html = await upload(admin, 'fuec', new TextEncoder().encode('<!doctype html><html><body>FUEC</body></html>'), 'application/pdf');
    const falso = await subir(admin, id, html);
    expect(falso.status).toBe(400);
    expect(falso.json.error.message).toBe(UPLOAD_MSG.fuecTipo);

    // A file that only starts like a PDF: refused, not accepted unread (a scan reads as a PDF without text).
    const ilegible = await upload(admin, 'fuec', new TextEncoder().encode('%PDF-1.4\n1 0 obj\n%dañado \x00\x01 stream endstream\nendobj\n%%EOF'), 'application/pdf');
    const danado = await subir(admin, id, ilegible);
    expect(danado.status).toBe(400);
    expect(danado.json.error.message).toBe(FUEC_MSG.pdfIlegible);
    // Refused for good, by its bytes or by its reading: the waiting file deleted, its ticket used up.
    for (const rechazado of [html, ilegible]) {
      expect(await listKeys(pendingUploadKey(subOf(admin), rechazado))).toEqual([]);
      expect((await subir(admin, id, rechazado)).json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);
    }
    // A header and an end marker with nothing between them: no document, said before anything reads it.
    const vacio = await subir(admin, id, await upload(admin, 'fuec', new TextEncoder().encode('%PDF-%%EOF'), 'application/pdf'));
    expect(vacio.status).toBe(400);
    expect(vacio.json.error.message).toBe(UPLOAD_MSG.pdfIncompleto('archivo'));
    // 100 KB that would decode to 100 MB of page content: refused before it is decoded.
    const bomba = await subir(admin, id, await upload(admin, 'fuec', pdfCon({ relleno: 100 * 1024 * 1024 }), 'application/pdf'));
    expect(bomba.status).toBe(400);
    expect(bomba.json.error.message).toBe(FUEC_MSG.pdfPesado);

    // Another user's ticket (the company's staff) is not the admin's to use: refused, and still the staff's.
    const deOtro = await upload(staff, 'fuec', PDF_BYTES, 'application/pdf');
    const ajeno = await subir(admin, id, deOtro);
    expect(ajeno.status).toBe(400);
    expect(ajeno.json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);
    expect(await guardado(id)).toMatchObject({ estado: 'reservado', fuec: false });

    // A ticket whose file never reached storage: refused as a file not uploaded.
    const ticket = await api('/uploads', { token: admin, body: { kind: 'fuec', contentType: 'application/pdf', size: 100, fileName: 'fuec.pdf' } });
    const noSubido = await subir(admin, id, ticket.json.uploadId);
    expect(noSubido.status).toBe(400);
    expect(noSubido.json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);

    const sinArchivo = await api(`/servicios/${id}/fuec`, { token: admin, body: {} });
    expect(sinArchivo.status).toBe(400);
    expect(sinArchivo.json.error.message).toBe(FUEC_MSG.archivoRequerido);

    for (const s of [sinVehiculo, id]) {
      expect(await guardado(s)).toMatchObject({ estado: 'reservado', fuec: false, pagarAnticipoConductor: false });
      expect(await listKeys(`fuecs/${s}/`)).toEqual([]);
    }
  });

  it('checks a PDF FUEC against the reservation: a match confirms, differences are shown first and recorded if confirmed', async () => {
    const id = await reservadoConVehiculo();
    const s = await guardado(id);
    const datos = { placa: 'VCK-512', desde: fechaFuec(s.fechaSalida), hasta: fechaFuec(s.fechaSalida, 1), origen: 'CALI', destino: 'AEROPUERTO ALFONSO BONILLA ARAGON, PALMIRA' };

    // Another plate: refused with the differences, the ticket still usable, nothing written.
    const otraPlaca = await upload(admin, 'fuec', await fuecPdf({ ...datos, placa: 'ABC 123' }), 'application/pdf');
    const refusal = await subir(admin, id, otraPlaca);
    expect(refusal.status).toBe(409);
    expect(refusal.json.error).toMatchObject({ code: 'fuec-no-coincide', message: FUEC_MSG.noCoincide, details: { verificacion: { estado: 'no-coincide', problemas: [FUEC_MSG.placaNoCoincide('VCK512')] } } });
    expect(await guardado(id)).toMatchObject({ estado: 'reservado', fuec: false });
    expect(await listKeys(`fuecs/${id}/`)).toEqual([]);
    // Confirmed all the same with the same ticket: stored, and the differences recorded.
    const confirmado = await api(`/servicios/${id}/fuec`, { token: admin, body: { archivo: otraPlaca, confirmarDiferencias: true } });
    expect(confirmado.status, JSON.stringify(confirmado.json)).toBe(200);
    expect(confirmado.json.verificacion).toEqual({ estado: 'no-coincide', problemas: [FUEC_MSG.placaNoCoincide('VCK512')] });
    expect(await guardado(id)).toMatchObject({ estado: 'confirmado', verificacionFuec: { estado: 'no-coincide' } });
    const trail = await api(`/servicios/${id}/historial`, { token: admin });
    expect(trail.json.items.at(-1)).toMatchObject({ accion: 'fuec', despues: { verificacion: 'no-coincide' } });

    // A matching FUEC on another reservation confirms at once, verified.
    const otro = await reservadoConVehiculo();
    const o = await guardado(otro);
    const bueno = await upload(admin, 'fuec', await fuecPdf({ ...datos, desde: fechaFuec(o.fechaSalida), hasta: fechaFuec(o.fechaSalida, 1) }), 'application/pdf');
    const ok = await subir(admin, otro, bueno);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.verificacion).toEqual({ estado: 'coincide', problemas: [] });
    const detalle = await api(`/servicios/${otro}`, { token: admin });
    expect(detalle.json.verificacionFuec).toEqual({ estado: 'coincide', problemas: [] });
  });

  it('takes a PNG FUEC too, and of 5 simultaneous uploads exactly one confirms', async () => {
    const id = await reservadoConVehiculo();
    const archivos = await Promise.all(Array.from({ length: 5 }, () => upload(admin, 'fuec', solidPng(40, 40, [10, 20, 30]), 'image/png')));
    const results = await Promise.all(archivos.map((a) => subir(admin, id, a)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    // Only the winner's file stays: each loser deleted its own.
    const guardadoFinal = await guardado(id);
    expect(guardadoFinal).toMatchObject({ estado: 'confirmado', tipoFuec: 'image/png', verificacionFuec: { estado: 'sin-verificar' } });
    expect(await listKeys(`fuecs/${id}/`)).toEqual([guardadoFinal.fuecURL]);
    expect(archivos.map((a) => `fuecs/${id}/fuec-${a}`)).toContain(guardadoFinal.fuecURL);
  });
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
