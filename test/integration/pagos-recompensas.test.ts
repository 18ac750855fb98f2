import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../scripts/local/demo-users.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, docClient, listKeys, PDF_BYTES, table, upload } from '../support/clients.js';
import { esperarCache, guardado, ids, sesionesPagos, TRANSVALLE } from '../support/integracion-pagos.js';
import { servicioReservado } from '../support/servicios.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';

/** Payments: the referral rewards, owed at a vehicle's 30th trip and paid once (test/support/integracion-pagos.ts). */

// Signed in once, as the file is loaded.
const { admin, staff, andino, plataforma } = await sesionesPagos();

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
