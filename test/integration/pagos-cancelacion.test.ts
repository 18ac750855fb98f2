import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { confirmacionFirmada } from '../../scripts/local/client-simulator.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, docClient, stack, table } from '../support/clients.js';
import { aceptado, conocida, enviarComprobante, epayco, esperarCache, guardado, ids, sesionesPagos, trail, TRANSVALLE } from '../support/integracion-pagos.js';
import { appApi, servicioPublicado, servicioReservado } from '../support/servicios.js';

/** Payments: a reservation whose departure passed unpaid, cancelled by staff (test/support/integracion-pagos.ts). */

// Signed in once, as the file is loaded.
const { admin, andino, plataforma } = await sesionesPagos();

describe('a reservation whose departure passed before its trip', () => {
  const pasada = () => new Date(Date.now() - 2 * 3600_000).toISOString();
  const salidaPasada = (id: string) =>
    docClient().send(new UpdateCommand({ TableName: table('services'), Key: { id }, UpdateExpression: 'SET fechaSalida = :f', ExpressionAttributeValues: { ':f': pasada() } }));
  /** The fingerprint of the reservation as its detail shows it now (what the console sends back). */
  const huella = async (id: string) => (await api(`/servicios/${id}/pagos`, { token: plataforma })).json.huella as string;
  const cancelar = async (id: string, body: Record<string, unknown>, token = plataforma) =>
    api(`/plataforma/servicios/${id}/cancelacion`, { token, body: { huella: await huella(id), ...body } });
  const MOTIVO = 'El cliente no pagó antes de la salida; no hubo cobro que reembolsar.';

  it('is cancelled by staff only, with a reason, only once its departure passed; it leaves the lists that wait on it', async () => {
    const id = await aceptado('transferencia');
    const antesDelComprobante = await huella(id);
    expect((await enviarComprobante(id)).status).toBe(201);
    // Before its departure it is no one's to cancel.
    expect(await cancelar(id, { motivo: MOTIVO })).toMatchObject({ status: 409, json: { error: { message: PAGO_MSG.noCancelable } } });
    await salidaPasada(id);
    // Not the company's, not a driver's: staff only (the route matrix checks every role too).
    expect((await cancelar(id, { motivo: MOTIVO }, admin)).status).toBe(403);
    for (const body of [{}, { motivo: '   ' }, { motivo: 5 }]) expect((await cancelar(id, body)).json.error.message, JSON.stringify(body)).toBe(PAGO_MSG.motivoCancelacionRequerido);
    expect((await cancelar(id, { motivo: 'hola' })).json.error.message).toBe(PAGO_MSG.motivoCancelacionCorto);
    expect((await cancelar(id, { motivo: 'x'.repeat(501) })).json.error.message).toBe('Máximo 500 caracteres');
    for (const h of [undefined, 'zz', 12]) expect((await cancelar(id, { motivo: MOTIVO, huella: h })).json.error.message, String(h)).toBe(PAGO_MSG.huellaRequerida);
    // Written about the reservation as it was shown: a fingerprint of before the receipt came is refused.
    expect(await cancelar(id, { motivo: MOTIVO, huella: antesDelComprobante })).toMatchObject({ status: 409, json: { error: { message: PAGO_MSG.cancelacionCambio } } });
    expect((await guardado('services', id))!.estado).toBe('validar');

    const res = await cancelar(id, { motivo: MOTIVO });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const s = (await guardado('services', id))!;
    expect(s).toMatchObject({ estado: 'cancelado', cancelacion: { motivo: MOTIVO }, estadoEmpresa: `${TRANSVALLE}#cancelado` });
    // Off the payment lists' indexes: nothing waits for its payment any more.
    expect(s.pagoPendiente).toBeUndefined();
    expect(s.pagoPendienteEmpresa).toBeUndefined();
    expect(await trail(id)).toContain('cancelacion');
    expect(ids(await api('/servicios?lista=pedidos&limite=100', { token: plataforma }))).not.toContain(id);
    expect(ids(await api('/plataforma/pagos-por-validar/transferencia?limite=100', { token: plataforma }))).not.toContain(id);
    // A second cancellation, or a transfer decision afterwards, is refused and changes nothing.
    expect(await cancelar(id, { motivo: 'Otra vez, por si acaso' })).toMatchObject({ status: 409, json: { error: { message: PAGO_MSG.noCancelable } } });
    expect((await api(`/plataforma/servicios/${id}/pago`, { token: plataforma, body: { decision: 'confirmar' } })).status).toBe(409);
    expect((await guardado('services', id))!.cancelacion.motivo).toBe(MOTIVO);

    // The company reads why in its history and in the detail, the client app too.
    const historial = await api('/historial?estado=cancelado', { token: admin });
    expect(ids(historial)).toContain(id);
    // Its row carries the reason (the history's CSV exports it); live rows carry none.
    expect(historial.json.items.find((f: { id: string }) => f.id === id).cancelacion).toMatchObject({ motivo: MOTIVO });
    expect((await api('/historial?estado=finalizado', { token: admin })).json.items.every((f: { cancelacion: unknown }) => f.cancelacion === null)).toBe(true);
    expect((await api(`/servicios/${id}/pagos`, { token: admin })).json).toMatchObject({ servicio: { estado: 'cancelado' }, cancelacion: { motivo: MOTIVO }, pagoValidadoEn: null });
    expect((await appApi('GET', `/integracion/cliente/servicios/${id}/ofertas`)).json).toMatchObject({ estado: 'cancelado', recibeOfertas: false, cancelacion: { motivo: MOTIVO } });
    // Another company never sees it.
    expect((await api(`/servicios/${id}/pagos`, { token: andino })).status).toBe(404);
  });

  it('a paid reservation with its vehicle: one of several cancellations at once wins, and it leaves the map and frees the vehicle', async () => {
    const vehiculo = (await api('/vehiculos', { token: admin })).json.items.find((v: { tipo: string; validado: boolean }) => v.tipo === 'Van' && v.validado);
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, 3, { nombreEmpresaAliada: 'Transportes del Valle S.A.S.' });
    expect((await api(`/servicios/${id}/vehiculo`, { token: admin, method: 'PUT', body: { vehiculoId: vehiculo.id } })).status).toBe(200);
    await salidaPasada(id);
    const fila = (await api('/servicios?lista=reservados&limite=100', { token: plataforma })).json.items.find((f: { id: string }) => f.id === id);
    expect(fila).toMatchObject({ estado: 'reservado', placas: vehiculo.placas });

    const visto = await huella(id);
    const intentos = await Promise.all(Array.from({ length: 5 }, (_, i) => cancelar(id, { motivo: `${MOTIVO} (${i})`, huella: visto })));
    expect(intentos.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await trail(id)).filter((a) => a === 'cancelacion')).toHaveLength(1);
    const ganador = intentos.find((r) => r.status === 200)!;
    expect((await guardado('services', id))!.cancelacion.motivo).toBe(ganador.json.cancelacion.motivo);
    // Not on the company's map nor its map detail; its reservations list no longer holds it.
    await esperarCache();
    expect(((await api('/mapa', { token: admin })).json.servicios as { id: string }[]).map((m) => m.id)).not.toContain(id);
    expect((await api(`/servicios/${id}`, { token: admin })).status).toBe(404);
    expect(((await api('/reservas', { token: admin })).json.items as { id: string }[]).map((r) => r.id)).not.toContain(id);
    // The vehicle is free again for a trip in the same hours.
    const otro = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, 3, { fechaSalida: pasada(), nombreEmpresaAliada: 'Transportes del Valle S.A.S.' });
    const asignacion = await api(`/servicios/${otro}/vehiculo`, { token: admin, method: 'PUT', body: { vehiculoId: vehiculo.id } });
    expect(asignacion.status, JSON.stringify(asignacion.json)).toBe(200);
  });

  it('records an ePayco charge that arrives after the cancellation, for its refund, once', async () => {
    const id = await aceptado('epayco', 640_000);
    await salidaPasada(id);
    expect((await cancelar(id, { motivo: MOTIVO })).status).toBe(200);
    const tarde = confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '640000', x_ref_payco: `late-${id.slice(0, 6)}`, x_transaction_id: 'tx-late' });
    expect(await conocida(tarde)).toMatchObject({ status: 200, json: { resultado: 'sin-aplicar' } });
    expect((await epayco(tarde)).json.resultado).toBe('repetida');
    const s = (await guardado('services', id))!;
    expect(s).toMatchObject({ estado: 'cancelado', cobrosSinAplicar: [{ referencia: `ePayco late-${id.slice(0, 6)}`, monto: 640_000, moneda: 'COP' }] });
    expect(await guardado('pagos', `pago-cliente#${id}`)).toBeUndefined();
    expect((await trail(id)).filter((x) => x === 'cobro-sin-aplicar')).toHaveLength(1);
    // Staff and the company read it in the detail.
    for (const token of [plataforma, admin]) expect((await api(`/servicios/${id}/pagos`, { token })).json.cobrosSinAplicar).toHaveLength(1);
  });

  it("counts a charge that did not apply as a change: a cancellation written before it is refused", async () => {
    const id = await aceptado('epayco', 600_000);
    await salidaPasada(id);
    const vista = await huella(id);
    const otroValor = confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '599000', x_ref_payco: `ov-${id.slice(0, 6)}`, x_transaction_id: 'tx-ov' });
    expect((await conocida(otroValor)).json.resultado).toBe('sin-aplicar');
    expect(await cancelar(id, { motivo: MOTIVO, huella: vista })).toMatchObject({ status: 409, json: { error: { message: PAGO_MSG.cancelacionCambio } } });
    expect((await cancelar(id, { motivo: 'Cobro por otro valor reembolsado por ePayco, referencia R-9' })).status).toBe(200);
  });

  it("keeps a charge on an open request from the bidding companies", async () => {
    const body = servicioPublicado({ tipo: 'Van' });
    expect((await appApi('POST', '/integracion/cliente/servicios', body)).status).toBe(201);
    const cobro = confirmacionFirmada(stack().epayco, { x_id_invoice: body.id, x_amount: '500000', x_ref_payco: `ab-${body.id.slice(0, 6)}`, x_transaction_id: 'tx-ab' });
    expect((await conocida(cobro)).json.resultado).toBe('sin-aplicar');
    for (const token of [admin, andino]) {
      const detalle = await api(`/servicios/${body.id}`, { token });
      expect(detalle.status).toBe(200);
      expect(detalle.json.cobrosSinAplicar).toBeUndefined();
      expect(((await api(`/servicios/${body.id}/historial`, { token })).json.items as { accion: string }[]).map((e) => e.accion)).not.toContain('cobro-sin-aplicar');
    }
  });

  it('tells the client app when a pending request stopped taking offers', async () => {
    const body = servicioPublicado({ tipo: 'Van' });
    expect((await appApi('POST', '/integracion/cliente/servicios', body)).status).toBe(201);
    expect((await appApi('GET', `/integracion/cliente/servicios/${body.id}/ofertas`)).json).toMatchObject({ estado: 'pendiente', recibeOfertas: true, cancelacion: null });
    await salidaPasada(body.id);
    expect((await appApi('GET', `/integracion/cliente/servicios/${body.id}/ofertas`)).json).toMatchObject({ estado: 'pendiente', recibeOfertas: false });
    // A pending request is nobody's reservation: nothing to cancel.
    expect((await cancelar(body.id, { motivo: MOTIVO })).json.error.message).toBe(PAGO_MSG.noCancelable);
  });
});
