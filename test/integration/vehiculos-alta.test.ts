import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { AdminGetUserCommand, AdminListGroupsForUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { INITIAL_RATING, INVITATION_EMAIL } from '@shared/constants.js';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO, UPLOAD_KINDS } from '@shared/domain/uploads.js';
import { DIGITOS_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { VEHICULO_CAMPOS, VEHICULO_RESUMEN_CAMPOS, type Vehiculo } from '@shared/schemas/vehiculo.js';
import { FECHAS_FUTURAS, type VehiculoNuevoInput } from '@shared/schemas/vehiculo-formulario.js';
import { api, cognitoClient, docClient, idToken, lastCodeFor, listKeys, PDF_BYTES, solidPng, stack, table } from '../support/clients.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { bytesDe, cuenta, EMPRESA_NOMBRE, empresaDeFlota, flota, guardado, guardaDePlaca, subir, SXT771, ultimoCorreo, type Archivo } from '../support/integracion-vehiculos.js';
import { edicionDe, enDias, tinyJpeg, tinyWebp, vehiculoNuevo } from '../support/vehiculos.js';

/**
 * Creating a vehicle through the fleet API (docs/spec/02.md sections 2.7, 5.3, 6): what a creation stores
 * and sends, the plate check, the spec's refusals, and the list and types it changes. Vehicles are created
 * in a company of this file's own; the demo company serves for staff. One stack, tests in order.
 */

// Some tests list every vehicle's files in the bucket: the fleet's files take turns (integracion-turnos.ts).
// The last compares the demo company's fleet list across requests, to which the assignment's files add vehicles.
turnoDe('vehiculos', 'asignacion');

const usuarioGuardado = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id } }))).Item;

describe('fleet API', () => {
  let admin: string;
  let empresaId: string;
  let adminSub: string;
  let staff: string;
  /** The vehicle made in the first test, with its files. */
  let creado: Vehiculo;
  let archivosCreados: Record<string, Uint8Array>;
  /** A photo sent only with refused bodies: never taken, so still usable. */
  let fotoEnEspera: string;

  beforeAll(async () => {
    ({ admin, adminSub, empresaId } = await empresaDeFlota('flota.alta@flotaprueba.demo'));
    staff = await idToken(DEMO_USERS.staff, DEMO_PASSWORD);
  });

  it('creates a vehicle with 5 photos and 4 documents: defaults, files at the spec paths, list, details, driver account', async () => {
    archivosCreados = {
      'fotos/frente': solidPng(40, 30, [200, 20, 20]),
      'fotos/lateral': tinyJpeg(1),
      'fotos/interior': tinyWebp(2),
      'fotos/perspectiva': solidPng(40, 30, [20, 200, 20]),
      'fotos/tablero': tinyJpeg(3),
      'documentos/licenciaConducir': PDF_BYTES,
      'documentos/rut': solidPng(20, 20, [5, 5, 5]),
      'documentos/soat': PDF_BYTES,
      'documentos/tarjetaPropiedad': tinyJpeg(4),
    };
    const mime = (b: Uint8Array) => (b[0] === 0x89 ? 'image/png' : b[0] === 0xff ? 'image/jpeg' : b[0] === 0x25 ? 'application/pdf' : 'image/webp');
    const pick = (group: 'fotos' | 'documentos') =>
      Object.fromEntries(
        Object.entries(archivosCreados)
          .filter(([k]) => k.startsWith(`${group}/`))
          .map(([k, b]) => [k.slice(group.length + 1), [b, mime(b)] as Archivo]),
      );
    const ids = await subir(admin, pick('fotos'), pick('documentos'));
    const email = 'Conductor.Uno@FlotaPrueba.demo';
    const started = Date.now();
    // Fields the API sets are not the caller's to send: they are dropped, whatever they say.
    const ajenos = { id: 'mi-id', empresaAliada: 'demo-transvalle', empresa: 'Otra', rating: 1, validado: false, viajesRealizados: 99, conductorId: 'x', codigo: 'XXXXXX' };
    const res = await api('/vehiculos', { token: admin, body: { ...vehiculoNuevo({ placas: 'prb-101', email, ...ids }), ...ajenos } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    creado = res.json as Vehiculo;
    const id = creado.id;

    // The record: the spec's defaults, the plate upper case, the company's, the driver linked.
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(creado).toMatchObject({
      codigo: id.slice(-6),
      placas: 'PRB101',
      email: 'conductor.uno@flotaprueba.demo',
      empresaAliada: empresaId,
      empresa: EMPRESA_NOMBRE,
      rating: INITIAL_RATING,
      validado: true,
      fotosVehiculo: true,
      documentosVehiculo: true,
      viajesRealizados: 0,
      comisionesAcumuladas: 0,
      aire: true,
      wifi: true,
      tv: false,
      conductorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(Date.parse(creado.fechaCreacion)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(creado.fechaCreacion)).toBeLessThanOrEqual(Date.now());
    expect(creado.updatedAt).toBeUndefined();
    expect(creado.fotos).toEqual(Object.fromEntries(FOTOS_VEHICULO.map((s) => [s, `vehiculos/${id}/fotos/${s}`])));
    expect(creado.documentos).toEqual(Object.fromEntries(DOCUMENTOS_VEHICULO.map((s) => [s, `vehiculos/${id}/documentos/${s}`])));
    expect(await guardado(id)).toEqual(creado);
    // Its driver joins the provider panel's active drivers (a company's vehicle is validated at creation).
    const indice = (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id }, ProjectionExpression: 'estadoProveedor, busqueda, aviso, proximoAviso' }))).Item;
    expect(indice).toMatchObject({ estadoProveedor: 'conductor#activo', busqueda: expect.stringContaining('prb101') });
    // And the expiry alerts' index, due today: the next daily run looks at its dates (docs/decisions/0015).
    expect(indice).toMatchObject({ aviso: 'pendiente', proximoAviso: hoyEnBogota() });
    expect(await guardaDePlaca(empresaId, 'PRB101')).toEqual({ id: `placa#${empresaId}#PRB101`, vehiculoId: id });

    // Files: exactly the nine, at the spec paths; no waiting upload left.
    expect(await listKeys(`vehiculos/${id}/`)).toEqual(Object.keys(archivosCreados).map((k) => `vehiculos/${id}/${k}`).sort());
    expect(await listKeys(`uploads/${adminSub}/`)).toEqual([]);

    // The list shows it, with the list's fields only.
    const list = await api('/vehiculos', { token: admin });
    expect(list.status).toBe(200);
    const row = (list.json.items as Record<string, unknown>[]).find((v) => v.id === id);
    expect(row).toEqual(Object.fromEntries(VEHICULO_RESUMEN_CAMPOS.map((c) => [c, creado[c]])));

    // The details: the record and working short-lived URLs (the bytes are the ones uploaded).
    const det = await api(`/vehiculos/${id}`, { token: admin });
    expect(det.status).toBe(200);
    expect(det.json.vehiculo).toEqual(creado);
    for (const s of FOTOS_VEHICULO) expect(det.json.archivos.fotos[s]).toMatch(/^http/);
    for (const s of DOCUMENTOS_VEHICULO) expect(det.json.archivos.documentos[s]).toMatch(/^http/);
    // Staff's own notes on the driver stay with staff.
    await docClient().send(new UpdateCommand({ TableName: table('vehiculos'), Key: { id }, UpdateExpression: 'SET motivoSuspension = :m, bienvenidaEnviada = :b', ExpressionAttributeValues: { ':m': 'Queja de un cliente', ':b': new Date().toISOString() } }));
    const conNotas = (await api(`/vehiculos/${id}`, { token: admin })).json.vehiculo;
    expect(conNotas).not.toHaveProperty('motivoSuspension');
    expect(conNotas).not.toHaveProperty('bienvenidaEnviada');
    await docClient().send(new UpdateCommand({ TableName: table('vehiculos'), Key: { id }, UpdateExpression: 'REMOVE motivoSuspension, bienvenidaEnviada' }));
    expect((await bytesDe(det.json.archivos.fotos.interior)).equals(Buffer.from(archivosCreados['fotos/interior']!))).toBe(true);
    expect((await bytesDe(det.json.archivos.documentos.licenciaConducir)).equals(Buffer.from(PDF_BYTES))).toBe(true);

    // The driver: an invited Cognito account in group conductor, and a record pointing at the vehicle.
    const driver = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: creado.email }));
    expect(driver.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const attrs = Object.fromEntries((driver.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    expect(attrs).toMatchObject({ sub: creado.conductorId, email: creado.email, email_verified: 'true', given_name: creado.nombre });
    // cognito-local matches group members by the pool's own user name (the sub here), not by an alias.
    const groups = await cognitoClient().send(new AdminListGroupsForUserCommand({ UserPoolId: stack().userPoolId, Username: driver.Username }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['conductor']);
    expect(await usuarioGuardado(creado.conductorId!)).toMatchObject({
      id: creado.conductorId,
      email: creado.email,
      role: 'conductor',
      empresaId,
      vehiculoId: id,
      movil: creado.telefono,
    });
    // The invitation in the outbox carries a temporary password that signs in to a new-password challenge.
    const correo = ultimoCorreo(creado.email);
    expect(correo).toContain(`Asunto: ${INVITATION_EMAIL.subject}`);
    const temporal = lastCodeFor(creado.email);
    expect(temporal).toBeTruthy();
    const signIn = await cognitoClient().send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: creado.email, PASSWORD: temporal! } }),
    );
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('checks a plate while typing: normalised, per company, malformed refused', async () => {
    expect((await api('/vehiculos/placas/prb-101', { token: admin })).json).toEqual({ placas: 'PRB101', disponible: false });
    expect((await api('/vehiculos/placas/abc-123', { token: admin })).json).toEqual({ placas: 'ABC123', disponible: true });
    // Another company's namespace: its own plates only.
    expect((await api('/vehiculos/placas/PRB101', { token: staff })).json).toEqual({ placas: 'PRB101', disponible: true });
    expect((await api('/vehiculos/placas/vck512', { token: staff })).json).toEqual({ placas: 'VCK512', disponible: false });
    for (const bad of ['AB-12', 'ABC1234']) {
      const res = await api(`/vehiculos/placas/${bad}`, { token: admin });
      expect(res.status, bad).toBe(400);
      expect(res.json.error.message, bad).toBe(VEHICULO_MSG.placas);
    }
  });

  it("refuses each of the spec's rules with its message, creating nothing", async () => {
    // One waiting photo sent with every refused body: validation comes first, so it is never taken.
    const { fotos } = await subir(admin, { frente: [solidPng(8, 8, [1, 1, 1]), 'image/png'] });
    const { placas: _p, ...sinPlacas } = vehiculoNuevo();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['teléfono de 9 dígitos', { telefono: '315123456' }, 'telefono', DIGITOS_MSG.telefonoCorto],
      ['cuenta de 9 dígitos', { cuenta: '045123456' }, 'cuenta', DIGITOS_MSG.cuentaCorta],
      ['placas de 5', { placas: 'RGL12' }, 'placas', VEHICULO_MSG.placas],
      ['placas de 7', { placas: 'RGL1234' }, 'placas', VEHICULO_MSG.placas],
      ['RUT de 5 dígitos', { rut: '12345' }, 'rut', VEHICULO_MSG.rut],
      ['capacidad 0', { capacidad: 0 }, 'capacidad', VEHICULO_MSG.capacidad],
      ['capacidad 51', { capacidad: 51 }, 'capacidad', VEHICULO_MSG.capacidad],
      ['SOAT hoy', { fechasoat: enDias(0) }, 'fechasoat', VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS.fechasoat)],
      ['SOAT vencido', { fechasoat: enDias(-1) }, 'fechasoat', VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS.fechasoat)],
      ['revisión técnica hoy', { vencimientoRevisionTecnica: enDias(0) }, 'vencimientoRevisionTecnica', VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS.vencimientoRevisionTecnica)],
      ['tarjeta de operación vencida', { vencimientoTarjetaOperacion: enDias(-30) }, 'vencimientoTarjetaOperacion', VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS.vencimientoTarjetaOperacion)],
      ['términos sin aceptar', { terminos: false }, 'terminos', VEHICULO_MSG.terminos],
    ];
    const before = { fleet: await flota(empresaId), keys: await listKeys('vehiculos/') };
    const emails: string[] = [];
    const send = async (name: string, body: Record<string, unknown>, path: string, message: string, i: number) => {
      const email = `regla.${i}@flotaprueba.demo`;
      emails.push(email);
      const res = await api('/vehiculos', { token: admin, body: { ...body, email, fotos } });
      expect(res.status, name).toBe(400);
      expect(res.json.error.message, name).toBe(message);
      expect(res.json.error.details.fields, name).toEqual([{ path, message }]);
    };
    for (const [i, [name, change, path, message]] of cases.entries()) await send(name, vehiculoNuevo({ placas: `RGL${100 + i}`, ...change } as Partial<VehiculoNuevoInput>), path, message, i);
    await send('sin placas', sinPlacas, 'placas', VEHICULO_MSG.requerido(VEHICULO_CAMPOS.placas), cases.length);
    expect(VEHICULO_MSG.requerido(VEHICULO_CAMPOS.placas)).toBe('El campo Placas es requerido');

    expect(await flota(empresaId)).toEqual(before.fleet);
    expect(await listKeys('vehiculos/')).toEqual(before.keys);
    expect(await Promise.all(emails.map(cuenta))).toEqual(emails.map(() => 'UserNotFoundException'));
    for (const [i] of cases.entries()) expect(await guardaDePlaca(empresaId, `RGL${100 + i}`)).toBeUndefined();
    // The photo was never taken: it still waits (the last test creates a vehicle with it).
    expect(await listKeys(`uploads/${adminSub}/`)).toEqual([`uploads/${adminSub}/${fotos.frente}`]);
    fotoEnEspera = fotos.frente!;
  });

  it('refuses a photo whose bytes are not an image: spec message, no vehicle, account or object', async () => {
    const texto = new TextEncoder().encode('esto no es una imagen, es texto plano');
    const { fotos, documentos } = await subir(admin, { frente: [texto, 'image/png'], lateral: [tinyJpeg(9), 'image/jpeg'] }, { soat: [PDF_BYTES, 'application/pdf'] });
    const before = { fleet: await flota(empresaId), keys: await listKeys('vehiculos/') };
    const email = 'archivo.malo@flotaprueba.demo';
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'BAD001', email, fotos, documentos }) });
    expect(res.status).toBe(400);
    const message = UPLOAD_KINDS.fotoVehiculo.wrongType({ name: 'archivo', size: texto.length, type: null });
    expect(message).toMatch(/^Tipo de archivo no soportado: /);
    expect(res.json.error.message).toBe(message);
    expect(await flota(empresaId)).toEqual(before.fleet);
    expect(await listKeys('vehiculos/')).toEqual(before.keys);
    expect(await cuenta(email)).toBe('UserNotFoundException');
    expect(await guardaDePlaca(empresaId, 'BAD001')).toBeUndefined();
  });

  it('keeps the good files of a refused request: the refused one is deleted, a retry without it uses the others', async () => {
    const exe = new TextEncoder().encode('MZ\x90\x00 esto es un ejecutable, no un documento');
    const frente = tinyJpeg(21);
    // Uploads other tests left waiting on purpose are not this test's.
    const antes = await listKeys(`uploads/${adminSub}/`);
    const esperando = async () => (await listKeys(`uploads/${adminSub}/`)).filter((k) => !antes.includes(k));
    const { fotos, documentos: { soat } } = await subir(admin, { frente: [frente, 'image/jpeg'] }, { soat: [PDF_BYTES, 'application/pdf'] });
    // The bad document by hand: its presigned POST is posted to again later.
    const ticket = (await api('/uploads', { token: admin, body: { kind: 'documentoVehiculo', contentType: 'application/pdf', size: PDF_BYTES.length, fileName: 'rut.pdf' } })).json;
    const postear = async (bytes: Uint8Array) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(ticket.fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }));
      expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    };
    await postear(exe);
    const documentos = { soat: soat!, rut: ticket.uploadId as string };
    const email = 'reintento@flotaprueba.demo';
    const refused = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'RET001', email, fotos, documentos }) });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(UPLOAD_KINDS.documentoVehiculo.wrongType({ name: 'rut.pdf', size: exe.length, type: null }));
    expect(refused.json.error.details.items.map((i: { message: string | null }) => i.message !== null)).toEqual([false, true, false]); // frente, then the documents in slot order (rut before soat)
    expect(await esperando()).toEqual([fotos.frente, documentos.soat].map((id) => `uploads/${adminSub}/${id}`).sort());

    const retry = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'RET001', email, fotos, documentos: { soat } }) });
    expect(retry.status, JSON.stringify(retry.json)).toBe(201);
    const det = await api(`/vehiculos/${retry.json.id}`, { token: admin });
    expect((await bytesDe(det.json.archivos.fotos.frente)).equals(Buffer.from(frente))).toBe(true);
    expect((await bytesDe(det.json.archivos.documentos.soat)).equals(Buffer.from(PDF_BYTES))).toBe(true);
    expect(await esperando()).toEqual([]);
    // The refused document's ticket is used up: a real PDF re-posted to it is never taken.
    await postear(PDF_BYTES);
    const again = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'RET002', email: 'reintento2@flotaprueba.demo', documentos: { rut: documentos.rut } }) });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe(UPLOAD_KINDS.documentoVehiculo.noSubido);
  });

  it('refuses a repeated plate (any case) and a driver e-mail that already has an account, creating nothing', async () => {
    const before = { fleet: await flota(empresaId), keys: await listKeys('vehiculos/') };
    const dup = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'prb101', email: 'repetida@flotaprueba.demo' }) });
    expect(dup.status).toBe(409);
    expect(dup.json.error.message).toBe(VEHICULO_MSG.placaDuplicada('PRB101'));
    expect(await cuenta('repetida@flotaprueba.demo')).toBe('UserNotFoundException');
    for (const email of [DEMO_USERS.conductor, DEMO_USERS.staff, creado.email.toUpperCase()]) {
      const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'MAIL01', email }) });
      expect(res.status, email).toBe(409);
      expect(res.json.error.message, email).toBe(VEHICULO_MSG.correoConductorEnUso);
    }
    expect(await flota(empresaId)).toEqual(before.fleet);
    expect(await listKeys('vehiculos/')).toEqual(before.keys);
    expect(await guardaDePlaca(empresaId, 'MAIL01')).toBeUndefined();
    // The existing accounts are untouched (the refused creation did not undo someone else's account).
    expect(await cuenta(DEMO_USERS.conductor)).toBe('CONFIRMED');
    expect(await cuenta(creado.email)).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('answers the list and the types with an ETag: 304 when unchanged, a new one after a change', async () => {
    const first = await api('/vehiculos', { token: staff });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await api('/vehiculos', { token: staff, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.json).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);

    // A phone is not in the list: same list, same ETag. A name is: new ETag, new content.
    const v = (await guardado(SXT771))!;
    expect((await api(`/vehiculos/${SXT771}`, { token: staff, method: 'PUT', body: edicionDe(v, { telefono: '3160003344' }) })).status).toBe(200);
    expect((await api('/vehiculos', { token: staff, headers: { 'if-none-match': etag! } })).status).toBe(304);
    expect((await api(`/vehiculos/${SXT771}`, { token: staff, method: 'PUT', body: edicionDe(v, { nombre: 'Héctor Fabio Caicedo Mina' }) })).status).toBe(200);
    const changed = await api('/vehiculos', { token: staff, headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((changed.json.items as Vehiculo[]).find((x) => x.id === SXT771)!.nombre).toBe('Héctor Fabio Caicedo Mina');

    // Types: transvalle's distinct types, sorted as Spanish sorts them.
    const tipos = await api('/vehiculos/tipos', { token: staff });
    expect(tipos.status).toBe(200);
    const stored = [...new Set((await flota('demo-transvalle')).map((x) => x.tipo))].sort((a, b) => a.localeCompare(b, 'es'));
    expect(tipos.json).toEqual({ tipos: stored });
    expect(stored).toEqual(['Automovil', 'Bus', 'Buseta', 'Chiva', 'Minivan', 'Suv', 'Van']);
    const tag = tipos.headers.get('etag')!;
    expect((await api('/vehiculos/tipos', { token: staff, headers: { 'if-none-match': tag } })).status).toBe(304);

    // A new type in this file's company changes its types' ETag.
    const mine = await api('/vehiculos/tipos', { token: admin });
    expect(mine.json).toEqual({ tipos: ['Van'] });
    const mineTag = mine.headers.get('etag')!;
    expect((await api('/vehiculos/tipos', { token: admin, headers: { 'if-none-match': mineTag } })).status).toBe(304);
    const chiva = await api('/vehiculos', {
      token: admin,
      body: vehiculoNuevo({ placas: 'CHV777', email: 'chiva@flotaprueba.demo', tipo: 'Chiva', capacidad: 36, fotos: { frente: fotoEnEspera } }),
    });
    expect(chiva.status, JSON.stringify(chiva.json)).toBe(201);
    expect(await listKeys(`vehiculos/${chiva.json.id}/`)).toEqual([`vehiculos/${chiva.json.id}/fotos/frente`]);
    const after = await api('/vehiculos/tipos', { token: admin, headers: { 'if-none-match': mineTag } });
    expect(after.status).toBe(200);
    expect(after.json).toEqual({ tipos: ['Chiva', 'Van'] });
    expect(after.headers.get('etag')).not.toBe(mineTag);
  });
});
