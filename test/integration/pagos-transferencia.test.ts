import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../scripts/local/demo-users.js';
import { pagoConductor } from '@shared/domain/pagos.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, docClient, listKeys, table } from '../support/clients.js';
import { aceptado, enviarComprobante, guardado, ids, sesionesPagos, trail, TRANSVALLE } from '../support/integracion-pagos.js';
import { leerPdf } from '../../lambdas/adapters/pdf-texto.js';

/** Payments: the client's transfer, its receipt checked by marketplace staff (test/support/integracion-pagos.ts). */

// Signed in once, as the file is loaded.
const { admin, staff, andino, plataforma } = await sesionesPagos();

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
