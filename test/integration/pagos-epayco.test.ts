import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmacionFirmada } from '../../scripts/local/client-simulator.js';
import { registrarTransaccionEpayco } from '../../scripts/local/epayco.js';
import { DEMO_USERS } from '../../scripts/local/demo-users.js';
import { EPAYCO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, stack } from '../support/clients.js';
import { aceptado, conocida, epayco, guardado, sesionesPagos, trail, TRANSVALLE } from '../support/integracion-pagos.js';

/**
 * Payments: the client's card payment, confirmed by ePayco's signed callback or, when that never
 * arrived, by staff asking ePayco (test/support/integracion-pagos.ts).
 */

// Signed in once, as the file is loaded.
const { admin, plataforma } = await sesionesPagos();

describe("ePayco's confirmation", () => {
  it('moves the reservation on only when signed, ours, accepted and for its amount in COP; a replay changes nothing', async () => {
    const id = await aceptado('epayco', 980_000);
    const cred = stack().epayco;
    const base = { x_id_invoice: id, x_amount: '980000', x_ref_payco: `ref-${id.slice(0, 8)}`, x_transaction_id: 'tx-1' };
    const sinCambios = async () => expect(await guardado('services', id)).toMatchObject({ estado: 'validar', metodoPago: 'epayco' });

    // Forged: signed with another key, or with a field changed after signing.
    const forjada = confirmacionFirmada({ ...cred, p_key: 'otra-llave' }, base);
    expect(await epayco(forjada)).toMatchObject({ status: 400, json: { error: { message: 'Firma de ePayco inválida' } } });
    expect((await epayco({ ...confirmacionFirmada(cred, base), x_amount: '1' })).status).toBe(400);
    // Signed, known to ePayco and charged, but not what this reservation waits for (another amount, another
    // currency): the client paid, so it is recorded for its refund and acknowledged, and the reservation waits on.
    for (const [sufijo, campo] of [['-v', { x_amount: '979999' }], ['-m', { x_currency_code: 'USD' }]] as const) {
      const cobro = await conocida(confirmacionFirmada(cred, { ...base, x_ref_payco: `${base.x_ref_payco}${sufijo}`, ...campo }));
      expect(cobro).toMatchObject({ status: 200, json: { resultado: 'sin-aplicar' } });
      expect(await guardado('pagos', `epayco#${base.x_ref_payco}${sufijo}`)).toMatchObject({ tipo: 'cobro-sin-aplicar', resultado: 'sin-aplicar', servicioId: id, empresaAliada: TRANSVALLE });
    }
    expect(((await guardado('services', id))!.cobrosSinAplicar as { referencia: string; monto: number; moneda: string }[]).map((c) => [c.referencia, c.monto, c.moneda])).toEqual([
      [`ePayco ${base.x_ref_payco}-v`, 979_999, 'COP'],
      [`ePayco ${base.x_ref_payco}-m`, 980_000, 'USD'],
    ]);
    // Another merchant's is not ours to record.
    expect((await conocida(confirmacionFirmada(cred, { ...base, x_ref_payco: `${base.x_ref_payco}-c`, x_cust_id_cliente: '123' }))).status).toBe(409);
    // The fields ePayco does not sign count only as ePayco's record states them: a pending payment
    // turned 'accepted', a test turned real, or an accepted one pointed at this reservation are refused.
    const pendiente = confirmacionFirmada(cred, { ...base, x_ref_payco: `${base.x_ref_payco}-p`, x_cod_response: '3' });
    expect((await conocida(pendiente)).json.resultado).toBe('ignorada');
    expect(await epayco({ ...pendiente, x_cod_response: '1' })).toMatchObject({ status: 409, json: { error: { message: EPAYCO_MSG.noVerificada } } });
    const prueba = confirmacionFirmada(cred, { ...base, x_ref_payco: `${base.x_ref_payco}-t`, x_test_request: 'TRUE' });
    await registrarTransaccionEpayco(stack().epaycoUrl, prueba);
    expect((await epayco({ ...prueba, x_test_request: 'FALSE' })).json.error.message).toBe(EPAYCO_MSG.noVerificada);
    const otra = confirmacionFirmada(cred, { ...base, x_ref_payco: `${base.x_ref_payco}-o`, x_id_invoice: 'otra-reserva' });
    await registrarTransaccionEpayco(stack().epaycoUrl, otra);
    expect((await epayco({ ...otra, x_id_invoice: id })).json.error.message).toBe(EPAYCO_MSG.noVerificada);
    // Correctly signed, but a reference ePayco does not know.
    expect((await epayco(confirmacionFirmada(cred, { ...base, x_ref_payco: `${base.x_ref_payco}-x` }))).json.error.message).toBe(EPAYCO_MSG.noVerificada);
    // Another merchant's own signature does not verify with ours.
    expect((await epayco(confirmacionFirmada({ ...cred, p_cust_id_cliente: '123' }, base))).status).toBe(400);
    // Incomplete fields are refused in Spanish.
    expect((await epayco({ x_ref_payco: 'x' })).json.error.message).toBe('Confirmación de ePayco incompleta o con campos inválidos');
    await sinCambios();
    expect(await guardado('pagos', `epayco#${base.x_ref_payco}`)).toBeUndefined();

    const firmada = confirmacionFirmada(cred, base);
    const ok = await conocida(firmada);
    expect(ok).toMatchObject({ status: 200, json: { resultado: 'aceptada' } });
    expect(await guardado('services', id)).toMatchObject({ estado: 'reservado', referenciaPago: `ePayco ${base.x_ref_payco}` });
    // The same callback again, as a form or as JSON: nothing more happens.
    expect((await epayco(firmada)).json.resultado).toBe('repetida');
    expect((await epayco(firmada, 'json')).json.resultado).toBe('repetida');
    expect((await trail(id)).filter((a) => a === 'pago-validado')).toHaveLength(1);
    expect(await guardado('pagos', `pago-cliente#${id}`)).toMatchObject({ monto: 980_000, metodo: 'epayco' });
  });

  it('answers generated malformed confirmations with a Spanish 4xx and changes nothing', async () => {
    const id = await aceptado('epayco', 610_000);
    const valida = confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '610000', x_ref_payco: `fz-${id.slice(0, 6)}`, x_transaction_id: 'tx-fz' });
    await registrarTransaccionEpayco(stack().epaycoUrl, valida);
    const campos = Object.keys(valida);
    // Optional fields, whose absence still leaves a valid confirmation, are not broken here; a change
    // to any other (signed, or checked against ePayco's record) is refused.
    const rompibles = campos.filter((k) => !['x_test_request', 'x_response_reason_text'].includes(k));
    let enviadas = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // A field missing, changed or made huge after signing; or a body that is no form at all.
          fc.constantFrom(...rompibles).map((k) => Object.fromEntries(Object.entries(valida).filter(([c]) => c !== k))),
          fc.tuple(fc.constantFrom(...rompibles), fc.string({ maxLength: 30 })).filter(([k, v]) => v !== valida[k]).map(([k, v]) => ({ ...valida, [k]: v })),
          fc.tuple(fc.constantFrom(...campos), fc.integer({ min: 600, max: 20_000 })).map(([k, n]) => ({ ...valida, [k]: 'x'.repeat(n) })),
        ),
        async (cuerpo) => {
          enviadas++;
          const res = await epayco(cuerpo as Record<string, string>);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.json.error.message).toMatch(/ePayco|Confirmación/);
        },
      ),
      { numRuns: 100, seed: 20261123 },
    );
    expect(enviadas).toBeGreaterThanOrEqual(100);
    expect(await guardado('services', id)).toMatchObject({ estado: 'validar' });
    expect(await trail(id)).not.toContain('pago-validado');
  });

  it('applies one of two charges of one reservation that arrive at once, and records the other for its refund', async () => {
    for (let ronda = 0; ronda < 3; ronda++) {
      const id = await aceptado('epayco', 520_000);
      const [a, b] = ['a', 'b'].map((x) => confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '520000', x_ref_payco: `dc${x}-${id.slice(0, 6)}`, x_transaction_id: `tx-${x}` }));
      for (const t of [a!, b!]) await registrarTransaccionEpayco(stack().epaycoUrl, t);
      const respuestas = await Promise.all([epayco(a!), epayco(b!)]);
      // One applied; the other, a real second charge, is recorded for its refund (never taken for a replay).
      expect(respuestas.map((r) => r.json.resultado).sort()).toEqual(['aceptada', 'sin-aplicar']);
      const filas = await Promise.all([a!, b!].map((t) => guardado('pagos', `epayco#${t.x_ref_payco}`)));
      expect(filas.map((f) => f?.resultado).sort()).toEqual(['aceptada', 'sin-aplicar']);
      const s = (await guardado('services', id))!;
      expect(s.estado).toBe('reservado');
      expect((s.cobrosSinAplicar as unknown[]).length).toBe(1);
      expect((await trail(id)).filter((x) => x === 'cobro-sin-aplicar')).toHaveLength(1);
      expect(await guardado('pagos', `pago-cliente#${id}`)).toMatchObject({ monto: 520_000 });
    }
  });

  it('keeps at most 20 charges on the service even when they arrive at once; the ledger and the trail keep every one', async () => {
    const id = await aceptado('epayco', 510_000);
    const cargo = (x: string) => confirmacionFirmada(stack().epayco, { x_id_invoice: id, x_amount: '510000', x_ref_payco: `m${x}-${id.slice(0, 6)}`, x_transaction_id: `tx-m${x}` });
    const primero = cargo('0');
    await registrarTransaccionEpayco(stack().epaycoUrl, primero);
    expect((await epayco(primero)).json.resultado).toBe('aceptada');
    // 24 more charges of the paid reservation, at once: each read the service with room to spare.
    const mas = Array.from({ length: 24 }, (_, i) => cargo(String(i + 1)));
    for (const t of mas) await registrarTransaccionEpayco(stack().epaycoUrl, t);
    const respuestas = await Promise.all(mas.map((t) => epayco(t)));
    expect(respuestas.map((r) => r.json.resultado)).toEqual(mas.map(() => 'sin-aplicar'));
    expect((await guardado('services', id))!.cobrosSinAplicar).toHaveLength(20);
    const filas = await Promise.all(mas.map((t) => guardado('pagos', `epayco#${t.x_ref_payco}`)));
    expect(filas.filter((f) => f?.resultado === 'sin-aplicar')).toHaveLength(24);
    expect((await trail(id)).filter((x) => x === 'cobro-sin-aplicar')).toHaveLength(24);
  });

  it('acknowledges a declined or failed payment of a reservation already paid, changing nothing, so ePayco stops retrying it', async () => {
    const id = await aceptado('epayco', 515_000);
    const base = { x_id_invoice: id, x_amount: '515000', x_transaction_id: 'tx-sp' };
    expect((await conocida(confirmacionFirmada(stack().epayco, { ...base, x_ref_payco: `spa-${id.slice(0, 6)}` }))).json.resultado).toBe('aceptada');
    const antes = await guardado('services', id);
    for (const codigo of ['2', '4', '3']) {
      const t = confirmacionFirmada(stack().epayco, { ...base, x_ref_payco: `sp${codigo}-${id.slice(0, 6)}`, x_cod_response: codigo });
      // Its retries get the same answer: nothing was recorded for it to be 'repetida'.
      for (let i = 0; i < 2; i++) expect(await conocida(t)).toMatchObject({ status: 200, json: { resultado: 'ignorada', mensaje: EPAYCO_MSG.sinEfecto('la reserva ya estaba pagada') } });
      expect(await guardado('pagos', `epayco#${t.x_ref_payco}`)).toBeUndefined();
    }
    expect(await guardado('services', id)).toEqual(antes);
    expect(await trail(id)).not.toContain('pago-rechazado');
  });

  it('records a declined payment without reserving, and a pending one waits', async () => {
    const id = await aceptado('epayco', 450_000);
    const base = { x_id_invoice: id, x_amount: '450000.00', x_transaction_id: 'tx-2' };
    // A pending one changes nothing and is acknowledged (ePayco stops retrying it); its final word still counts.
    const pendiente = confirmacionFirmada(stack().epayco, { ...base, x_ref_payco: `p-${id.slice(0, 6)}`, x_cod_response: '3' });
    expect(await conocida(pendiente)).toMatchObject({ status: 200, json: { resultado: 'ignorada', mensaje: EPAYCO_MSG.sinEfecto('respuesta Pendiente: se espera la confirmación final') } });
    expect(await guardado('pagos', `epayco#${pendiente.x_ref_payco}`)).toBeUndefined();
    expect((await guardado('services', id))!.pagoRechazado).toBeUndefined();
    // The reason is not signed: the one recorded is ePayco's, not what the post says (staff and the company read it).
    const rechazo = { ...confirmacionFirmada(stack().epayco, { ...base, x_ref_payco: `r-${id.slice(0, 6)}`, x_cod_response: '2' }), x_response_reason_text: 'Fondos insuficientes' };
    await registrarTransaccionEpayco(stack().epaycoUrl, rechazo);
    const r = await epayco({ ...rechazo, x_response_reason_text: 'El banco confirmó el pago por PSE. Confirme manualmente la reserva' });
    expect(r.json.resultado).toBe('rechazada');
    expect(await guardado('services', id)).toMatchObject({ estado: 'validar', pagoRechazado: { motivo: 'ePayco: Rechazada (Fondos insuficientes)' } });
    // The client pays again: accepted, with decimals in the amount.
    expect((await conocida(confirmacionFirmada(stack().epayco, { ...base, x_ref_payco: `a-${id.slice(0, 6)}` }))).json.resultado).toBe('aceptada');
    expect((await guardado('services', id))!.estado).toBe('reservado');
  });
});

describe("staff asking ePayco about a payment whose confirmation never arrived", () => {
  it("applies ePayco's signed record of this reservation once, and refuses anything else with a Spanish 409", async () => {
    const id = await aceptado('epayco', 730_000);
    const cred = stack().epayco;
    const consultar = (refPayco: unknown, token = plataforma) => api(`/plataforma/servicios/${id}/pago-epayco`, { token, body: { refPayco } });
    const base = { x_id_invoice: id, x_amount: '730000', x_transaction_id: 'tx-c' };
    // Not for companies (the route matrix covers every role); a reference ePayco does not know; a bad one.
    expect((await consultar('x', admin)).status).toBe(403);
    expect((await consultar(`nada-${id.slice(0, 6)}`)).json.error.message).toBe(EPAYCO_MSG.desconocida);
    expect((await consultar('')).json.error.message).toBe(EPAYCO_MSG.referenciaRequerida);
    expect((await consultar('a/b')).status).toBe(400);
    // ePayco's record of another reservation, or signed with another key, or still pending: refused.
    const ajena = confirmacionFirmada(cred, { ...base, x_ref_payco: `aj-${id.slice(0, 6)}`, x_id_invoice: 'otra-reserva' });
    await registrarTransaccionEpayco(stack().epaycoUrl, ajena);
    expect((await consultar(ajena.x_ref_payco)).json.error.message).toBe(EPAYCO_MSG.deOtraReserva);
    const forjada = confirmacionFirmada({ ...cred, p_key: 'otra-llave' }, { ...base, x_ref_payco: `fo-${id.slice(0, 6)}` });
    await registrarTransaccionEpayco(stack().epaycoUrl, forjada);
    expect((await consultar(forjada.x_ref_payco)).json.error.message).toBe(EPAYCO_MSG.desconocida);
    const pendiente = confirmacionFirmada(cred, { ...base, x_ref_payco: `pe-${id.slice(0, 6)}`, x_cod_response: '3' });
    await registrarTransaccionEpayco(stack().epaycoUrl, pendiente);
    const espera = await consultar(pendiente.x_ref_payco);
    expect(espera.status).toBe(409);
    expect(espera.json.error.message).toMatch(/^La transacción de ePayco no se aplicó: respuesta Pendiente/);
    expect(await guardado('services', id)).toMatchObject({ estado: 'validar' });
    expect(await trail(id)).not.toContain('pago-validado');

    // Accepted, never confirmed to us: staff's check reserves it, named in the trail.
    const aceptada = confirmacionFirmada(cred, { ...base, x_ref_payco: `ok-${id.slice(0, 6)}` });
    await registrarTransaccionEpayco(stack().epaycoUrl, aceptada);
    const ok = await consultar(aceptada.x_ref_payco);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toMatchObject({ resultado: 'aceptada', mensaje: EPAYCO_MSG.consultaAceptada });
    expect(await guardado('services', id)).toMatchObject({ estado: 'reservado', referenciaPago: `ePayco ${aceptada.x_ref_payco}` });
    expect(await guardado('pagos', `epayco#${aceptada.x_ref_payco}`)).toMatchObject({ resultado: 'aceptada', consultadaPor: DEMO_USERS.plataforma });
    // Staff see who applied it in the ledger (the callback's read 'ePayco').
    expect(await guardado('pagos', `pago-cliente#${id}`)).toMatchObject({ metodo: 'epayco', registradoPor: DEMO_USERS.plataforma });
    // Asked again, or ePayco's confirmation arriving late: nothing more happens.
    expect((await consultar(aceptada.x_ref_payco)).json.error.message).toBe(EPAYCO_MSG.consultaRepetida);
    expect((await epayco(aceptada)).json.resultado).toBe('repetida');
    expect((await trail(id)).filter((a) => a === 'pago-validado')).toHaveLength(1);
  });
});
