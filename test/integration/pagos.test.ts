import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmacionFirmada } from '../../scripts/local/client-simulator.js';
import { registrarTransaccionEpayco } from '../../scripts/local/epayco.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { LISTAS_SERVICIOS } from '@shared/domain/listas.js';
import { pagoConductor } from '@shared/domain/pagos.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { PAGINA_MSG } from '@shared/schemas/paginas.js';
import { FECHA_MSG } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG, PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, docClient, idToken, listKeys, PDF_BYTES, stack, table, upload } from '../support/clients.js';
import { appApi, servicioPublicado, servicioReservado } from '../support/servicios.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { leerPdf } from '../../lambdas/adapters/pdf-texto.js';
import { VENTANA_FIRMA_MS } from '../../lambdas/adapters/storage.js';

/**
 * Payments (issue "Payments, driver payouts, referral rewards and the service lists"): the client's
 * transfer checked by marketplace staff and its card payment confirmed by ePayco's signed callback;
 * the driver's advance and balance, each once; the referral rewards; the service lists and history.
 */
const TRANSVALLE = 'demo-transvalle';

let admin: string;
let staff: string;
let andino: string;
let plataforma: string;

const guardado = async (key: 'services' | 'vehiculos' | 'pagos', id: string) => (await docClient().send(new GetCommand({ TableName: table(key), Key: { id } }))).Item;
const trail = async (id: string) =>
  ((await docClient().send(new QueryCommand({ TableName: table('historial'), KeyConditionExpression: 'servicioId = :s', ExpressionAttributeValues: { ':s': id } }))).Items ?? []).map((e) => e.accion as string);
const esperarCache = () => new Promise((r) => setTimeout(r, 1100));

/** A Van request of the client app, offered on by Transportes del Valle and accepted by the client with `metodo`. */
async function aceptado(metodo: 'epayco' | 'transferencia', precio = 1_234_000): Promise<string> {
  const body = servicioPublicado({ tipo: 'Van' });
  expect((await appApi('POST', '/integracion/cliente/servicios', body)).status).toBe(201);
  const oferta = await api(`/servicios/${body.id}/ofertas`, { token: admin, body: { precio } });
  expect(oferta.status, JSON.stringify(oferta.json)).toBe(201);
  const res = await appApi('POST', `/integracion/cliente/servicios/${body.id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: metodo });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return body.id;
}

/** The client app sends its transfer receipt: a ticket, the file to S3, then the receipt route. */
async function enviarComprobante(id: string, bytes: Uint8Array = PDF_BYTES, contentType = 'application/pdf') {
  const ticket = await appApi('POST', '/integracion/cliente/uploads', { kind: 'comprobanteCliente', contentType, size: bytes.length, fileName: 'comprobante.pdf' });
  expect(ticket.status, JSON.stringify(ticket.json)).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.json.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  expect((await fetch(ticket.json.url as string, { method: 'POST', body: form })).status).toBeLessThan(300);
  return appApi('POST', `/integracion/cliente/servicios/${id}/comprobante`, { archivo: ticket.json.uploadId });
}

const epayco = (campos: Record<string, string>, tipo: 'form' | 'json' = 'form') =>
  fetch(`${stack().apiUrl}/integracion/epayco/confirmacion`, {
    method: 'POST',
    headers: { 'content-type': tipo === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: tipo === 'form' ? new URLSearchParams(campos).toString() : JSON.stringify(campos),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, any> }));

/** A transaction ePayco knows (its stand-in is told first), then confirmed with exactly those fields. */
const conocida = async (campos: Record<string, string>) => {
  await registrarTransaccionEpayco(stack().epaycoUrl, campos);
  return epayco(campos);
};

const ids = (res: { json: Record<string, any> }) => (res.json.items as { id: string }[]).map((i) => i.id);

beforeAll(async () => {
  [admin, staff, andino, plataforma] = await Promise.all([
    idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    idToken(DEMO_USERS.staff, DEMO_PASSWORD),
    idToken(DEMO_USERS.admin3, DEMO_PASSWORD),
    idToken(DEMO_USERS.plataforma, DEMO_PASSWORD),
  ]);
});

describe('a payment by transfer', () => {
  it("opens the demo's transfer receipt as a real page of text (a PDF without pages read as a broken file)", async () => {
    const detalle = await api('/servicios/demo-validar-1/pagos', { token: plataforma });
    const bytes = new Uint8Array(await (await fetch(detalle.json.comprobanteUrl as string)).arrayBuffer());
    const lectura = await leerPdf(bytes);
    expect('texto' in lectura && lectura.texto).toContain('COMPROBANTE DE TRANSFERENCIA');
  });

  it('waits for its receipt, can be rejected with a reason, and once confirmed the reservation is its company’s', async () => {
    const t = Date.now();
    const id = await aceptado('transferencia');
    const lista = await api('/plataforma/pagos-por-validar/transferencia', { token: plataforma });
    expect(lista.status).toBe(200);
    const fila = lista.json.items.find((f: { id: string }) => f.id === id);
    expect(fila).toMatchObject({ metodoPago: 'transferencia', valorOferta: 1_234_000, comprobante: 'pendiente', tipo: 'Van', nombreEmpresaAliada: 'Transportes del Valle S.A.S.' });
    // How long it has waited: since the client accepted the offer.
    expect(Date.parse(fila.aceptadoEn)).toBeGreaterThanOrEqual(t - 1000);
    // Nothing to check yet.
    expect(await api(`/plataforma/servicios/${id}/pago`, { token: plataforma, body: { decision: 'confirmar' } })).toMatchObject({ status: 409, json: { error: { message: PAGO_MSG.sinComprobante } } });
    // A file that is not a document is refused by its bytes, and nothing is recorded.
    const falso = await enviarComprobante(id, new TextEncoder().encode('no soy un pdf'), 'application/pdf');
    expect(falso.status).toBe(400);
    expect((await guardado('services', id))!.comprobantePago).toBeUndefined();

    expect((await enviarComprobante(id)).status).toBe(201);
    // Company users can see it is in validation, but never decide it.
    for (const token of [admin, staff, andino]) {
      const intento = await api(`/plataforma/servicios/${id}/pago`, { token, body: { decision: 'confirmar' } });
      expect(intento).toMatchObject({ status: 403, json: { error: { message: API_MSG.sinPermiso } } });
    }
    const detalle = await api(`/servicios/${id}/pagos`, { token: plataforma });
    expect(detalle.json.comprobanteUrl).toMatch(/^http/);
    expect((await fetch(detalle.json.comprobanteUrl as string)).status).toBe(200);
    // The company sees its service's money, never the client's receipt; another company nothing.
    expect((await api(`/servicios/${id}/pagos`, { token: admin })).json).toMatchObject({ comprobanteUrl: null, anticipo: { monto: pagoConductor(1_234_000) } });
    expect((await api(`/servicios/${id}/pagos`, { token: andino })).status).toBe(404);

    // A rejection needs its reason, sets the receipt aside and asks the client for another.
    expect((await api(`/plataforma/servicios/${id}/pago`, { token: plataforma, body: { decision: 'rechazar' } })).json.error.message).toBe(PAGO_MSG.motivoRequerido);
    const rechazo = await api(`/plataforma/servicios/${id}/pago`, { token: plataforma, body: { decision: 'rechazar', motivo: 'El valor transferido no coincide' } });
    expect(rechazo.status).toBe(200);
    const rechazado = await guardado('services', id);
    expect(rechazado).toMatchObject({ estado: 'validar', pagoRechazado: { motivo: 'El valor transferido no coincide' } });
    expect((await api('/plataforma/pagos-por-validar/transferencia', { token: plataforma })).json.items.find((f: { id: string }) => f.id === id).comprobante).toBe('rechazado');
    // The refused receipt stays on record: its file, and its key in the trail, which the company does not see.
    const refusal = (await docClient().send(new QueryCommand({ TableName: table('historial'), KeyConditionExpression: 'servicioId = :s', ExpressionAttributeValues: { ':s': id } }))).Items!.find((e) => e.accion === 'pago-rechazado')!;
    expect(refusal.antes.archivoComprobante).toMatch(new RegExp(`^pagos/${id}/cliente/`));
    expect(await listKeys(refusal.antes.archivoComprobante as string)).toEqual([refusal.antes.archivoComprobante]);
    const trailEmpresa = await api(`/servicios/${id}/historial`, { token: admin });
    expect(trailEmpresa.json.items.map((e: { accion: string }) => e.accion)).toContain('pago-rechazado');
    expect(JSON.stringify(trailEmpresa.json)).not.toContain('archivoComprobante');

    // Two more sent at once (the app retrying): each is on record in the trail, so no file is left unnamed.
    const dos = await Promise.all([enviarComprobante(id), enviarComprobante(id)]);
    expect(dos.map((r) => r.status)).toEqual([201, 201]);
    const entradas = (await docClient().send(new QueryCommand({ TableName: table('historial'), KeyConditionExpression: 'servicioId = :s', ExpressionAttributeValues: { ':s': id } }))).Items!;
    const nombrados = new Set(entradas.flatMap((e) => [e.antes?.archivoComprobante, e.despues?.archivoComprobante]).filter(Boolean));
    expect(await listKeys(`pagos/${id}/cliente/`)).toEqual(expect.arrayContaining([...nombrados]));
    for (const key of await listKeys(`pagos/${id}/cliente/`)) expect(nombrados.has(key), key).toBe(true);
    expect(nombrados.has((await guardado('services', id))!.comprobantePago)).toBe(true);
    expect(JSON.stringify((await api(`/servicios/${id}/historial`, { token: admin })).json)).not.toContain('archivoComprobante');
    // Nor does the service's detail name the receipt's key to the company.
    const detalleEmpresa = await api(`/servicios/${id}`, { token: admin });
    expect(detalleEmpresa.status).toBe(200);
    expect(JSON.stringify(detalleEmpresa.json)).not.toContain(`pagos/${id}/`);
    const [a, b] = await Promise.all([
      api(`/plataforma/servicios/${id}/pago`, { token: plataforma, body: { decision: 'confirmar' } }),
      api(`/plataforma/servicios/${id}/pago`, { token: plataforma, body: { decision: 'confirmar' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    // The other decision: read after the winner's (no longer in validation) or during it (it lost the write).
    expect([PAGO_MSG.noEnValidacion, PAGO_MSG.decisionYaRegistrada]).toContain((a.status === 409 ? a : b).json.error.message);
    const servicio = await guardado('services', id);
    expect(servicio).toMatchObject({ estado: 'reservado', empresaAliada: TRANSVALLE, estadoEmpresa: `${TRANSVALLE}#reservado` });
    expect(servicio!.pagoPendiente).toBeUndefined();
    expect(servicio!.pagoRechazado).toBeUndefined();
    expect(await guardado('pagos', `pago-cliente#${id}`)).toMatchObject({ tipo: 'pago-cliente', monto: 1_234_000, registradoPor: DEMO_USERS.plataforma });
    expect(await trail(id)).toEqual(expect.arrayContaining(['aceptacion', 'comprobante', 'pago-rechazado', 'pago-validado']));
    // In the ledger the company sees the client's payment, but neither its receipt nor who on the staff checked it.
    const vistoPorEmpresa = (await api(`/servicios/${id}/pagos`, { token: admin })).json.movimientos as { tipo: string; comprobanteUrl: string | null; registradoPor: string }[];
    expect(vistoPorEmpresa.find((m) => m.tipo === 'pago-cliente')).toMatchObject({ comprobanteUrl: null, registradoPor: 'Plataforma' });
    // Now on the company's list of reservations, and on nobody else's.
    expect(ids(await api('/servicios?lista=reservados&limite=100', { token: staff }))).toContain(id);
    expect(ids(await api('/servicios?lista=reservados&limite=100', { token: andino }))).not.toContain(id);
    // A receipt for a reservation no longer in validation is refused.
    expect((await enviarComprobante(id)).status).toBe(409);
  });
});

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
    // A stamped change of the vehicle's account (vehiculos.test.ts makes one) reaches the row.
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
    expect(pagos[0].despues.cuenta).toBe(`${vista.titular}: ${vista.banco}, cuenta ${vista.tipocuenta} ${vista.cuenta}`);
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

describe('referral rewards', () => {
  it('list the vehicles with 30 trips whose referrer is not the platform, and pay each once', async () => {
    const lista = await api('/plataforma/recompensas', { token: plataforma });
    const placas = (lista.json.items as { placas: string }[]).map((i) => i.placas).sort();
    // Seeded: three referred vehicles past 30 trips; the platform's own referral (AND202, 36 trips) is not there.
    expect(placas).toEqual(expect.arrayContaining(['TSQ204', 'VLC846', 'CHV220']));
    expect(placas).not.toContain('AND202');
    // Each row names the allied company that owns the vehicle (not the affiliating one, 'Cootransvalle').
    const empresaDe = (p: string) => (lista.json.items as { placas: string; nombreEmpresaAliada: string }[]).find((i) => i.placas === p)?.nombreEmpresaAliada;
    expect(empresaDe('TSQ204')).toBe('Transportes del Valle S.A.S.');
    expect((await api('/plataforma/recompensas', { token: admin })).status).toBe(403);

    const fila = (lista.json.items as { id: string; placas: string; referente: Record<string, string> }[]).find((i) => i.placas === 'CHV220')!;
    const vehiculo = fila.id;
    // The referrer's account, as the pay form shows it and sends it back.
    const cuentaVista = { banco: fila.referente.banco, tipocuenta: fila.referente.tipocuenta, cuenta: fila.referente.cuenta, titular: fila.referente.titular };
    expect(cuentaVista.cuenta).toMatch(/^\d+$/);
    const pago = { fecha: hoyEnBogota(), referencia: 'NEQ-5544', valor: 150_000, cuentaVista };
    expect((await api(`/plataforma/recompensas/${vehiculo}`, { token: plataforma, body: { ...pago, cuentaVista: { ...cuentaVista, titular: 'Otra persona' } } })).json.error.message).toBe(PAGO_MSG.cuentaCambio);
    expect((await api(`/plataforma/recompensas/${vehiculo}`, { token: plataforma, body: { ...pago, valor: 0 } })).json.error.message).toBe(PAGO_MSG.valorInvalido);
    // Five at once, each with its own receipt: one is paid, and only its receipt stays in the bucket.
    const comprobantes = await Promise.all(Array.from({ length: 5 }, () => upload(plataforma, 'comprobantePago', PDF_BYTES, 'application/pdf')));
    const pagos = await Promise.all(comprobantes.map((comprobante) => api(`/plataforma/recompensas/${vehiculo}`, { token: plataforma, body: { ...pago, comprobante } })));
    expect(pagos.map((p) => p.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const ganador = (await guardado('pagos', `recompensa#${vehiculo}`))!.comprobante as string;
    expect(await listKeys(`pagos/recompensas/${vehiculo}`)).toEqual([ganador]);
    // Every loser is told the reward was already paid (not that none was owed).
    expect(new Set(pagos.filter((p) => p.status === 409).map((p) => p.json.error.message))).toEqual(new Set([PAGO_MSG.recompensaYaPagada]));
    expect(await guardado('vehiculos', vehiculo)).toMatchObject({ comisionPagadaAReferente: true });
    expect((await guardado('vehiculos', vehiculo))!.recompensa).toBeUndefined();
    expect(await guardado('pagos', `recompensa#${vehiculo}`)).toMatchObject({ monto: 150_000, referencia: 'NEQ-5544', cuentaDestino: cuentaVista });
    expect((await api('/plataforma/recompensas', { token: plataforma })).json.items.map((i: { id: string }) => i.id)).not.toContain(vehiculo);

    // Now among the rewards paid, latest first, with its payment; the demo's two earlier ones after it.
    const pagadas = await api('/plataforma/recompensas/pagadas', { token: plataforma });
    expect(pagadas.status).toBe(200);
    const filas = pagadas.json.items as { id: string; placas: string; nombreEmpresaAliada: string; referente: { placas: string } | null; pago: Record<string, unknown> }[];
    expect(filas[0]).toMatchObject({ id: vehiculo, placas: 'CHV220', nombreEmpresaAliada: 'Expreso Pacífico Ltda.', pago: { tipo: 'recompensa', monto: 150_000, referencia: 'NEQ-5544', registradoPor: DEMO_USERS.plataforma } });
    expect((filas[0]!.pago.comprobanteUrl as string)).toMatch(/^http/);
    expect(filas.map((f) => f.placas)).toEqual(expect.arrayContaining(['CHT119', 'PAC884']));
    expect(filas.find((f) => f.placas === 'CHT119')).toMatchObject({ referente: { placas: 'AND101' }, pago: { monto: 200_000, referencia: 'NEQ-7731204' } });
    const registrados = filas.map((f) => f.pago.registradoEn as string);
    expect(registrados).toEqual([...registrados].sort().reverse());
    // Searched by the reference or the allied company; paged with a cursor; staff's alone.
    expect(ids(await api(`/plataforma/recompensas/pagadas?q=${encodeURIComponent('neq-5544')}`, { token: plataforma }))).toEqual([vehiculo]);
    // A plate or reference however it is written: with a hyphen, a space or none (the lists in the browser's rule).
    for (const q of ['chv-220', 'CHV 220', 'neq5544', 'NEQ.5544']) expect(ids(await api(`/plataforma/recompensas/pagadas?q=${encodeURIComponent(q)}`, { token: plataforma })), q).toEqual([vehiculo]);
    // The referrer too: CHT119 was referred by Carlos Andrés Muñoz's AND101.
    expect(ids(await api(`/plataforma/recompensas/pagadas?q=${encodeURIComponent('carlos munoz')}`, { token: plataforma }))).toContain('veh-demo-transvalle-007');
    const delValle = ids(await api(`/plataforma/recompensas/pagadas?q=${encodeURIComponent('transportes del valle')}`, { token: plataforma }));
    expect(delValle).toContain('veh-demo-transvalle-007');
    expect(delValle).not.toContain(vehiculo);
    const primera = await api('/plataforma/recompensas/pagadas?limite=1', { token: plataforma });
    const segunda = await api(`/plataforma/recompensas/pagadas?limite=1&cursor=${primera.json.cursor}`, { token: plataforma });
    expect([...ids(primera), ...ids(segunda)]).toEqual(filas.slice(0, 2).map((f) => f.id));
    for (const token of [admin, staff, andino]) expect((await api('/plataforma/recompensas/pagadas', { token })).status).toBe(403);
  });

  it('puts a referred vehicle on the list when the trip that makes its 30th ends', async () => {
    const van = 'veh-demo-transvalle-004';
    await docClient().send(new UpdateCommand({ TableName: table('vehiculos'), Key: { id: van }, UpdateExpression: 'SET viajesRealizados = :n, referidoPor = :r', ExpressionAttributeValues: { ':n': 29, ':r': 'veh-demo-andino-011' } }));
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Bus' }, 3, { estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, recorridoIniciado: true, fechaSalida: new Date(Date.now() - 60_000).toISOString(), vehiculoId: van, placas: 'SXT771', conductor: 'Héctor Fabio Caicedo' });
    await esperarCache();
    expect((await api('/plataforma/recompensas', { token: plataforma })).json.items.map((i: { id: string }) => i.id)).not.toContain(van);
    expect((await api(`/servicios/${id}/finalizar`, { token: admin, method: 'POST' })).status).toBe(200);
    expect(await guardado('vehiculos', van)).toMatchObject({ viajesRealizados: 30, recompensa: 'pendiente' });
    expect((await api('/plataforma/recompensas', { token: plataforma })).json.items.map((i: { id: string }) => i.id)).toContain(van);
  });
});

describe('the service lists and the history', () => {
  it("show a company its own services in each state, marketplace staff every company's or one's", async () => {
    for (const lista of LISTAS_SERVICIOS) {
      const propios = await api(`/servicios?lista=${lista.id}&limite=100`, { token: staff });
      expect(propios.status).toBe(200);
      expect(propios.json.items.length, lista.id).toBeGreaterThan(0);
      for (const f of propios.json.items) {
        expect(f.empresaAliada).toBe(TRANSVALLE);
        expect(f.estado).toBe(lista.estado);
        if (lista.soloIniciados) expect(f.recorridoIniciado).toBe(true);
      }
      // Another company sees only its own (Turismo Andino may win a reservation in the offers tests, never
      // more), and a company without services none.
      const ajenos = (await api(`/servicios?lista=${lista.id}&limite=100`, { token: andino })).json.items as { empresaAliada: string }[];
      expect(ajenos.filter((f) => f.empresaAliada !== 'demo-andino')).toEqual([]);
      if (lista.id !== 'pedidos') expect(ajenos).toEqual([]);
      expect((await api(`/servicios?lista=${lista.id}&empresa=demo-expresopacifico`, { token: plataforma })).json.items).toEqual([]);
      // A company cannot read another's by naming it: it gets its own (Turismo Andino's, if any).
      const nombrando = (await api(`/servicios?lista=${lista.id}&empresa=${TRANSVALLE}`, { token: andino })).json.items as { empresaAliada: string }[];
      expect(nombrando.filter((f) => f.empresaAliada !== 'demo-andino')).toEqual([]);
    }
    expect(ids(await api('/servicios?lista=pedidos', { token: plataforma }))).toEqual(expect.arrayContaining(['demo-validar-1', 'demo-validar-2']));
    expect(ids(await api('/servicios?lista=en-curso', { token: admin }))).toContain('demo-encurso-1');
    // Finished: latest departure first.
    const fin = (await api('/servicios?lista=finalizados&limite=100', { token: admin })).json.items as { fechaSalida: string }[];
    expect(fin.map((f) => f.fechaSalida)).toEqual([...fin.map((f) => f.fechaSalida)].sort().reverse());
  });

  it('pages with a cursor, filters by words without accents, and refuses a forged cursor or an unknown list', async () => {
    const primera = await api('/servicios?lista=finalizados&limite=4', { token: admin });
    expect(primera.json.items).toHaveLength(4);
    expect(primera.json.cursor).toEqual(expect.any(String));
    const segunda = await api(`/servicios?lista=finalizados&limite=4&cursor=${primera.json.cursor}`, { token: admin });
    expect(ids(segunda).some((id) => ids(primera).includes(id))).toBe(false);
    // Another list's cursor, or a made-up one, is a Spanish 400.
    expect((await api(`/servicios?lista=reservados&cursor=${primera.json.cursor}`, { token: admin })).status).toBe(400);
    expect((await api('/servicios?lista=finalizados&cursor=eyJpZCI6MX0', { token: admin })).json.error.message).toBe('La página pedida no es válida. Vuelve a la primera.');
    expect((await api('/servicios?lista=todas', { token: admin })).json.error.message).toBe(PAGO_MSG.listaInvalida);
    const filtro = await api(`/servicios?lista=finalizados&limite=100&q=${encodeURIComponent('CHIVA')}`, { token: admin });
    expect(ids(filtro)).toEqual(['demo-finalizado-2']);
    // Every word counts, the seventh too (it was dropped: a search of seven words found rows without it).
    expect(ids(await api(`/servicios?lista=finalizados&limite=100&q=${encodeURIComponent('chiva chiva chiva chiva chiva chiva zzzzqqq')}`, { token: admin }))).toEqual([]);
    // A filter too long or a page size out of range is a Spanish 400, never a silently different list.
    expect((await api(`/servicios?lista=finalizados&q=${'a'.repeat(101)}`, { token: admin })).json.error.message).toBe('Máximo 100 caracteres');
    for (const limite of ['0', '-1', '101', '2.5', 'abc', '1e9']) {
      expect((await api(`/servicios?lista=finalizados&limite=${limite}`, { token: admin })).json.error.message, limite).toBe(PAGINA_MSG.limiteInvalido);
    }
  });

  it('gives the history of a date range with its totals', async () => {
    const res = await api('/historial', { token: admin });
    expect(res.status).toBe(200);
    const { items, totales } = res.json as { items: { estado: string; valorOferta: number }[]; totales: { servicios: number; valor: number; finalizados: number; cancelados: number } };
    // A cancelled reservation (the demo has one) is a row, but neither a service won nor value: counted apart.
    expect(totales.cancelados).toBe(items.filter((i) => i.estado === 'cancelado').length);
    expect(totales.cancelados).toBeGreaterThanOrEqual(1);
    expect(totales.servicios).toBe(items.length - totales.cancelados);
    expect(totales.valor).toBe(items.filter((i) => i.estado !== 'cancelado').reduce((t, i) => t + (i.valorOferta ?? 0), 0));
    expect(totales.finalizados).toBe(items.filter((i) => i.estado === 'finalizado').length);
    expect((totales as { enValidacion?: number }).enValidacion).toBe(items.filter((i) => i.estado === 'validar').length);
    expect(totales.finalizados).toBeGreaterThanOrEqual(12);
    const soloFin = await api('/historial?estado=finalizado', { token: admin });
    expect((soloFin.json.items as { estado: string }[]).every((i) => i.estado === 'finalizado')).toBe(true);
    expect((await api(`/historial?empresa=demo-expresopacifico`, { token: plataforma })).json.items).toEqual([]);
    expect((await api('/historial?desde=2026-05-01&hasta=2025-01-01', { token: admin })).json.error.message).toBe(PAGO_MSG.rangoInvalido);
    for (const desde of ['2026-13-45', '2026-02-30', '26-11-01']) expect((await api(`/historial?desde=${desde}`, { token: admin })).json.error.message, desde).toBe(PAGO_MSG.fechasHistorialInvalidas);
    // The last day a date can have: its end in UTC is in the year 10000 (the store refused the query: 500).
    for (const token of [admin, plataforma]) {
      const res = await api('/historial?desde=9999-12-31&hasta=9999-12-31', { token });
      expect([res.status, res.json.error.message]).toEqual([400, PAGO_MSG.fechasHistorialInvalidas]);
    }
    // Pending services belong to no company yet: not a state of the history.
    for (const token of [admin, plataforma]) expect((await api('/historial?estado=pendiente', { token })).json.error.message).toBe(PAGO_MSG.listaInvalida);
    // Staff see every company's history, or one company's.
    expect((await api('/historial', { token: plataforma })).json.totales.servicios).toBeGreaterThanOrEqual(totales.servicios);
    expect((await api(`/historial?empresa=${TRANSVALLE}`, { token: plataforma })).json.totales.servicios).toBe(totales.servicios);
  });

  it('open for a company still completing its profile (docs/spec/01.md locks only the map, the fleet and registration)', async () => {
    const incompleta = await idToken(DEMO_USERS.admin2, DEMO_PASSWORD);
    for (const ruta of ['/servicios?lista=reservados', '/servicios?lista=en-curso', '/historial', '/pagos?lista=anticipo']) {
      const res = await api(ruta, { token: incompleta });
      expect(res.status, ruta).toBe(200);
      expect(res.json.items, ruta).toEqual([]);
    }
    // What the profile gates stays closed.
    expect((await api('/mapa', { token: incompleta })).status).toBe(403);
  });

  it('lists the companies for marketplace staff', async () => {
    const res = await api('/plataforma/empresas', { token: plataforma });
    expect(res.json.items).toEqual(expect.arrayContaining([{ id: TRANSVALLE, empresa: 'Transportes del Valle S.A.S.' }, { id: 'demo-andino', empresa: 'Turismo Andino S.A.S.' }]));
  });
});

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
