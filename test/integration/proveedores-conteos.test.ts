import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MSG } from '@shared/schemas/messages.js';
import { INTEGRACION_MSG } from '@shared/schemas/messages-servicios.js';
import { CORREO_BIENVENIDA, PROVEEDOR_MSG } from '@shared/schemas/proveedores.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, docClient, idToken, listKeys, PDF_BYTES, solidPng, stack, table } from '../support/clients.js';
import { panelDeProveedores } from '../support/integracion-proveedores.js';
import { appApi, subirComoApp } from '../support/servicios.js';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';

/**
 * The provider panel's API (issue "provider validation panel"): counts, validation, welcome e-mails,
 * suspension and the provider apps' registration, with the counts each moves. Every test that moves a
 * count or checks one is here, in order: another file moving them meanwhile would change what these
 * compare. The panel's reads and refusals that change nothing are in proveedores-consultas.test.ts.
 */
let plataforma: string;
let admin: string;
beforeAll(async () => {
  plataforma = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
  admin = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
});

const { conteos, pagina, detalle, accion, versionVista, validarVersion } = panelDeProveedores(() => plataforma);
/**
 * The counts a refused action must leave as they were: every list but 'conductores', which grows with any
 * vehicle another integration file registers at that moment (they run beside this one).
 */
const conteosQuietos = async () => {
  const { conductores: _, ...resto } = await conteos();
  return resto;
};

/** The number of records the state index holds under a key (what the counter must equal). */
async function enIndice(tabla: 'vehiculos' | 'proveedores', clave: string): Promise<number> {
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const r = await docClient().send(
      new QueryCommand({ TableName: table(tabla), IndexName: 'porEstadoProveedor', KeyConditionExpression: 'estadoProveedor = :e', ExpressionAttributeValues: { ':e': clave }, Select: 'COUNT', ExclusiveStartKey }),
    );
    total += r.Count ?? 0;
    ExclusiveStartKey = r.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return total;
}

/** The outbox's messages to an address, newest last. */
function correosPara(email: string): string[] {
  const dir = stack().outboxDir;
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((t) => t.startsWith(`Para: ${email}\n`));
}

describe('provider panel: counts and lists', () => {
  it('counts every list from maintained counters, equal to what the state index holds (seed: at least 5 each)', async () => {
    const c = await conteos();
    expect(Object.keys(c).sort()).toEqual(['conductores', 'conductores-nuevos', 'conductores-por-validar', 'guias', 'guias-nuevos', 'guias-por-validar', 'operadores', 'operadores-nuevos'].sort());
    for (const n of Object.values(c)) expect(n).toBeGreaterThanOrEqual(5);
    // The lists this file alone changes are checked against the index itself.
    expect(c['guias-por-validar']).toBe(await enIndice('proveedores', 'guia#por-validar'));
    expect(c['operadores']).toBe(await enIndice('proveedores', 'operador#activo'));
    expect(c['conductores-nuevos']).toBe(await enIndice('vehiculos', 'conductor#nuevo'));
  });

  it('answers 304 to an unchanged poll of the counts', async () => {
    const first = await api('/plataforma/proveedores/resumen', { token: plataforma });
    const again = await api('/plataforma/proveedores/resumen', { token: plataforma, headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe('provider panel: actions', () => {
  it('validates a driver to validate once: it moves to the active list, the counts follow, the trail says who', async () => {
    const antes = await conteos();
    const r = await accion('conductor', 'veh-referido-008', 'validar');
    expect(r.status).toBe(200);
    expect(r.json.lista).toBe('conductores');
    const despues = await conteos();
    expect(despues['conductores-por-validar']).toBe(antes['conductores-por-validar']! - 1);
    expect(despues['conductores']).toBeGreaterThanOrEqual(antes['conductores']! + 1);
    for (const q of ['NVP310', 'nvp-310']) expect((await pagina('conductores', `?q=${q}`)).json.items, q).toHaveLength(1);
    expect(r.json.historial.at(-1)).toMatchObject({ accion: 'validacion', quien: { tipo: 'usuario', nombre: DEMO_USERS.plataforma }, antes: { validado: false }, despues: { validado: true, documentosVehiculo: true, suspendido: false } });
    // Again: nothing changes.
    expect(await accion('conductor', 'veh-referido-008', 'validar')).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.yaValidado } } });
    expect((await conteos())['conductores-por-validar']).toBe(despues['conductores-por-validar']);
  });

  it('of five simultaneous validations of one guide, one wins and the count moves once', async () => {
    const antes = await conteos();
    const version = await versionVista('guia', 'guia-demo-007');
    const results = await Promise.all(Array.from({ length: 5 }, () => validarVersion('guia', 'guia-demo-007', version)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const despues = await conteos();
    expect(despues['guias-por-validar']).toBe(antes['guias-por-validar']! - 1);
    expect(despues['guias']).toBe(antes['guias']! + 1);
    expect(despues['guias-por-validar']).toBe(await enIndice('proveedores', 'guia#por-validar'));
    expect(despues['guias']).toBe(await enIndice('proveedores', 'guia#activo'));
  });

  it('validates only the version staff looked at: an app update in between is a 409 and changes nothing', async () => {
    const id = 'guia-demo-010';
    const vista = await detalle('guia', id);
    expect(vista.json).toMatchObject({ lista: 'guias-por-validar', version: expect.any(String) });
    const cuenta = (vista.json.datos as { etiqueta: string; valor: string }[]).find((x) => x.etiqueta === 'Cuenta')!.valor;
    // The guide's app changes the bank account while staff read the old one.
    const perfil = { nombre: 'Cristian Camilo Otero', email: 'cristian.otero@guias.demo', telefono: '3107001212', direccion: 'Calle 29 # 14-19, Cali', rnt: '46233', rut: '1107087579', banco: 'BBVA', tipocuenta: 'ahorros', cuenta: '3109998877', titular: 'Cristian Camilo Otero' };
    expect((await appApi('PUT', `/integracion/proveedores/guias/${id}`, perfil, { app: 'proveedores' })).status).toBe(200);
    const antes = await conteosQuietos();
    expect(await validarVersion('guia', id, vista.json.version)).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.cambioEnRevision } } });
    expect(await conteosQuietos()).toEqual(antes);
    // What staff see now is the new account, with a new version; validating that one works.
    const nueva = await detalle('guia', id);
    expect(nueva.json).toMatchObject({ lista: 'guias-por-validar' });
    expect(nueva.json.version).not.toBe(vista.json.version);
    expect(JSON.stringify(nueva.json.datos)).toContain('3109998877');
    expect(cuenta).not.toContain('3109998877');
    expect(await validarVersion('guia', id, nueva.json.version)).toMatchObject({ status: 200, json: { lista: 'guias' } });
  });

  it("refuses to validate a driver whose vehicle record was edited after staff read it", async () => {
    const id = 'veh-referido-009';
    const vista = await detalle('conductor', id);
    expect(vista.json.lista).toBe('conductores-por-validar');
    // The company's edit (PUT /vehiculos/{id}) sets the field and `updatedAt`; the referral programme's
    // vehicles have no company user to sign in, so the edit is written as that route writes it.
    await docClient().send(
      new UpdateCommand({ TableName: table('vehiculos'), Key: { id }, UpdateExpression: 'SET soat = :s, updatedAt = :u', ExpressionAttributeValues: { ':s': 'AT-9999999', ':u': new Date().toISOString() } }),
    );
    expect(await validarVersion('conductor', id, vista.json.version)).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.cambioEnRevision } } });
    expect((await detalle('conductor', id)).json.lista).toBe('conductores-por-validar');
    // Without a version the route says what to do, in Spanish; a wrong type too.
    expect(await api(`/plataforma/proveedores/conductor/${id}/validar`, { token: plataforma, method: 'POST', body: {} })).toMatchObject({ status: 400, json: { error: { message: PROVEEDOR_MSG.versionRequerida } } });
    expect(await validarVersion('conductor', id, 7)).toMatchObject({ status: 400, json: { error: { message: PROVEEDOR_MSG.versionRequerida } } });
    expect((await validarVersion('conductor', id, (await detalle('conductor', id)).json.version)).status).toBe(200);
  });

  it('refuses to validate a new driver or an operator, and an unknown id, changing nothing', async () => {
    const antes = await conteosQuietos();
    expect(await accion('conductor', 'veh-referido-001', 'validar')).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.noAplica('Validar Conductor') } } });
    expect((await accion('operador', 'operador-demo-001', 'validar')).status).toBe(409);
    expect(await accion('guia', 'guia-demo-999', 'validar')).toMatchObject({ status: 404, json: { error: { message: PROVEEDOR_MSG.noEncontrado } } });
    expect(await conteosQuietos()).toEqual(antes);
  });

  it('sends a new operator the welcome e-mail for real, once, and moves it to the active operators', async () => {
    const antes = await conteos();
    const r = await accion('operador', 'operador-demo-002', 'bienvenida');
    expect(r.status).toBe(200);
    expect(r.json.lista).toBe('operadores');
    const correos = correosPara('ventas@calitravel.demo');
    expect(correos).toHaveLength(1);
    expect(correos[0]).toContain(`Asunto: ${CORREO_BIENVENIDA.operador.subject}`);
    expect(correos[0]).toContain('Mariana López');
    const despues = await conteos();
    expect(despues['operadores-nuevos']).toBe(antes['operadores-nuevos']! - 1);
    expect(despues['operadores']).toBe(antes['operadores']! + 1);
    expect(await accion('operador', 'operador-demo-002', 'bienvenida')).toMatchObject({ status: 409 });
    expect(correosPara('ventas@calitravel.demo')).toHaveLength(1);
  });

  it('sends a new guide the e-mail asking for documents: it stays new, and a second send is refused', async () => {
    const r = await accion('guia', 'guia-demo-002', 'bienvenida');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ lista: 'guias-nuevos' });
    expect(r.json.fila.bienvenidaEnviada).toBeTruthy();
    // The list's row says it too.
    expect((await pagina('guias-nuevos', '?q=arboleda')).json.items[0]).toMatchObject({ id: 'guia-demo-002', bienvenidaEnviada: r.json.fila.bienvenidaEnviada });
    expect(correosPara('juan.arboleda@guias.demo')[0]).toContain(CORREO_BIENVENIDA.guia.subject);
    expect(await accion('guia', 'guia-demo-002', 'bienvenida')).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.bienvenidaYaEnviada } } });
    expect(correosPara('juan.arboleda@guias.demo')).toHaveLength(1);
  });

  it('suspends with a reason and reactivates, each once, in the trail', async () => {
    const url = '/plataforma/proveedores/guia/guia-demo-013/suspension';
    expect(await api(url, { token: plataforma, body: { suspendido: true } })).toMatchObject({ status: 400, json: { error: { message: PROVEEDOR_MSG.motivoRequerido } } });
    const s = await api(url, { token: plataforma, body: { suspendido: true, motivo: 'RNT vencido' } });
    expect(s).toMatchObject({ status: 200, json: { fila: { suspendido: true }, motivoSuspension: 'RNT vencido', lista: 'guias' } });
    expect(await api(url, { token: plataforma, body: { suspendido: true, motivo: 'otra vez' } })).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.yaSuspendido } } });
    const r = await api(url, { token: plataforma, body: { suspendido: false } });
    expect(r).toMatchObject({ status: 200, json: { fila: { suspendido: false } } });
    expect(r.json.historial.map((e: { accion: string }) => e.accion).slice(-2)).toEqual(['suspension', 'reactivacion']);
  });

  it('refuses a company admin every panel route (403 in Spanish), changing nothing', async () => {
    const antes = await conteosQuietos();
    expect(await api('/plataforma/proveedores/resumen', { token: admin })).toMatchObject({ status: 403, json: { error: { message: API_MSG.sinPermiso } } });
    expect(await accion('guia', 'guia-demo-008', 'validar', admin)).toMatchObject({ status: 403 });
    expect(await conteosQuietos()).toEqual(antes);
  });
});

describe('provider apps: registration and update (integration endpoints)', () => {
  it('registers a guide as new, then with profile and documents it moves to be validated', async () => {
    const id = randomUUID();
    const antes = await conteos();
    const alta = await appApi('PUT', `/integracion/proveedores/guias/${id}`, { nombre: 'Tatiana Escobar', email: 'Tatiana.Escobar@guias.demo', telefono: '3001112233' }, { app: 'proveedores' });
    expect(alta).toMatchObject({ status: 201, json: { id, lista: 'guias-nuevos' } });
    expect((await conteos())['guias-nuevos']).toBe(antes['guias-nuevos']! + 1);

    const foto = await subirComoApp('fotoProveedor', solidPng(40, 40, [10, 120, 200]), 'image/png');
    const rnt = await subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf');
    const perfil = { nombre: 'Tatiana Escobar', email: 'tatiana.escobar@guias.demo', telefono: '3001112233', direccion: 'Calle 9 # 8-7, Cali', rnt: '77881', rut: '1107999888', banco: 'Nequi', tipocuenta: 'ahorros', cuenta: '3001112233', titular: 'Tatiana Escobar' };
    // The whole profile with only the RNT document: still new (RUT and cédula missing).
    const parcial = await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, archivos: { foto, rnt } }, { app: 'proveedores' });
    expect(parcial).toMatchObject({ status: 200, json: { lista: 'guias-nuevos' } });
    const rut = await subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf');
    const cedula = await subirComoApp('documentoProveedor', solidPng(30, 20, [200, 200, 200]), 'image/png');
    const completa = await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, archivos: { rut, cedula } }, { app: 'proveedores' });
    expect(completa).toMatchObject({ status: 200, json: { lista: 'guias-por-validar' } });
    // Each file under a key of its own (its upload's id).
    expect(await listKeys(`proveedores/guia/${id}/`)).toEqual([`cedula-${cedula}`, `foto-${foto}`, `rnt-${rnt}`, `rut-${rut}`].map((k) => `proveedores/guia/${id}/${k}`));
    const d = await detalle('guia', id);
    expect(d.json.imagenUrl).toMatch(/^http/);
    expect(d.json.documentos.map((x: { nombre: string }) => x.nombre).sort()).toEqual(['Cédula', 'RUT', 'Registro Nacional de Turismo (RNT)']);
    expect(d.json.historial.map((e: { accion: string }) => e.accion)).toEqual(['registro', 'actualizacion', 'actualizacion']);
    const despues = await conteos();
    expect(despues['guias-nuevos']).toBe(antes['guias-nuevos']);
    expect(despues['guias-por-validar']).toBe(antes['guias-por-validar']! + 1);
    // The same ticket twice is refused: nothing changes.
    expect((await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, archivos: { rut: rnt } }, { app: 'proveedores' })).status).toBe(400);

    // Validated, then the app changes the bank account: the guide goes back to be validated.
    expect((await accion('guia', id, 'validar')).status).toBe(200);
    const cambio = await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, cuenta: '3777777777' }, { app: 'proveedores' });
    expect(cambio).toMatchObject({ status: 200, json: { lista: 'guias-por-validar' } });
    // A captured earlier update sent again cannot put back the old account.
    const vieja = { ...perfil, cuenta: '3666666666' };
    const capturada = cabecerasApp(stack().providerAppSecret, 'PUT', `/integracion/proveedores/guias/${id}`, JSON.stringify(vieja), new Date(), 'proveedores');
    expect((await api(`/integracion/proveedores/guias/${id}`, { method: 'PUT', body: vieja, headers: capturada })).status).toBe(200);
    expect((await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, cuenta: '3777777777' }, { app: 'proveedores' })).status).toBe(200);
    expect(await api(`/integracion/proveedores/guias/${id}`, { method: 'PUT', body: vieja, headers: capturada })).toMatchObject({ status: 409, json: { error: { message: INTEGRACION_MSG.firmaRepetida } } });
    expect(JSON.stringify((await detalle('guia', id)).json.datos)).toContain('3777777777');
    // The same data again (a retried call, signed again) keeps it where it is.
    expect(await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, cuenta: '3777777777' }, { app: 'proveedores' })).toMatchObject({ json: { lista: 'guias-por-validar' } });

    // Validated again: a new photo (the face staff checked) sends it back too, named in the trail.
    const actual = { ...perfil, cuenta: '3777777777' };
    expect((await accion('guia', id, 'validar')).status).toBe(200);
    const otraFoto = await subirComoApp('fotoProveedor', solidPng(40, 40, [200, 20, 20]), 'image/png');
    expect(await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...actual, archivos: { foto: otraFoto } }, { app: 'proveedores' })).toMatchObject({ status: 200, json: { lista: 'guias-por-validar' } });
    expect((await detalle('guia', id)).json.historial.at(-1)).toMatchObject({ accion: 'actualizacion', despues: { cambiados: 'foto' } });
    // A new e-mail and phone are how clients reach it, not what staff checked: it stays validated, and the trail says what changed.
    expect((await accion('guia', id, 'validar')).status).toBe(200);
    const contacto = await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...actual, email: 'tatiana.e@guias.demo', telefono: '3009998877' }, { app: 'proveedores' });
    expect(contacto).toMatchObject({ status: 200, json: { lista: 'guias' } });
    expect((await detalle('guia', id)).json.historial.at(-1)).toMatchObject({ accion: 'actualizacion', despues: { cambiados: 'correo, teléfono' } });
    // Nothing changed: nothing named.
    await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...actual, email: 'tatiana.e@guias.demo', telefono: '3009998877' }, { app: 'proveedores' });
    expect((await detalle('guia', id)).json.historial.at(-1).despues.cambiados).toBeUndefined();
  });

  it('replaces a document under a new key and deletes the old one; simultaneous updates leave no file unused', async () => {
    const id = randomUUID();
    const perfil = { nombre: 'Wilmer Caicedo', email: 'wilmer.caicedo@guias.demo', telefono: '3002223344', direccion: 'Calle 5 # 4-3, Cali', rnt: '66112', rut: '1107222333', banco: 'Nequi', tipocuenta: 'ahorros', cuenta: '3002223344', titular: 'Wilmer Caicedo' };
    const [rnt, rut, cedula] = [await subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf'), await subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf'), await subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf')];
    expect((await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, archivos: { rnt, rut, cedula } }, { app: 'proveedores' })).status).toBe(201);
    const vista = await detalle('guia', id);
    // A new RNT: the record points to it, the old file is gone, and the version staff saw is stale.
    const rnt2 = await subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf');
    expect((await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, archivos: { rnt: rnt2 } }, { app: 'proveedores' })).status).toBe(200);
    const prefijo = `proveedores/guia/${id}/`;
    expect(await listKeys(prefijo)).toEqual([`cedula-${cedula}`, `rnt-${rnt2}`, `rut-${rut}`].map((k) => prefijo + k));
    expect(await validarVersion('guia', id, vista.json.version)).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.cambioEnRevision } } });
    // Five updates at once, each with its own RNT: whichever win, the stored files are exactly the record's.
    const nuevos = await Promise.all(Array.from({ length: 5 }, () => subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf')));
    const results = await Promise.all(nuevos.map((n) => appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, archivos: { rnt: n } }, { app: 'proveedores' })));
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    // A loser is told to upload its files again: its uploads were used up and their files deleted.
    for (const r of results.filter((r) => r.status !== 200)) expect(r).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.cambioAlGuardarConArchivos } } });
    const guardado = (await docClient().send(new GetCommand({ TableName: table('proveedores'), Key: { id }, ConsistentRead: true }))).Item as { documentos: Record<string, string> };
    expect(guardado.documentos.rnt).toMatch(new RegExp(`^${prefijo}rnt-`));
    expect(await listKeys(prefijo)).toEqual(Object.values(guardado.documentos).sort());
  });

  it('refuses to validate a suspended provider (a suspension is lifted on purpose)', async () => {
    const url = '/plataforma/proveedores/guia/guia-demo-009/suspension';
    expect((await api(url, { token: plataforma, body: { suspendido: true, motivo: 'Documentos en revisión' } })).status).toBe(200);
    expect(await accion('guia', 'guia-demo-009', 'validar')).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.suspendidoNoValida } } });
    expect((await api(url, { token: plataforma, body: { suspendido: false } })).status).toBe(200);
  });

  it('registers an operator as new with a photo of the wrong type refused, leaving nothing behind', async () => {
    const id = randomUUID();
    const mala = await subirComoApp('fotoProveedor', PDF_BYTES, 'image/png');
    const r = await appApi('PUT', `/integracion/proveedores/operadores/${id}`, { nombre: 'Ana Ruiz', email: 'ana@tours.demo', telefono: '3001239876', empresa: 'Tours Ruiz', direccion: 'Calle 1', archivos: { foto: mala } }, { app: 'proveedores' });
    expect(r).toMatchObject({ status: 400, json: { error: { message: 'La foto debe ser JPG, PNG o WebP' } } });
    expect(await detalle('operador', id)).toMatchObject({ status: 404 });
    expect(await listKeys(`proveedores/operador/${id}/`)).toEqual([]);
    const ok = await appApi('PUT', `/integracion/proveedores/operadores/${id}`, { nombre: 'Ana Ruiz', email: 'ana@tours.demo', telefono: '3001239876', empresa: 'Tours Ruiz', direccion: 'Calle 1' }, { app: 'proveedores' });
    expect(ok).toMatchObject({ status: 201, json: { lista: 'operadores-nuevos' } });
  });
});
