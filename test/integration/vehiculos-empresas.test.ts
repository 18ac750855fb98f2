import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { PERFIL_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { FECHAS_FUTURAS } from '@shared/schemas/vehiculo-formulario.js';
import { api, docClient, idToken, listKeys, PDF_BYTES, solidPng, subOf, table } from '../support/clients.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { bytesDe, cuenta, empresaDeFlota, flota, guardado, guardaDePlaca, subir, SXT771, VCK512 } from '../support/integracion-vehiculos.js';
import { edicionDe, enDias, tinyJpeg, vehiculoNuevo } from '../support/vehiculos.js';

/**
 * Each company's fleet in the fleet API (docs/spec/02.md sections 2.7, 6): its plates its own, also under
 * 20 creations at once; what the demo company's staff may read and change, an expired date included; and
 * nothing of another company's. Vehicles are created in a company of this file's own; the demo companies
 * serve for staff, cross-company and expiry cases. One stack, tests in order.
 */

// Some tests list every vehicle's files in the bucket: the fleet's files take turns (integracion-turnos.ts).
// Others compare the demo company's fleet and its Van VCK512 across requests: the assignment's files add
// vehicles to that fleet and assign that Van.
turnoDe('vehiculos', 'asignacion');

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

describe('fleet API', () => {
  let admin: string;
  let empresaId: string;
  let adminSub: string;
  let staff: string;
  let andino: string;

  beforeAll(async () => {
    ({ admin, adminSub, empresaId } = await empresaDeFlota('flota.empresas@flotaprueba.demo'));
    [staff, andino] = await Promise.all([idToken(DEMO_USERS.staff, DEMO_PASSWORD), idToken(DEMO_USERS.admin3, DEMO_PASSWORD)]);
  });

  it('20 creations of one plate at once, in mixed case: one vehicle, one driver account, no orphan file', async () => {
    const N = 20;
    const variants = ['rac123', 'RAC123', 'Rac123', 'rAC123', 'raC123', 'RaC123', 'rAc123', 'RAc123'];
    const emails = Array.from({ length: N }, (_, i) => `carrera.${i}@flotaprueba.demo`);
    const files = await Promise.all(
      emails.map((_, i) => subir(admin, { frente: [solidPng(10, 10, [i * 10, 0, 0]), 'image/png'] }, { soat: [PDF_BYTES, 'application/pdf'] })),
    );
    const keysBefore = new Set(await listKeys('vehiculos/'));
    const results = await Promise.all(
      emails.map(async (email, i) => {
        const t = performance.now();
        const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: variants[i % variants.length], email, nombre: `Conductor ${i}`, ...files[i] }) });
        return { i, email, status: res.status, json: res.json, ms: performance.now() - t };
      }),
    );

    const statuses = results.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => r.json))).toEqual([201, ...Array<number>(N - 1).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.error.message).toBe(VEHICULO_MSG.placaDuplicada('RAC123'));
    const winner = results.find((r) => r.status === 201)!;
    const id = winner.json.id as string;
    expect(winner.json.placas).toBe('RAC123');

    // One vehicle with the plate in the company, its guard pointing at it.
    expect((await flota(empresaId)).filter((v) => v.placas === 'RAC123').map((v) => v.id)).toEqual([id]);
    expect(await guardaDePlaca(empresaId, 'RAC123')).toEqual({ id: `placa#${empresaId}#RAC123`, vehiculoId: id });
    // One driver account: the winner's; none for the others.
    const accounts = await Promise.all(emails.map(cuenta));
    expect(accounts.filter((a) => a === 'FORCE_CHANGE_PASSWORD')).toHaveLength(1);
    expect(accounts[winner.i]).toBe('FORCE_CHANGE_PASSWORD');
    expect(accounts.filter((a) => a === 'UserNotFoundException')).toHaveLength(N - 1);
    const drivers = await docClient().send(
      new QueryCommand({ TableName: table('usuarios'), IndexName: 'byEmpresa', KeyConditionExpression: 'empresaId = :e', ExpressionAttributeValues: { ':e': empresaId } }),
    );
    expect((drivers.Items ?? []).filter((u) => u.vehiculoId === id || emails.includes(u.email as string)).map((u) => u.email)).toEqual([winner.email]);
    // Files: only the winner's two.
    const added = (await listKeys('vehiculos/')).filter((k) => !keysBefore.has(k));
    expect(added).toEqual([`vehiculos/${id}/documentos/soat`, `vehiculos/${id}/fotos/frente`]);

    // A loser whose files were taken got past the plate pre-check: the transaction's guard refused it
    // and its files were deleted. The others were refused before touching anything (their uploads wait).
    const waiting = new Set(await listKeys(`uploads/${adminSub}/`));
    const pastPrecheck = results.filter((r) => r.status === 409 && !waiting.has(`uploads/${adminSub}/${files[r.i]!.fotos.frente}`)).length;
    // All twenty pass the pre-check together (it reads before any write): the guard must do the work.
    expect(pastPrecheck, 'ninguna llegó a la transacción: la carrera no probó la guarda de placas').toBeGreaterThan(0);

    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `[flota] ${N} POST /vehiculos simultáneos con la misma placa: 1×201 + ${N - 1}×409 (${pastPrecheck} rechazadas por la transacción, ` +
        `${N - 1 - pastPrecheck} por la comprobación previa); latencia min ${ms[0]!.toFixed(0)} ms, p50 ${pct(ms, 50).toFixed(0)} ms, ` +
        `p95 ${pct(ms, 95).toFixed(0)} ms, max ${ms[N - 1]!.toFixed(0)} ms; ganadora ${winner.ms.toFixed(0)} ms`,
    );
  });

  it("allows the same plate in another company (each company's plates are its own)", async () => {
    const res = await api('/vehiculos', { token: andino, body: vehiculoNuevo({ placas: 'rac-123', email: 'rac123.andino@turismoandino.demo', tipo: 'Bus', capacidad: 40 }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ placas: 'RAC123', empresaAliada: 'demo-andino', empresa: 'Turismo Andino S.A.S.' });
    expect((await flota('demo-andino')).filter((v) => v.placas === 'RAC123').map((v) => v.id)).toEqual([res.json.id]);
    expect((await flota(empresaId)).filter((v) => v.placas === 'RAC123')).toHaveLength(1);
    expect(await guardaDePlaca('demo-andino', 'RAC123')).toEqual({ id: 'placa#demo-andino#RAC123', vehiculoId: res.json.id });
  });

  it('lets staff read the fleet and edit, but not create', async () => {
    const before = await flota('demo-transvalle');
    const refused = await api('/vehiculos', { token: staff, body: vehiculoNuevo({ placas: 'STF001', email: 'staff.intento@transvalle.demo' }) });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(VEHICULO_MSG.soloAdmin);
    expect(await flota('demo-transvalle')).toEqual(before);
    expect(await cuenta('staff.intento@transvalle.demo')).toBe('UserNotFoundException');

    const list = await api('/vehiculos', { token: staff });
    expect(list.status).toBe(200);
    expect((list.json.items as { id: string }[]).map((v) => v.id).sort()).toEqual(before.map((v) => v.id).sort());
    const det = await api(`/vehiculos/${VCK512}`, { token: staff });
    expect(det.status).toBe(200);
    expect(det.json.vehiculo).toMatchObject({ id: VCK512, placas: 'VCK512', empresaAliada: 'demo-transvalle' });
    const frente = await fetch(det.json.archivos.fotos.frente);
    expect(frente.status).toBe(200);
    expect(frente.headers.get('content-type')).toBe('image/png');

    const actual = (await guardado(SXT771))!;
    const edit = await api(`/vehiculos/${SXT771}`, { token: staff, method: 'PUT', body: edicionDe(actual, { direccion: 'Calle 13 # 23-33, Cali' }) });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect((await guardado(SXT771))!.direccion).toBe('Calle 13 # 23-33, Cali');
  });

  it("refuses a change of the driver's payout account from company staff: nothing changed, its new photo deleted", async () => {
    const antes = (await guardado(SXT771))!;
    const staffSub = subOf(staff);
    const claves = await listKeys(`vehiculos/${SXT771}/`);
    for (const cambio of [{ cuenta: '31122233344' }, { titular: 'Otra Persona' }, { banco: antes.banco === 'Nequi' ? 'Bancolombia' : 'Nequi' }, { tipocuenta: antes.tipocuenta === 'ahorros' ? 'corriente' : 'ahorros' }] as const) {
      const { fotos } = await subir(staff, { frente: [tinyJpeg(41), 'image/jpeg'] });
      const res = await api(`/vehiculos/${SXT771}`, { token: staff, method: 'PUT', body: edicionDe(antes, { ...cambio, telefono: '3009998877', fotos }) });
      expect(res.status, JSON.stringify(res.json)).toBe(403);
      expect(res.json.error.message).toBe(VEHICULO_MSG.soloAdminCuenta);
      expect(await guardado(SXT771)).toEqual(antes);
      expect(await listKeys(`uploads/${staffSub}/`)).not.toContain(`uploads/${staffSub}/${fotos.frente}`);
    }
    expect(await listKeys(`vehiculos/${SXT771}/`)).toEqual(claves);
  });

  it('stamps whoever set the account that stays when two edits land at once; a stale staff form cannot put the old one back', async () => {
    const KLM903 = 'veh-demo-transvalle-005';
    const adminValle = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    const original = (await guardado(KLM903))!;
    try {
      // Each round: the admin changes the account while the operator saves a form opened before, with
      // the account as it was. Landing first, that form changes nothing of the account; landing last, it
      // would put the old one back, which only an admin may, so it is refused (its first read may still
      // see the old account: the write's condition fails, and the read after it sees the change).
      for (let ronda = 0; ronda < 6; ronda++) {
        const v = (await guardado(KLM903))!;
        const inicio = Date.now();
        const nueva = `31${String(ronda).padStart(2, '0')}${String(inicio).slice(-7)}`;
        const [a, b] = await Promise.all([
          api(`/vehiculos/${KLM903}`, { token: adminValle, method: 'PUT', body: edicionDe(v, { cuenta: nueva }) }),
          api(`/vehiculos/${KLM903}`, { token: staff, method: 'PUT', body: edicionDe(v) }),
        ]);
        expect(a.status, JSON.stringify(a.json)).toBe(200);
        expect([200, 403], JSON.stringify(b.json)).toContain(b.status);
        if (b.status === 403) expect(b.json.error.message).toBe(VEHICULO_MSG.soloAdminCuenta);
        const despues = (await guardado(KLM903))!;
        expect(despues.cuenta).toBe(nueva);
        expect(despues.cuentaCambiada?.por).toBe(DEMO_USERS.admin);
        expect(Date.parse(despues.cuentaCambiada!.en)).toBeGreaterThanOrEqual(inicio - 1000);
      }
    } finally {
      await docClient().send(
        new UpdateCommand({
          TableName: table('vehiculos'),
          Key: { id: KLM903 },
          UpdateExpression: 'SET cuenta = :c, titular = :t REMOVE cuentaCambiada',
          ExpressionAttributeValues: { ':c': original.cuenta, ':t': original.titular },
        }),
      );
    }
  });

  it('lets an expired, unchanged date stand while other fields are edited, but refuses a new past date', async () => {
    const before = (await guardado(SXT771))!;
    expect(before.placas).toBe('SXT771');
    expect(before.fechasoat < enDias(0)).toBe(true);
    const ok = await api(`/vehiculos/${SXT771}`, { token: staff, method: 'PUT', body: edicionDe(before, { telefono: '3160001122' }) });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const after = (await guardado(SXT771))!;
    expect(after).toMatchObject({ telefono: '3160001122', fechasoat: before.fechasoat });

    const message = VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS.fechasoat);
    for (const fecha of [enDias(-2), enDias(0)]) {
      const res = await api(`/vehiculos/${SXT771}`, { token: staff, method: 'PUT', body: edicionDe(after, { fechasoat: fecha, telefono: '3160009999' }) });
      expect(res.status, fecha).toBe(400);
      expect(res.json.error.message, fecha).toBe(message);
      expect(res.json.error.details.fields, fecha).toEqual([{ path: 'fechasoat', message }]);
    }
    expect(await guardado(SXT771)).toEqual(after);
  });

  it("keeps each company's fleet its own: not found, unchanged, unlisted, and no borrowed uploads", async () => {
    const transvalle = await flota('demo-transvalle');
    const before = (await guardado(VCK512))!;
    const keys = await listKeys(`vehiculos/${VCK512}/`);
    const frenteUrl = async () => (await api(`/vehiculos/${VCK512}`, { token: staff })).json.archivos.fotos.frente as string;
    const frenteAntes = await bytesDe(await frenteUrl());

    const get = await api(`/vehiculos/${VCK512}`, { token: andino });
    expect(get.status).toBe(404);
    expect(get.json.error.message).toBe(VEHICULO_MSG.noEncontrado);
    // A plate guard shares the table but is no vehicle, not even for its own company.
    const guard = await api(`/vehiculos/${encodeURIComponent('placa#demo-transvalle#VCK512')}`, { token: staff });
    expect(guard.status).toBe(404);
    expect(guard.json.error.message).toBe(VEHICULO_MSG.noEncontrado);

    // An edit with the andino admin's own new photo: not found, and neither the record nor its files change.
    const { fotos } = await subir(andino, { frente: [solidPng(12, 12, [9, 9, 200]), 'image/png'] });
    const put = await api(`/vehiculos/${VCK512}`, { token: andino, method: 'PUT', body: edicionDe(before, { telefono: '3000000000', fotos }) });
    expect(put.status).toBe(404);
    expect(put.json.error.message).toBe(VEHICULO_MSG.noEncontrado);
    expect(await guardado(VCK512)).toEqual(before);
    expect(await listKeys(`vehiculos/${VCK512}/`)).toEqual(keys);
    expect((await bytesDe(await frenteUrl())).equals(frenteAntes)).toBe(true);

    // Its list is its own fleet only.
    const list = await api('/vehiculos', { token: andino });
    const ids = (list.json.items as { id: string }[]).map((v) => v.id).sort();
    expect(ids).toEqual((await flota('demo-andino')).map((v) => v.id).sort());
    expect(ids.filter((id) => transvalle.some((v) => v.id === id))).toEqual([]);

    // A transvalle user's waiting photo cannot be put in an andino record (tickets are their uploader's).
    const ajeno = await subir(staff, { frente: [solidPng(6, 6, [1, 2, 3]), 'image/png'] });
    const propio = (await guardado((await flota('demo-andino')).find((v) => v.placas === 'AND101')!.id))!;
    const robo = await api(`/vehiculos/${propio.id}`, { token: andino, method: 'PUT', body: edicionDe(propio, { fotos: ajeno.fotos }) });
    expect(robo.status).toBe(400);
    expect(robo.json.error.message).toBe(PERFIL_MSG.fotoNoSubida);
    expect(await guardado(propio.id)).toEqual(propio);
    expect(await listKeys(`vehiculos/${propio.id}/`)).toEqual([]);
    const nuevo = await api('/vehiculos', { token: andino, body: vehiculoNuevo({ placas: 'AJN001', email: 'ajeno@turismoandino.demo', fotos: ajeno.fotos }) });
    expect(nuevo.status).toBe(400);
    expect(nuevo.json.error.message).toBe(PERFIL_MSG.fotoNoSubida);
    expect(await guardaDePlaca('demo-andino', 'AJN001')).toBeUndefined();
    expect(await cuenta('ajeno@turismoandino.demo')).toBe('UserNotFoundException');
    // The photo still waits for its uploader.
    expect(await listKeys(`uploads/${subOf(staff)}/`)).toContain(`uploads/${subOf(staff)}/${ajeno.fotos.frente}`);
  });
});
