import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cambioItem } from '../../lambdas/data/cambios.js';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { MAX_PROPIOS_MAPA, MAX_SERVICIOS_MAPA } from '@shared/domain/mapa.js';
import { INTEGRACION_MSG, MAPA_MSG, OFERTA_MSG } from '@shared/schemas/messages-servicios.js';
import { serviceSchema, type Service } from '@shared/schemas/service.js';
import { vehicleCode, vehiculoSchema } from '@shared/schemas/vehiculo.js';
import { api, docClient, idToken, newCompanyAdmin, PDF_BYTES, stack, subOf, table, tagsOf, upload } from '../support/clients.js';
import { ANDINO, mapa, ofertar, ofertasGuardadas, publicar, sesiones, TRANSVALLE } from '../support/integracion-mapa-ofertas.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { appApi, servicioReservado } from '../support/servicios.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

/**
 * The monitor map's feed, withdrawn offers and the client's acceptances as the map shows them
 * (docs/spec/02.md sections 2.1, 3.2, 4.4, 6; docs/product.md). Services are published through the
 * client endpoint by each test, so the demo data stays as other files expect it. The map's tests come
 * first: the first reads Andino's map before any offer of Andino's is accepted, and only the tests after
 * it accept one (the other files of offers and of the client app accept Transportes del Valle's only).
 */

// The map's files take turns: a test reads the feed twice, unchanged, while the others publish and offer.
turnoDe('mapa-ofertas');

// Signed in once, as the file is loaded.
const { valle, andino, staff } = await sesiones();

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
