import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { cambioItem } from '../../lambdas/data/cambios.js';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { serviceSchema, type Service } from '@shared/schemas/service.js';
import { vehicleCode, vehiculoSchema } from '@shared/schemas/vehiculo.js';
import { vehiculoNuevo } from '../support/vehiculos.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { MAX_PROPIOS_MAPA, MAX_SERVICIOS_MAPA } from '@shared/domain/mapa.js';
import { API_MSG, UPLOAD_MSG } from '@shared/schemas/messages.js';
import { ASIGNACION_MSG, INTEGRACION_MSG, MAPA_MSG, OFERTA_MSG } from '@shared/schemas/messages-servicios.js';
import { api, docClient, idToken, listKeys, newCompanyAdmin, PDF_BYTES, solidPng, stack, subOf, table, tagsOf, upload } from '../support/clients.js';
import { COTIZACIONES_ABIERTAS, expirarEsperando } from '../../scripts/local/s3.js';
import { cabecerasApp, firmaApp } from '../../lambdas/api/middleware/apps.js';
import { appApi, servicioPublicado, servicioReservado } from '../support/servicios.js';

/**
 * The monitor map's feed, the service detail, offers and the client app's integration (docs/spec/02.md
 * sections 2.1-2.3, 3.2, 4.4, 5.1, 6; docs/product.md). Services are published through the client
 * endpoint by each test, so the demo data stays as other files expect it.
 */

const TRANSVALLE = 'demo-transvalle';
const ANDINO = 'demo-andino';
let valle: string;
let andino: string;
let staff: string;

type Marker = { id: string; estado: string; tipo: string; lat: number; lng: number };
const mapa = async (token: string) => {
  const res = await api('/mapa', { token });
  expect(res.status).toBe(200);
  return res.json as { tipos: string[]; servicios: Marker[] };
};
const publicar = async (overrides: Parameters<typeof servicioPublicado>[0] = {}, dias?: number) => {
  const body = servicioPublicado(overrides, dias);
  const res = await appApi('POST', '/integracion/cliente/servicios', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return body.id;
};
const ofertar = (token: string, id: string, body: unknown) => api(`/servicios/${id}/ofertas`, { token, body });
const ofertasGuardadas = async (id: string) =>
  (await docClient().send(new QueryCommand({ TableName: table('offers'), KeyConditionExpression: 'idServicio = :s', ExpressionAttributeValues: { ':s': id } }))).Items ?? [];

beforeAll(async () => {
  [valle, andino, staff] = await Promise.all([
    idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    idToken(DEMO_USERS.admin3, DEMO_PASSWORD),
    idToken(DEMO_USERS.staff, DEMO_PASSWORD),
  ]);
});

describe('GET /mapa', () => {
  it("shows pending services of the fleet's types and the company's own later ones, at most 50", async () => {
    const m = await mapa(valle);
    expect(m.tipos).toEqual(['Automovil', 'Bus', 'Buseta', 'Chiva', 'Minivan', 'Suv', 'Van']);
    expect(m.servicios.length).toBeGreaterThan(0);
    expect(m.servicios.length).toBeLessThanOrEqual(MAX_SERVICIOS_MAPA);
    for (const s of m.servicios) expect(m.tipos).toContain(s.tipo);
    // The company's own reservations (seeded as demo-*) come with their later states.
    const own = m.servicios.filter((s) => s.id.startsWith('demo-'));
    expect(own.length).toBeGreaterThan(0);
    for (const s of own) expect(['validando', 'reservado', 'confirmado', 'finalizado']).toContain(s.estado);
    // Besides pending ones, only its own reservations (other test files make some): never another company's.
    for (const s of m.servicios.filter((x) => !['pendiente', 'ofertas'].includes(x.estado))) expect((await api(`/servicios/${s.id}`, { token: valle })).status).toBe(200);
    // Andino's fleet (seeded with Van and 4x4 Platon; other files may add a vehicle), none of Transvalle's reservations.
    const a = await mapa(andino);
    expect(a.tipos).toEqual(expect.arrayContaining(['4x4 Platon', 'Van']));
    expect(a.tipos).not.toContain('Chiva');
    for (const s of a.servicios) {
      expect(a.tipos).toContain(s.tipo);
      expect(['pendiente', 'ofertas']).toContain(s.estado);
      expect(s.id.startsWith('demo-')).toBe(false);
    }
  });

  it("keeps room for requests on a busy company's map, its own work nearest at hand first (a trip under way, and its driver)", async () => {
    const token = await newCompanyAdmin('ocupada@mapa.test', 'Secreta123!', 'Transportes Ocupados S.A.S.');
    const usuario = (await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id: subOf(token) } }))).Item!;
    const empresaId = usuario.empresaId as string;
    // Its profile complete and one Van reporting its position, as the console and the driver app leave them.
    await docClient().send(new UpdateCommand({ TableName: table('usuarios'), Key: { id: usuario.id }, UpdateExpression: 'SET perfil = :si', ExpressionAttributeValues: { ':si': true } }));
    await docClient().send(
      new UpdateCommand({ TableName: table('empresas'), Key: { id: empresaId }, UpdateExpression: 'SET perfil = :si, fotosCorporativas = :f', ExpressionAttributeValues: { ':si': true, ':f': [`empresas/${empresaId}/foto-1`, '', '', '', ''] } }),
    );
    const vanId = `veh-ocupada-${randomUUID()}`;
    const { fotos: _f, documentos: _d, terminos: _t, ...datos } = vehiculoNuevo({ placas: 'OCU101', email: 'conductor@ocupada.test' });
    const van = vehiculoSchema.parse({ ...datos, id: vanId, codigo: vehicleCode(vanId), empresaAliada: empresaId, empresa: 'Cootransocupados', fotos: {}, documentos: {}, validado: true, rating: 5, viajesRealizados: 0, fechaCreacion: new Date().toISOString() });
    await docClient().send(new PutCommand({ TableName: table('vehiculos'), Item: { ...van, latitud: 3.43, longitud: -76.52, posicionEn: new Date().toISOString() } }));
    // Sixty reservations over the next days and one trip under way since half an hour ago.
    const plantilla = serviceSchema.parse((await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: await servicioReservado(empresaId, { tipo: 'Van' }, 1) } }))).Item);
    const enCurso = randomUUID();
    const propios: Service[] = [
      ...Array.from({ length: 60 }, (_, i) => ({ ...plantilla, id: randomUUID(), fechaSalida: new Date(Date.now() + (2 + i / 5) * 86_400_000).toISOString() })),
      { ...plantilla, id: enCurso, estado: 'confirmado', fuec: true, recorridoIniciado: true, fechaSalida: new Date(Date.now() - 30 * 60_000).toISOString(), vehiculoId: vanId, placas: 'OCU101', conductor: van.nombre },
    ];
    await Promise.all(propios.map((p) => docClient().send(new PutCommand({ TableName: table('services'), Item: servicioItem(serviceSchema.parse(p)) }))));
    await docClient().send(new PutCommand({ TableName: table('cambios'), Item: cambioItem({ tipo: 'empresa', id: empresaId }) }));
    const solicitud = await publicar({ tipo: 'Van' });

    const m = await mapa(token);
    const pendientes = m.servicios.filter((s) => ['pendiente', 'ofertas'].includes(s.estado));
    const suyos = m.servicios.filter((s) => !pendientes.includes(s));
    expect(m.servicios).toHaveLength(MAX_SERVICIOS_MAPA);
    expect(pendientes.map((s) => s.id)).toContain(solicitud);
    expect(suyos.length).toBeGreaterThanOrEqual(MAX_PROPIOS_MAPA);
    // Nearest departure first: the trip under way, then tomorrow's reservation, then the next ones.
    expect(suyos.slice(0, 2).map((s) => s.id)).toEqual([enCurso, plantilla.id]);
    expect((await api('/mapa/conductores', { token })).json.conductores).toEqual([expect.objectContaining({ servicioId: enCurso, placas: 'OCU101', lat: 3.43, lng: -76.52 })]);
  });

  it('answers 304 to an unchanged feed', async () => {
    const first = await fetch(`${stack().apiUrl}/mapa`, { headers: { authorization: `Bearer ${valle}` } });
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toBeTruthy();
    const again = await fetch(`${stack().apiUrl}/mapa`, { headers: { authorization: `Bearer ${valle}`, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('warns (no types, no services) for a company without vehicles', async () => {
    const token = await newCompanyAdmin('sin.flota@mapa.test');
    // A fresh company's profile is incomplete: the map is refused like the fleet until it is complete.
    const res = await api('/mapa', { token });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe('Completa tu perfil y sube una foto corporativa para usar esta sección.');
  });

  it('shows a service published by the client app at once, on the maps of companies with its type only', async () => {
    const id = await publicar({ tipo: 'Van', latOrigen: 3.45, lonOrigen: -76.53 });
    // Chiva: in Transvalle's fleet, not in Andino's.
    const bus = await publicar({ tipo: 'Chiva' });
    const v = await mapa(valle);
    expect(v.servicios.find((s) => s.id === id)).toMatchObject({ estado: 'pendiente', tipo: 'Van', lat: 3.45, lng: -76.53 });
    const a = await mapa(andino);
    expect(a.servicios.some((s) => s.id === id)).toBe(true);
    expect(a.servicios.some((s) => s.id === bus)).toBe(false);
  });

  it('never reads or shows an expired pending service', async () => {
    const id = await publicar({ tipo: 'Van' });
    await docClient().send(
      new PutCommand({
        TableName: table('services'),
        Item: { ...(await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item, expiresAt: Math.floor(Date.now() / 1000) - 5 },
      }),
    );
    await new Promise((r) => setTimeout(r, 3100)); // past the shared cache's few seconds
    expect((await mapa(valle)).servicios.some((s) => s.id === id)).toBe(false);
    const detail = await api(`/servicios/${id}`, { token: valle });
    expect(detail.status).toBe(404);
    expect(detail.json.error.message).toBe(MAPA_MSG.servicioNoEncontrado);
    const offer = await ofertar(valle, id, { precio: 100000 });
    expect(offer.status).toBe(404);
    expect(await ofertasGuardadas(id)).toEqual([]);
  });
});

describe('GET /servicios/{id}', () => {
  it("shows each demo company its own seeded offers (orange, with the amount) and never another company's", async () => {
    const deLaEmpresa = async (empresa: string) =>
      (await docClient().send(new QueryCommand({ TableName: table('offers'), IndexName: 'byEmpresaAliada', KeyConditionExpression: 'empresaAliada = :e', ExpressionAttributeValues: { ':e': empresa } }))).Items ?? [];
    const seeded = (await deLaEmpresa(TRANSVALLE)).filter((o) => [850_000, 1_420_000].includes(o.precio));
    expect(seeded).toHaveLength(2);
    expect((await deLaEmpresa(ANDINO)).length).toBeGreaterThanOrEqual(3);
    for (const o of seeded) {
      const mine = await api(`/servicios/${o.idServicio}`, { token: valle });
      expect(mine.json).toMatchObject({ estado: 'pendiente', estadoMapa: 'ofertas', miOferta: { precio: o.precio, estado: 'enviada' } });
      const theirs = await api(`/servicios/${o.idServicio}`, { token: andino });
      expect(theirs.status).toBe(200);
      expect(theirs.json.miOferta?.precio).not.toBe(o.precio);
      expect(JSON.stringify(theirs.json)).not.toContain(String(o.precio));
    }
  });

  it('shows a pending service to any company without the requesting operator', async () => {
    const id = await publicar({ tipo: 'Van', guia: 'Mariana López', idiomasGuia: ['Español', 'Inglés'] });
    const res = await api(`/servicios/${id}`, { token: andino });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, estado: 'pendiente', estadoMapa: 'pendiente', operador: null, miOferta: null, guia: 'Mariana López', placas: 'por Asignar' });
    expect(res.json.venceEn).toBeTruthy();
    expect(JSON.stringify(res.json)).not.toContain('3157654321');
    expect(res.json).not.toHaveProperty('solicitante');
    // Nor the client's identity: it is the reserving company's business (docs/spec/02.md section 2.2).
    expect(res.json).not.toHaveProperty('cliente');
    expect(res.json).not.toHaveProperty('nombre');
  });

  it("shows the company's own reservation with its operator, and hides it from another company", async () => {
    const own = await api('/servicios/demo-reservado-1', { token: staff });
    expect(own.status).toBe(200);
    expect(own.json.operador).toMatchObject({ solicitante: expect.any(String), telefono: expect.any(String) });
    const other = await api('/servicios/demo-reservado-1', { token: andino });
    expect(other.status).toBe(404);
    expect(other.json.error.message).toBe(MAPA_MSG.servicioNoEncontrado);
    expect((await api('/servicios/no-existe', { token: andino })).status).toBe(404);
    expect((await api(`/servicios/${encodeURIComponent('../etc')}`, { token: andino })).status).toBe(404);
  });
});

describe('POST /servicios/{id}/ofertas', () => {
  it('rounds 1234001 up to 1235000, stores the offer of spec 3.2 and marks the service orange for this company only', async () => {
    const id = await publicar({ tipo: 'Van' });
    const res = await ofertar(staff, id, { precio: 1234001 });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ precio: 1235000, estado: 'enviada' });
    const [stored] = await ofertasGuardadas(id);
    expect(stored).toMatchObject({
      idServicio: id, empresaAliada: TRANSVALLE, empresa: 'Transportes del Valle S.A.S.', oferente: DEMO_USERS.staff, estado: 'enviada', precio: 1235000,
      corporativa: true, isOfer: true, documentoCotizacion: null, banco: 'Bancolombia', tipoVehiculo: 'Van', conductor: 'por Asignar', wifi: false, finalizadoConductor: false,
    });
    const vence = stored!.expiresAt - Math.floor(Date.parse(stored!.creadoEn) / 1000);
    expect(vence).toBe(24 * 3600);
    expect((await mapa(valle)).servicios.find((s) => s.id === id)?.estado).toBe('ofertas');
    expect((await mapa(andino)).servicios.find((s) => s.id === id)?.estado).toBe('pendiente');
    const detail = await api(`/servicios/${id}`, { token: valle });
    expect(detail.json).toMatchObject({ estadoMapa: 'ofertas', miOferta: { precio: 1235000, estado: 'enviada' } });
    // Another company sees no amount.
    expect((await api(`/servicios/${id}`, { token: andino })).json.miOferta).toBeNull();
  });

  it('refuses bad prices with the spec messages and stores nothing', async () => {
    const id = await publicar({ tipo: 'Van' });
    const cases: [unknown, string][] = [
      [{}, OFERTA_MSG.servicioYPrecio],
      [{ precio: 0 }, OFERTA_MSG.registreValida],
      [{ precio: -5000 }, OFERTA_MSG.registreValida],
      [{ precio: 1500.5 }, OFERTA_MSG.valorInvalido],
      [{ precio: null }, OFERTA_MSG.servicioYPrecio],
      // Sent, but as text: not a missing price.
      [{ precio: '1000' }, OFERTA_MSG.valorInvalido],
      [{ precio: 999_999_999_999 }, OFERTA_MSG.maximo],
      [{ precio: 1_000_000_001 }, OFERTA_MSG.maximo],
    ];
    for (const [body, message] of cases) {
      const res = await ofertar(valle, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message, JSON.stringify(body)).toBe(message);
    }
    expect(await ofertasGuardadas(id)).toEqual([]);
  });

  it('refuses a second offer from the same company, and a type the fleet lacks', async () => {
    const id = await publicar({ tipo: 'Van' });
    expect((await ofertar(valle, id, { precio: 500000 })).status).toBe(201);
    const again = await ofertar(staff, id, { precio: 400000 });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(OFERTA_MSG.yaOfertaste);
    const bus = await publicar({ tipo: 'Chiva' });
    const noBus = await ofertar(andino, bus, { precio: 500000 });
    expect(noBus.status).toBe(400);
    expect(noBus.json.error.message).toBe(OFERTA_MSG.tipoFueraDeFlota);
    expect((await api(`/servicios/${bus}`, { token: andino })).json.sinVehiculoApto).toBe(OFERTA_MSG.tipoFueraDeFlota);
    expect((await ofertasGuardadas(id)).map((o) => o.precio)).toEqual([500000]);
  });

  it('refuses an offer no vehicle of the company could serve: not validated, or a document expiring before the trip ends', async () => {
    // Transportes del Valle's one Bus (SXT771) is not validated and its SOAT expired; its Automovil's
    // licence (KLM903) runs out in three days.
    const bus = await publicar({ tipo: 'Bus' });
    const refusal = await ofertar(valle, bus, { precio: 900000 });
    expect(refusal.status).toBe(409);
    // With what holds each vehicle of the type back.
    expect(refusal.json.error.message).toBe(OFERTA_MSG.sinVehiculoApto('Bus', hoyEnBogota(new Date(Date.now() + 3 * 86_400_000)), [`SXT771: ${ASIGNACION_MSG.noValidado}`]));
    expect(await ofertasGuardadas(bus)).toEqual([]);
    // The detail says so before any price is typed (the console disables 'Hacer Oferta' with it).
    expect((await api(`/servicios/${bus}`, { token: valle })).json.sinVehiculoApto).toBe(refusal.json.error.message);
    const lejos = await publicar(servicioPublicado({ tipo: 'Automovil' }, 20));
    expect((await ofertar(valle, lejos, { precio: 300000 })).status).toBe(409);
    const cerca = await publicar(servicioPublicado({ tipo: 'Automovil' }, 1));
    expect((await api(`/servicios/${cerca}`, { token: valle })).json.sinVehiculoApto).toBeNull();
    expect((await ofertar(valle, cerca, { precio: 300000 })).status).toBe(201);
  });

  it('stores exactly one of 20 simultaneous offers from one company', async () => {
    const id = await publicar({ tipo: 'Van' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => ofertar(i % 2 ? staff : valle, id, { precio: 300000 + i * 1000 })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.error.message).toBe(OFERTA_MSG.yaOfertaste);
    const stored = await ofertasGuardadas(id);
    expect(stored).toHaveLength(1);
    const service = (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item!;
    expect([...(service.oferentes as Set<string>)]).toEqual([TRANSVALLE]);
  });

  it('keeps a quote PDF at ofertas/{company}/{service}/..., and refuses a non-PDF leaving nothing behind', async () => {
    const id = await publicar({ tipo: 'Van' });
    const png = await upload(andino, 'cotizacion', solidPng(4, 4, [1, 2, 3]), 'application/pdf').catch((e: Error) => e);
    // The ticket is issued for the declared type; the bytes are checked when the offer uses it.
    expect(typeof png).toBe('string');
    const refused = await ofertar(andino, id, { precio: 800000, cotizacion: png });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(OFERTA_MSG.pdfTipo);
    // A page behind a PDF header (no end marker) is no PDF either: said as a damaged PDF.
    const pagina = await upload(andino, 'cotizacion', new TextEncoder().encode('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>'), 'application/pdf');
    const refusedPage = await ofertar(andino, id, { precio: 800000, cotizacion: pagina });
    expect(refusedPage.status).toBe(400);
    expect(refusedPage.json.error.message).toBe(UPLOAD_MSG.pdfIncompleto('archivo'));
    expect(await listKeys(`ofertas/${ANDINO}/${id}/`)).toEqual([]);
    expect(await ofertasGuardadas(id)).toEqual([]);

    const pdf = await upload(andino, 'cotizacion', PDF_BYTES, 'application/pdf');
    const ok = await ofertar(andino, id, { precio: 800000, cotizacion: pdf });
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    const keys = await listKeys(`ofertas/${ANDINO}/${id}/`);
    expect(keys).toHaveLength(1);
    const [stored] = await ofertasGuardadas(id);
    expect(stored!.documentoCotizacion).toBe(keys[0]);
    const detail = await api(`/servicios/${id}`, { token: andino });
    expect(detail.json.miOferta.cotizacionUrl).toMatch(/^http.*ofertas/);
  });

  it("refuses an offer on another company's reservation as not found, and on its own as already its own", async () => {
    const res = await ofertar(andino, 'demo-reservado-1', { precio: 100000 });
    expect(res.status).toBe(404);
    const own = await ofertar(valle, 'demo-reservado-1', { precio: 100000 });
    expect(own.status).toBe(409);
    expect(own.json.error.message).toBe(OFERTA_MSG.yaEsTuyo);
    // Its own reservation cancelled by staff: said so, not that it is its own or was accepted.
    const cancelado = await ofertar(valle, 'demo-cancelado-1', { precio: 100000 });
    const retiro = await api('/servicios/demo-cancelado-1/ofertas/retiro', { token: valle, body: {} });
    for (const r of [cancelado, retiro]) expect([r.status, r.json.error.message]).toEqual([409, OFERTA_MSG.cancelado]);
  });

  it('closes a pending service to offers and acceptance once it departed, even within its 24 hours', async () => {
    const id = await publicar({ tipo: 'Van', fechaSalida: new Date(Date.now() + 1500).toISOString() });
    expect((await ofertar(andino, id, { precio: 300000 })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 2000));
    const late = await ofertar(valle, id, { precio: 300000 });
    expect(late.status).toBe(404);
    const accept = await appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: ANDINO, metodoPago: 'epayco' });
    expect(accept.status).toBe(409);
    expect(accept.json.error.message).toBe(INTEGRACION_MSG.servicioNoPendiente);
    expect((await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item).toMatchObject({ estado: 'pendiente', oferentes: new Set([ANDINO]) });
  });

  it("refuses a quote ticket that is not the caller's with a message about the file, and quote tickets to an incomplete company", async () => {
    const id = await publicar({ tipo: 'Van' });
    const ajeno = await upload(valle, 'cotizacion', PDF_BYTES, 'application/pdf');
    const res = await ofertar(andino, id, { precio: 300000, cotizacion: ajeno });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);
    expect(await ofertasGuardadas(id)).toHaveLength(0);

    const incompleta = await idToken(DEMO_USERS.admin2, DEMO_PASSWORD);
    const ticket = await api('/uploads', { token: incompleta, body: { kind: 'cotizacion', contentType: 'application/pdf', size: 100, fileName: 'c.pdf' } });
    expect(ticket.status).toBe(403);
    expect(ticket.json.error.message).toBe(API_MSG.perfilIncompleto);
  });
});

describe('POST /servicios/{id}/ofertas/retiro', () => {
  const retirar = (token: string, id: string) => api(`/servicios/${id}/ofertas/retiro`, { token, body: {} });
  const ofertasCliente = async (id: string) =>
    (await appApi('GET', `/integracion/cliente/servicios/${id}/ofertas`)).json.items as { empresaAliada: string; estado: string; vigente: boolean; cotizacionUrl: string | null }[];

  it("withdraws the company's own offer once: the client can no longer accept it, and the company sends no other", async () => {
    const id = await publicar({ tipo: 'Van' });
    // Nothing to withdraw yet; another company's offer is not its to withdraw.
    expect(await retirar(valle, id)).toMatchObject({ status: 409, json: { error: { message: OFERTA_MSG.sinOfertaVigente } } });
    expect((await ofertar(valle, id, { precio: 700000, cotizacion: await upload(valle, 'cotizacion', PDF_BYTES, 'application/pdf') })).status).toBe(201);
    expect((await ofertar(andino, id, { precio: 650000 })).status).toBe(201);
    expect((await ofertasCliente(id)).find((o) => o.empresaAliada === TRANSVALLE)!.cotizacionUrl).toMatch(/^http/);
    expect((await retirar(await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD), id)).status).toBe(403);

    // The company's user (not only its admin) may withdraw it, as it may send it.
    const r = await retirar(staff, id);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ precio: 700000, estado: 'retirada' });
    expect(Object.fromEntries((await ofertasGuardadas(id)).map((o) => [o.empresaAliada, o.estado]))).toEqual({ [TRANSVALLE]: 'retirada', [ANDINO]: 'enviada' });
    // Once: a second withdrawal, a new offer.
    expect(await retirar(valle, id)).toMatchObject({ status: 409, json: { error: { message: OFERTA_MSG.sinOfertaVigente } } });
    expect(await ofertar(valle, id, { precio: 690000 })).toMatchObject({ status: 409, json: { error: { message: OFERTA_MSG.yaOfertaste } } });
    // The company reads it withdrawn in its detail and trail; the other bidder sees neither.
    // To it the request is pending again (red on its map), with its withdrawn offer in the detail.
    expect((await api(`/servicios/${id}`, { token: valle })).json).toMatchObject({ estadoMapa: 'pendiente', miOferta: { precio: 700000, estado: 'retirada' } });
    expect((await mapa(valle)).servicios.find((m) => m.id === id)?.estado).toBe('pendiente');
    expect((await mapa(andino)).servicios.find((m) => m.id === id)?.estado).toBe('ofertas');
    const trail = async (token: string) => ((await api(`/servicios/${id}/historial`, { token })).json.items as { accion: string }[]).map((e) => e.accion);
    expect(await trail(valle)).toEqual(expect.arrayContaining(['oferta', 'oferta-retirada']));
    expect(await trail(andino)).not.toContain('oferta-retirada');
    // The client sees it withdrawn and not acceptable; accepting it is refused and changes nothing.
    expect((await ofertasCliente(id)).find((o) => o.empresaAliada === TRANSVALLE)).toMatchObject({ estado: 'retirada', vigente: false, cotizacionUrl: null });
    expect(await appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: 'transferencia' })).toMatchObject({ status: 409, json: { error: { message: INTEGRACION_MSG.ofertaNoDisponible } } });
    // The other offer accepted: the withdrawn one stays withdrawn (not 'cerrada').
    expect((await appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: ANDINO, metodoPago: 'transferencia' })).status).toBe(200);
    expect(Object.fromEntries((await ofertasGuardadas(id)).map((o) => [o.empresaAliada, o.estado]))).toEqual({ [TRANSVALLE]: 'retirada', [ANDINO]: 'aceptada' });
    // Past its acceptance the service is the other company's: not found to this one.
    expect((await retirar(valle, id)).status).toBe(404);
  });

  it("keeps a withdrawal made while the client accepts another company's offer (not overwritten to 'cerrada')", async () => {
    for (let ronda = 0; ronda < 6; ronda++) {
      const id = await publicar({ tipo: 'Van' });
      expect((await ofertar(valle, id, { precio: 510000 })).status).toBe(201);
      expect((await ofertar(andino, id, { precio: 505000 })).status).toBe(201);
      // The withdrawal a few milliseconds after the acceptance starts (the window its read of the offers leaves).
      const aceptacion = appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: ANDINO, metodoPago: 'epayco' });
      await new Promise((r) => setTimeout(r, ronda * 2));
      const retiro = await retirar(valle, id);
      expect((await aceptacion).status).toBe(200);
      const valleOferta = (await ofertasGuardadas(id)).find((o) => o.empresaAliada === TRANSVALLE)!;
      // Withdrawn before the service closed: it stays withdrawn; after: refused, and closed with the rest.
      expect(valleOferta.estado, `ronda ${ronda}: retiro ${retiro.status}`).toBe(retiro.status === 200 ? 'retirada' : 'cerrada');
      // Refused: not found once it reads the service as another's, or 409 when the service closed under it.
      if (retiro.status !== 200) expect([404, 409]).toContain(retiro.status);
    }
  });

  it('of a withdrawal and the acceptance of that offer at once, exactly one wins', async () => {
    for (let ronda = 0; ronda < 3; ronda++) {
      const id = await publicar({ tipo: 'Van' });
      expect((await ofertar(valle, id, { precio: 500000 })).status).toBe(201);
      const [retiro, aceptacion] = await Promise.all([retirar(valle, id), appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: 'epayco' })]);
      expect([retiro.status, aceptacion.status].sort()).toEqual([200, 409]);
      const [oferta] = await ofertasGuardadas(id);
      const servicio = (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item!;
      if (retiro.status === 200) expect([oferta!.estado, servicio.estado]).toEqual(['retirada', 'pendiente']);
      else {
        expect([oferta!.estado, servicio.estado]).toEqual(['aceptada', 'validar']);
        // The company is told it won the reservation, not that it has no offer.
        expect(retiro.json.error.message).toBe(OFERTA_MSG.yaAceptada);
      }
    }
  });

  it('tells a withdrawal that the client accepted the offer, however late it reads it', async () => {
    // Acceptance first, then withdrawals at 0-20 ms: each reads the service pending or closed, the
    // offer sent or accepted, or is refused as it lands; every one says it was accepted.
    for (let ronda = 0; ronda < 3; ronda++) {
      const id = await publicar({ tipo: 'Van' });
      expect((await ofertar(valle, id, { precio: 510000 })).status).toBe(201);
      const aceptar = appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: 'epayco' });
      const retiros = await Promise.all([0, 5, 10, 20].map((ms) => new Promise((r) => setTimeout(r, ms)).then(() => retirar(valle, id))));
      const aceptacion = await aceptar;
      if (aceptacion.status !== 200) continue;
      for (const r of retiros) if (r.status !== 200) expect(r.json.error.message).toBe(OFERTA_MSG.yaAceptada);
    }
  });
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

  it("lists the offers without bank data, and of two simultaneous acceptances exactly one wins, its quote the only one kept", async () => {
    // Departing tomorrow, nearer than the other files' services (3 days): the winner's map shows its
    // nearest own work first (25 of them while requests wait), whatever other tests reserved before.
    const id = await publicar({ tipo: 'Van' }, 1);
    const conCotizacion = async (token: string, precio: number) => ({ precio, cotizacion: await upload(token, 'cotizacion', PDF_BYTES, 'application/pdf') });
    expect((await ofertar(valle, id, await conCotizacion(valle, 700000))).status).toBe(201);
    expect((await ofertar(andino, id, await conCotizacion(andino, 650000))).status).toBe(201);
    const list = await appApi('GET', `/integracion/cliente/servicios/${id}/ofertas`);
    expect(list.status).toBe(200);
    expect(list.json.items.map((o: { empresaAliada: string; precio: number }) => [o.empresaAliada, o.precio]).sort()).toEqual([
      [ANDINO, 650000],
      [TRANSVALLE, 700000],
    ]);
    expect(JSON.stringify(list.json)).not.toMatch(/cuenta|banco|titular/);

    const [a, b] = await Promise.all([
      appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: 'transferencia' }),
      appApi('POST', `/integracion/cliente/servicios/${id}/aceptar`, { empresaAliada: ANDINO, metodoPago: 'epayco' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? TRANSVALLE : ANDINO;
    const loser = winner === TRANSVALLE ? ANDINO : TRANSVALLE;
    const service = (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item!;
    expect(service).toMatchObject({ estado: 'validar', empresaAliada: winner });
    expect(service.mapa).toBeUndefined();
    expect(service.expiresAt).toBeUndefined();
    const offers = Object.fromEntries((await ofertasGuardadas(id)).map((o) => [o.empresaAliada, o]));
    expect(offers[winner]).toMatchObject({ estado: 'aceptada' });
    expect(offers[winner]!.expiresAt).toBeUndefined();
    expect(offers[loser]).toMatchObject({ estado: 'cerrada' });
    // Both quotes were tagged kept as their acceptances began; the refused one gave its quote back.
    expect(await tagsOf(offers[winner]!.documentoCotizacion as string)).toEqual({ cotizacion: 'aceptada' });
    expect(await tagsOf(offers[loser]!.documentoCotizacion as string)).toEqual({ cotizacion: 'abierta' });

    const winnerToken = winner === TRANSVALLE ? valle : andino;
    const loserToken = winner === TRANSVALLE ? andino : valle;
    expect((await mapa(winnerToken)).servicios.find((s) => s.id === id)?.estado).toBe('validando');
    expect((await mapa(loserToken)).servicios.some((s) => s.id === id)).toBe(false);
    expect((await api(`/servicios/${id}`, { token: loserToken })).status).toBe(404);
    const late = await ofertar(loserToken, id, { precio: 1000 });
    expect(late.status).toBe(404);
  });
});
