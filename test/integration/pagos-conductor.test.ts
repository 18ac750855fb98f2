import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../scripts/local/demo-users.js';
import { FECHA_MSG, textoCuenta } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, docClient, PDF_BYTES, table, upload } from '../support/clients.js';
import { esperarCache, guardado, ids, sesionesPagos, trail, TRANSVALLE } from '../support/integracion-pagos.js';
import { servicioReservado } from '../support/servicios.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { VENTANA_FIRMA_MS } from '../../lambdas/adapters/storage.js';

/**
 * Payments: the driver's advance and balance, each once, and the badge that counts them; it counts the
 * demo company's pending advances (test/support/integracion-pagos.ts).
 */

// Signed in once, as the file is loaded.
const { admin, staff, andino, plataforma } = await sesionesPagos();

describe("the driver's payouts", () => {
  it('pay the advance after the FUEC and the balance after the trip, each exactly once, and the badge counts them', async () => {
    const salida = new Date(Date.now() - 30 * 60_000).toISOString();
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Van' }, 3, {
      estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, recorridoIniciado: true, fechaSalida: salida,
      vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz', valorOferta: 1_000_001,
    });
    await esperarCache();
    const antes = (await api('/pagos/resumen', { token: staff })).json;
    const fila = (await api('/pagos?lista=anticipo&limite=100', { token: staff })).json.items.find((f: { id: string }) => f.id === id);
    // 50% of 90%: 450.000,45 rounds to 450.000; the driver's bank data from the vehicle.
    expect(fila).toMatchObject({ tipo: 'anticipo', monto: 450_000, placas: 'VCK512', conductor: 'Jhon Jairo Paz', banco: 'Bancolombia', titular: 'Jhon Jairo Paz' });
    expect(ids(await api('/pagos?lista=anticipo&limite=100', { token: andino }))).not.toContain(id);

    expect(fila.cuentaCambiada).toBeNull();
    // A stamped change of the vehicle's account (vehiculos-edicion.test.ts makes one) reaches the row.
    const cambio = { en: new Date().toISOString(), por: 'operador@transvalle.demo', anterior: { banco: 'Nequi', tipocuenta: 'ahorros', cuenta: '3001234567', titular: 'Jhon Jairo Paz' } };
    const vehiculos = { TableName: table('vehiculos'), Key: { id: 'veh-demo-transvalle-001' } };
    await docClient().send(new UpdateCommand({ ...vehiculos, UpdateExpression: 'SET cuentaCambiada = :c', ExpressionAttributeValues: { ':c': cambio } }));
    try {
      const conCambio = (await api('/pagos?lista=anticipo&limite=100', { token: staff })).json.items.find((f: { id: string }) => f.id === id);
      expect(conCambio.cuentaCambiada).toEqual(cambio);
      expect(conCambio.telefonoConductor).toBe('3154412233');
    } finally {
      await docClient().send(new UpdateCommand({ ...vehiculos, UpdateExpression: 'REMOVE cuentaCambiada' }));
    }

    // The account staff saw goes along (null when none is registered).
    const vista = { banco: fila.banco, tipocuenta: fila.tipocuenta, cuenta: fila.cuenta, titular: fila.titular };
    const pago = { tipo: 'anticipo', fecha: hoyEnBogota(), referencia: 'TRF-998877', cuentaVista: vista };
    expect((await api(`/plataforma/servicios/${id}/pago-conductor`, { token: admin, body: pago })).status).toBe(403);
    expect((await api(`/plataforma/servicios/${id}/pago-conductor`, { token: plataforma, body: { ...pago, tipo: 'saldo' } })).json.error.message).toBe(PAGO_MSG.saldoAntesDelFin);
    expect((await api(`/plataforma/servicios/${id}/pago-conductor`, { token: plataforma, body: { ...pago, fecha: '2999-01-01' } })).json.error.message).toBe(FECHA_MSG.pago.futura);

    // Another one (the vehicle edited meanwhile) is refused, and none is refused as missing; nothing is paid.
    const { cuentaVista: _omitida, ...sinCuenta } = pago;
    expect((await api(`/plataforma/servicios/${id}/pago-conductor`, { token: plataforma, body: sinCuenta })).json.error.message).toBe(PAGO_MSG.cuentaRequerida);
    const otra = await api(`/plataforma/servicios/${id}/pago-conductor`, { token: plataforma, body: { ...pago, cuentaVista: { ...vista, cuenta: '000000' } } });
    expect([otra.status, otra.json.error.message]).toEqual([409, PAGO_MSG.cuentaCambio]);
    expect(await guardado('pagos', `anticipo#${id}`)).toBeUndefined();

    const intentos = await Promise.all(Array.from({ length: 5 }, () => api(`/plataforma/servicios/${id}/pago-conductor`, { token: plataforma, body: pago })));
    expect(intentos.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(intentos.filter((r) => r.status === 409).map((r) => r.json.error.message)).toEqual(Array(4).fill(PAGO_MSG.anticipoYaPagado));
    // The ledger keeps the account paid to, whatever the vehicle says later.
    expect(await guardado('pagos', `anticipo#${id}`)).toMatchObject({ monto: 450_000, referencia: 'TRF-998877', servicioId: id, empresaAliada: TRANSVALLE, cuentaDestino: vista });
    expect((await guardado('services', id))!.pagoPendiente).toBeUndefined();
    await esperarCache();
    expect((await api('/pagos/resumen', { token: staff })).json.anticipos).toBe(antes.anticipos - 1);

    // The trip ends: the balance is due, paid with its receipt.
    expect((await api(`/servicios/${id}/finalizar`, { token: admin, method: 'POST' })).status).toBe(200);
    await esperarCache();
    expect(ids(await api('/pagos?lista=saldo&limite=100', { token: admin }))).toContain(id);
    expect((await api('/pagos/resumen', { token: staff })).json.saldos).toBe(antes.saldos + 1);
    const comprobante = await upload(plataforma, 'comprobantePago', PDF_BYTES, 'application/pdf');
    const saldo = await api(`/plataforma/servicios/${id}/pago-conductor`, { token: plataforma, body: { ...pago, tipo: 'saldo', referencia: 'TRF-S-1', comprobante } });
    expect(saldo.status, JSON.stringify(saldo.json)).toBe(201);
    expect((await api(`/plataforma/servicios/${id}/pago-conductor`, { token: plataforma, body: { ...pago, tipo: 'saldo' } })).json.error.message).toBe(PAGO_MSG.saldoYaPagado);
    const detalle = await api(`/servicios/${id}/pagos`, { token: admin });
    expect(detalle.json.movimientos.map((m: { tipo: string }) => m.tipo)).toEqual(['anticipo', 'saldo']);
    expect(detalle.json.movimientos[1].comprobanteUrl).toMatch(/^http/);
    expect(detalle.json.movimientos.map((m: { cuentaDestino: unknown }) => m.cuentaDestino)).toEqual([vista, vista]);
    expect(detalle.json).toMatchObject({ anticipo: { monto: 450_000, pagado: true }, saldo: { monto: 450_000, pagado: true }, comisionPlataforma: 100_001 });
    await esperarCache();
    expect((await api('/pagos/resumen', { token: staff })).json).toMatchObject({ anticipos: antes.anticipos - 1, saldos: antes.saldos });
    expect(await trail(id)).toEqual(expect.arrayContaining(['anticipo', 'fin', 'saldo']));
    // The company's view of the trail names staff as the ledger does, not by their e-mail.
    const vistaEmpresa = await api(`/servicios/${id}/historial`, { token: admin });
    const pagos = vistaEmpresa.json.items.filter((e: { accion: string }) => e.accion === 'anticipo' || e.accion === 'saldo');
    expect(pagos.map((e: { quien: { nombre: string } }) => e.quien.nombre)).toEqual(['Plataforma', 'Plataforma']);
    expect(JSON.stringify(vistaEmpresa.json)).not.toContain(DEMO_USERS.plataforma);
    // The bank by its name ('Bancolombia, cuenta de ahorros …'), as every view says it.
    expect(pagos[0].despues.cuenta).toBe(textoCuenta(vista));
  });

  it('answers a polled list with photos 304 when nothing changed (its signed photo links stay the same)', async () => {
    // Not across a signing window's edge, where every link is signed anew (once per window).
    const resto = VENTANA_FIRMA_MS - (Date.now() % VENTANA_FIRMA_MS);
    if (resto < 5_000) await new Promise((r) => setTimeout(r, resto + 100));
    const first = await api('/plataforma/recompensas/pagadas', { token: plataforma });
    expect(first.json.items.some((f: { imagen: string | null; pago: { comprobanteUrl: string | null } }) => f.imagen || f.pago.comprobanteUrl)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_100));
    const again = await api('/plataforma/recompensas/pagadas', { token: plataforma, headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers the polled count with 304 when nothing changed', async () => {
    const first = await api('/pagos/resumen', { token: plataforma });
    expect(first.json).toMatchObject({ anticipos: expect.any(Number), saldos: expect.any(Number), epayco: expect.any(Number), transferencia: expect.any(Number), recompensas: expect.any(Number) });
    const again = await api('/pagos/resumen', { token: plataforma, headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
