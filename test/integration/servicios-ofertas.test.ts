import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { API_MSG, UPLOAD_MSG } from '@shared/schemas/messages.js';
import { ASIGNACION_MSG, INTEGRACION_MSG, MAPA_MSG, OFERTA_MSG } from '@shared/schemas/messages-servicios.js';
import { api, docClient, idToken, listKeys, PDF_BYTES, solidPng, table, upload } from '../support/clients.js';
import { ANDINO, mapa, ofertar, ofertasGuardadas, publicar, sesiones, TRANSVALLE } from '../support/integracion-mapa-ofertas.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { appApi, servicioPublicado } from '../support/servicios.js';

/**
 * The service detail and offers on it (docs/spec/02.md sections 2.2, 3.2, 5.1, 6): who sees what of a
 * service, the rules of an offer and its quote. Services are published through the client endpoint by
 * each test, so the demo data stays as other files expect it.
 */

// The map's files take turns: a test reads the feed twice, unchanged, while the others publish and offer.
turnoDe('mapa-ofertas');

// Signed in once, as the file is loaded.
const { valle, andino, staff } = await sesiones();

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
    expect(res.json.solicitante).toEqual(expect.any(String));
    expect(res.json).toMatchObject({ id, estado: 'pendiente', estadoMapa: 'pendiente', operador: null, miOferta: null, guia: 'Mariana López', placas: 'por Asignar' });
    expect(res.json.venceEn).toBeTruthy();
    expect(JSON.stringify(res.json)).not.toContain('3157654321');
    // The solicitante's name only, which the offer form shows read-only (docs/spec/02.md section 5.1); not
    // the client's company, contact phone or identity: the reserving company's business (section 2.2).
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
