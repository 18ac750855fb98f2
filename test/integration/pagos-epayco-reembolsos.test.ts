import { describe, expect, it } from 'vitest';
import { confirmacionFirmada } from '../../scripts/local/client-simulator.js';
import { registrarTransaccionEpayco } from '../../scripts/local/epayco.js';
import { DEMO_USERS } from '../../scripts/local/demo-users.js';
import { FECHA_MSG } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, stack } from '../support/clients.js';
import { aceptado, conocida, epayco, guardado, ids, sesionesPagos, trail } from '../support/integracion-pagos.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';

/** Payments: ePayco charges that did not apply, and their refunds registered by staff (test/support/integracion-pagos.ts). */

// Signed in once, as the file is loaded.
const { admin, plataforma } = await sesionesPagos();

describe('ePayco charges to refund', () => {
  const reembolsar = (ref: string, body: unknown, token = plataforma) => api(`/plataforma/cobros-por-reembolsar/${ref}/reembolso`, { token, body });

  it('staff asking ePayco about a second charge on a paid reservation, never confirmed to us, record it for its refund', async () => {
    const id = await aceptado('epayco', 321_000);
    const consultar = (refPayco: string, token = plataforma) => api(`/plataforma/servicios/${id}/pago-epayco`, { token, body: { refPayco } });
    const cobro = (x: string, over: Record<string, string> = {}) =>
      confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '321000', x_ref_payco: `s${x}-${id.slice(0, 6)}`, x_transaction_id: `tx-s${x}`, ...over });
    expect((await conocida(cobro('1'))).json.resultado).toBe('aceptada');
    // The client paid again; ePayco knows it, its confirmation never reached us.
    const segundo = cobro('2');
    await registrarTransaccionEpayco(stack().epaycoUrl, segundo);
    expect((await consultar(segundo.x_ref_payco!, admin)).status).toBe(403);
    const r = await consultar(segundo.x_ref_payco!);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ resultado: 'sin-aplicar', mensaje: EPAYCO_MSG.consultaSinAplicar('la reserva ya estaba pagada') });
    expect(await guardado('pagos', `epayco#${segundo.x_ref_payco}`)).toMatchObject({ tipo: 'cobro-sin-aplicar', monto: 321_000, consultadaPor: DEMO_USERS.plataforma, motivo: 'la reserva ya estaba pagada' });
    expect(await guardado('services', id)).toMatchObject({ estado: 'reservado', referenciaPago: `ePayco ${cobro('1').x_ref_payco}` });
    const entrada = (await api(`/servicios/${id}/historial`, { token: plataforma })).json.items.find((e: { accion: string }) => e.accion === 'cobro-sin-aplicar');
    expect(entrada.quien).toEqual({ tipo: 'usuario', nombre: DEMO_USERS.plataforma });
    expect(ids(await api(`/plataforma/cobros-por-reembolsar?q=${segundo.x_ref_payco}`, { token: plataforma }))).toEqual([segundo.x_ref_payco]);
    // Asked again, or its confirmation arriving late: nothing more.
    expect((await consultar(segundo.x_ref_payco!)).json.error.message).toBe(EPAYCO_MSG.consultaRepetida);
    expect((await epayco(segundo)).json.resultado).toBe('repetida');
    expect((await trail(id)).filter((x) => x === 'cobro-sin-aplicar')).toHaveLength(1);
    // A declined charge, or one ePayco does not know: nothing to refund, nothing written.
    const rechazado = cobro('3', { x_cod_response: '2' });
    await registrarTransaccionEpayco(stack().epaycoUrl, rechazado);
    for (const ref of [rechazado.x_ref_payco!, `nada-${id.slice(0, 6)}`]) {
      expect(await consultar(ref)).toMatchObject({ status: 409, json: { error: { message: EPAYCO_MSG.desconocidaCobro } } });
      expect(await guardado('pagos', `epayco#${ref}`)).toBeUndefined();
    }
  });

  it("staff asking about one charge while ePayco confirms another: each ends applied or to refund, never nowhere", async () => {
    for (let ronda = 0; ronda < 4; ronda++) {
      const id = await aceptado('epayco', 287_000);
      const [a, b] = ['a', 'b'].map((x) => confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '287000', x_ref_payco: `cr${x}${ronda}-${id.slice(0, 6)}`, x_transaction_id: `tx-cr${x}` }));
      for (const t of [a!, b!]) await registrarTransaccionEpayco(stack().epaycoUrl, t);
      const [staff, callback] = await Promise.all([api(`/plataforma/servicios/${id}/pago-epayco`, { token: plataforma, body: { refPayco: a!.x_ref_payco } }), epayco(b!)]);
      expect(staff.status, JSON.stringify(staff.json)).toBe(200);
      expect(callback.status, JSON.stringify(callback.json)).toBe(200);
      const filas = await Promise.all([a!, b!].map((t) => guardado('pagos', `epayco#${t.x_ref_payco}`)));
      expect(filas.map((f) => f?.tipo).sort()).toEqual(['cobro-sin-aplicar', 'epayco']);
      expect((await guardado('services', id))!.cobrosSinAplicar).toHaveLength(1);
    }
  });

  it('records no refund of a charge whose amount is no number of pesos (only logged)', async () => {
    const id = await aceptado('epayco', 254_000);
    expect((await conocida(confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '254000', x_ref_payco: `na-${id.slice(0, 6)}`, x_transaction_id: 'tx-na' }))).json.resultado).toBe('aceptada');
    for (const monto of ['-5', 'abc', '0']) {
      const raro = confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: monto, x_ref_payco: `nb${monto.length}-${id.slice(0, 6)}`, x_transaction_id: 'tx-nb' });
      expect((await conocida(raro)).status, monto).toBe(409);
      expect(await guardado('pagos', `epayco#${raro.x_ref_payco}`)).toBeUndefined();
    }
    expect((await guardado('services', id))!.cobrosSinAplicar).toBeUndefined();
  });

  it('lists the charges that did not apply, and staff register each refund once; then it leaves the list', async () => {
    const demo = await api('/plataforma/cobros-por-reembolsar?limite=100', { token: plataforma });
    expect(demo.status).toBe(200);
    expect(demo.json.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: '4471203', servicioId: 'demo-historico-02', referencia: 'ePayco 4471203' })]));
    expect((await api('/plataforma/cobros-por-reembolsar', { token: admin })).status).toBe(403);

    // A client who paid twice: the first charge applies, the second is to refund.
    const id = await aceptado('epayco', 333_000);
    const [a, b] = ['a', 'b'].map((x) => confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '333000', x_ref_payco: `rb${x}-${id.slice(0, 6)}`, x_transaction_id: `tx-rb${x}` }));
    expect((await conocida(a!)).json.resultado).toBe('aceptada');
    expect((await conocida(b!)).json.resultado).toBe('sin-aplicar');
    const ref = b!.x_ref_payco!;
    // Found by the reference as the list shows it.
    const buscada = await api(`/plataforma/cobros-por-reembolsar?q=${encodeURIComponent(`ePayco ${ref}`)}`, { token: plataforma });
    expect(buscada.json.items).toEqual([
      expect.objectContaining({ id: ref, servicioId: id, monto: 333_000, moneda: 'COP', cliente: 'Universidad Icesi', nombreEmpresaAliada: 'Transportes del Valle S.A.S.', motivo: 'la reserva ya estaba pagada' }),
    ]);

    // Refused in Spanish, nothing written: no reference, a charge that is not one to refund (the applied one), an unknown one.
    const valido = { fecha: hoyEnBogota(), referencia: 'RB-20931' };
    expect((await reembolsar(ref, { fecha: hoyEnBogota() })).json.error.message).toBe(EPAYCO_MSG.referenciaReembolsoRequerida);
    expect((await reembolsar(ref, { ...valido, fecha: '2999-01-01' })).json.error.message).toBe(FECHA_MSG.reembolso.futura);
    // Charged today: a refund dated the day before is refused.
    const ayer = hoyEnBogota(new Date(Date.now() - 86_400_000));
    expect(await reembolsar(ref, { ...valido, fecha: ayer })).toMatchObject({ status: 400, json: { error: { message: EPAYCO_MSG.reembolsoAntesDelCobro(hoyEnBogota()) } } });
    expect(await reembolsar(a!.x_ref_payco!, valido)).toMatchObject({ status: 404, json: { error: { message: EPAYCO_MSG.cobroNoEncontrado } } });
    expect((await reembolsar('no-existe', valido)).status).toBe(404);
    expect((await reembolsar(ref, valido, admin)).status).toBe(403);
    expect(await guardado('pagos', `epayco#${ref}`)).toMatchObject({ tipo: 'cobro-sin-aplicar' });

    // Two registrations at once: one.
    const dos = await Promise.all([reembolsar(ref, valido), reembolsar(ref, { ...valido, referencia: 'RB-OTRA' })]);
    expect(dos.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(dos.find((r) => r.status === 409)!.json.error.message).toBe(EPAYCO_MSG.yaReembolsado);
    const ganadora = dos.find((r) => r.status === 200)!.json.reembolso.referencia as string;
    expect(await guardado('pagos', `epayco#${ref}`)).toMatchObject({ tipo: 'cobro-reembolsado', reembolso: { referencia: ganadora, registradoPor: DEMO_USERS.plataforma } });
    expect(((await guardado('services', id))!.cobrosSinAplicar as { reembolso?: { referencia: string } }[])[0]!.reembolso).toMatchObject({ referencia: ganadora });
    expect((await trail(id)).filter((x) => x === 'reembolso')).toHaveLength(1);
    expect(ids(await api(`/plataforma/cobros-por-reembolsar?q=${ref}`, { token: plataforma }))).toEqual([]);
    // The company reads it refunded in the detail.
    // As the ledger names staff to a company: 'Plataforma', and no receipt.
    expect((await api(`/servicios/${id}/pagos`, { token: admin })).json.cobrosSinAplicar[0].reembolso).toEqual({ fecha: hoyEnBogota(), referencia: ganadora, registradoPor: 'Plataforma', comprobanteUrl: null });
    expect((await api(`/servicios/${id}/pagos`, { token: plataforma })).json.cobrosSinAplicar[0].reembolso).toMatchObject({ registradoPor: DEMO_USERS.plataforma });
  });
});
