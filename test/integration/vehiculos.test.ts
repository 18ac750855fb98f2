import { AdminDeleteUserCommand, AdminDisableUserCommand, AdminGetUserCommand, AdminListGroupsForUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { INITIAL_RATING, INVITATION_EMAIL } from '@shared/constants.js';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO, UPLOAD_KINDS } from '@shared/domain/uploads.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { DIGITOS_MSG, PERFIL_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { VEHICULO_CAMPOS, VEHICULO_RESUMEN_CAMPOS, type DocumentoVehiculo, type FotoVehiculo, type Vehiculo } from '@shared/schemas/vehiculo.js';
import { FECHAS_CON_DOCUMENTO, FECHAS_FUTURAS, SOLO_LECTURA, type VehiculoNuevoInput } from '@shared/schemas/vehiculo-formulario.js';
import { api, cognitoClient, docClient, idToken, lastCodeFor, listKeys, newCompanyAdmin, PDF_BYTES, solidPng, stack, subOf, table, upload } from '../support/clients.js';
import { edicionDe, enDias, tinyJpeg, tinyWebp, vehiculoNuevo } from '../support/vehiculos.js';

/**
 * The fleet API (docs/spec/02.md sections 2.7, 5.3, 6) on the local stack. Vehicles are created in a company
 * of this file's own (so other files' counts of the demo company stay put); the demo companies serve
 * for staff, cross-company and expiry cases. One stack, tests in order.
 */

type Archivo = [bytes: Uint8Array, mime: string];

const EMPRESA_NOMBRE = 'Transportes Flota de Prueba S.A.S.';
const SXT771 = 'veh-demo-transvalle-004';
const VCK512 = 'veh-demo-transvalle-001';

/** Uploads files the way the form does (a ticket each, then S3) and returns the slot → uploadId maps. */
async function subir(token: string, fotos: Partial<Record<FotoVehiculo, Archivo>>, documentos: Partial<Record<DocumentoVehiculo, Archivo>> = {}) {
  const up = async <K extends string>(kind: string, files: Partial<Record<K, Archivo>>) =>
    Object.fromEntries(await Promise.all(Object.entries<Archivo>(files as Record<K, Archivo>).map(async ([slot, [bytes, mime]]) => [slot, await upload(token, kind, bytes, mime)]))) as Partial<
      Record<K, string>
    >;
  const [f, d] = await Promise.all([up('fotoVehiculo', fotos), up('documentoVehiculo', documentos)]);
  return { fotos: f, documentos: d };
}

/** The company's vehicles as stored, read through the fleet index (what the list route queries). */
async function flota(empresaId: string): Promise<Vehiculo[]> {
  const res = await docClient().send(
    new QueryCommand({ TableName: table('vehiculos'), IndexName: 'byEmpresaAliada', KeyConditionExpression: 'empresaAliada = :e', ExpressionAttributeValues: { ':e': empresaId } }),
  );
  return (res.Items ?? []) as Vehiculo[];
}

/** The stored vehicle without the provider panel's index attributes (the API never shows them). */
async function guardado(id: string): Promise<Vehiculo | undefined> {
  const item = (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id } }))).Item;
  if (!item) return undefined;
  const { estadoProveedor: _e, busqueda: _b, ...vehiculo } = item;
  return vehiculo as Vehiculo;
}
const guardaDePlaca = async (empresaId: string, placas: string) =>
  (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: `placa#${empresaId}#${placas}` } }))).Item;
const usuarioGuardado = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id } }))).Item;

/** Cognito's status of an account, or the error's name ('UserNotFoundException') when there is none. */
const cuenta = (email: string) =>
  cognitoClient()
    .send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }))
    .then(
      (u) => u.UserStatus ?? 'sin estado',
      (err: Error) => err.name,
    );

/** The latest outbox message to an address (the local stand-in for Cognito's e-mail), whole. */
function ultimoCorreo(email: string): string | undefined {
  const dir = stack().outboxDir;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.txt')).sort().reverse()) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (text.startsWith(`Para: ${email.toLowerCase()}\n`)) return text;
  }
  return undefined;
}

const bytesDe = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

describe('fleet API', () => {
  let admin: string;
  let empresaId: string;
  let adminSub: string;
  let staff: string;
  let andino: string;
  /** The vehicle made in the first test, with its files. */
  let creado: Vehiculo;
  let archivosCreados: Record<string, Uint8Array>;
  /** A photo sent only with refused bodies: never taken, so still usable. */
  let fotoEnEspera: string;

  beforeAll(async () => {
    // A company of this file's own, completed the way the console does it (profile, then a corporate photo).
    admin = await newCompanyAdmin('flota.admin@flotaprueba.demo', 'Secreta123!', EMPRESA_NOMBRE);
    adminSub = subOf(admin);
    const perfil = await api('/perfil', {
      token: admin,
      method: 'PUT',
      body: {
        nombres: 'Rosa', apellidos: 'Quintero', movil: '3001112233', puesto: 'CEO', empresa: EMPRESA_NOMBRE, ciudad: 'Cali', departamento: 'Valle del Cauca',
        pais: 'Colombia', direccion: 'Cra. 4 # 5-6', banco: 'Bancolombia', tipocuenta: 'ahorros', cuenta: '12345678901', titular: EMPRESA_NOMBRE, rut: '900222333',
      },
    });
    expect(perfil.status).toBe(200);
    const foto = await upload(admin, 'fotoCorporativa', solidPng(32, 18, [0, 90, 90]), 'image/png');
    const confirm = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: [foto] } });
    expect(confirm.json.perfilCompleto).toBe(true);
    empresaId = confirm.json.empresa.id;
    [staff, andino] = await Promise.all([idToken(DEMO_USERS.staff, DEMO_PASSWORD), idToken(DEMO_USERS.admin3, DEMO_PASSWORD)]);
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
    const indice = (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id }, ProjectionExpression: 'estadoProveedor, busqueda' }))).Item;
    expect(indice).toMatchObject({ estadoProveedor: 'conductor#activo', busqueda: expect.stringContaining('prb101') });
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

  it("sends the driver's invitation again while the driver has not signed in: a new temporary password, once in 5 minutes, only to its company", async () => {
    const det = await api(`/vehiculos/${creado.id}`, { token: admin });
    expect(det.json.cuentaConductor).toBe('pendiente');
    const primera = lastCodeFor(creado.email)!;
    const signInCon = (password: string) =>
      cognitoClient()
        .send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: creado.email, PASSWORD: password } }))
        .then((r) => r.ChallengeName, (e: Error) => e.name);

    // Not another company's, nor the driver's or staff's to send.
    expect((await api(`/vehiculos/${creado.id}/invitacion`, { token: andino, method: 'POST', body: {} })).status).toBe(404);
    const plataforma = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
    expect((await api(`/vehiculos/${creado.id}/invitacion`, { token: plataforma, method: 'POST', body: {} })).status).toBe(403);
    expect(lastCodeFor(creado.email)).toBe(primera);

    // Two at once (a double click): one goes out.
    const t = Date.now();
    const dos = await Promise.all([0, 1].map(() => api(`/vehiculos/${creado.id}/invitacion`, { token: admin, method: 'POST', body: {} })));
    expect(dos.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = dos.find((r) => r.status === 200)!;
    expect(ok.json.mensaje).toBe(VEHICULO_MSG.invitacionReenviada(creado.email));
    expect(dos.find((r) => r.status === 409)!.json.error.message).toBe(VEHICULO_MSG.invitacionReciente);
    const stamp = (await guardado(creado.id))!.invitacionEn!;
    expect(Date.parse(stamp)).toBeGreaterThanOrEqual(t - 1000);
    const correos = readdirSync(stack().outboxDir).filter((f) => f.endsWith('.txt') && readFileSync(join(stack().outboxDir, f), 'utf8').startsWith(`Para: ${creado.email}\n`));
    expect(correos).toHaveLength(2);
    expect(ultimoCorreo(creado.email)).toContain(`Asunto: ${INVITATION_EMAIL.subject}`);
    // A new temporary password, that signs in to the new-password challenge. (That the first no longer
    // does cannot be seen here: cognito-local answers the challenge before checking the password.)
    const segunda = lastCodeFor(creado.email)!;
    expect(segunda).not.toBe(primera);
    expect(await signInCon(segunda)).toBe('NEW_PASSWORD_REQUIRED');
    // Again within 5 minutes: refused, nothing sent.
    const otra = await api(`/vehiculos/${creado.id}/invitacion`, { token: admin, method: 'POST', body: {} });
    expect(otra.status).toBe(409);
    expect(lastCodeFor(creado.email)).toBe(segunda);
    expect((await guardado(creado.id))!.invitacionEn).toBe(stamp);

    // A driver who already signed in needs none: refused, and no stamp written.
    const valle = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    expect((await api(`/vehiculos/${VCK512}`, { token: valle })).json.cuentaConductor).toBe('activa');
    const activa = await api(`/vehiculos/${VCK512}/invitacion`, { token: valle, method: 'POST', body: {} });
    expect(activa.status).toBe(409);
    expect(activa.json.error.message).toBe(VEHICULO_MSG.cuentaConductorActiva);
    expect((await guardado(VCK512))!.invitacionEn).toBeUndefined();
    // The demo's other drivers were invited and have not signed in.
    expect((await api('/vehiculos/veh-demo-transvalle-006', { token: valle })).json.cuentaConductor).toBe('pendiente');
  });

  it("sends the invitation again at most 5 times a day (Bogotá's), and again the next day", async () => {
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'INV305', email: 'cinco.veces@flotaprueba.demo' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = (res.json as Vehiculo).id;
    const reenviar = () => api(`/vehiculos/${id}/invitacion`, { token: admin, method: 'POST', body: {} });
    // The 5-minute wait is the other rule: each resend here is dated 6 minutes back before the next.
    const atrasar = (campos: Record<string, unknown>) =>
      docClient().send(
        new UpdateCommand({
          TableName: table('vehiculos'),
          Key: { id },
          UpdateExpression: `SET ${Object.keys(campos).map((k) => `${k} = :${k}`).join(', ')}`,
          ExpressionAttributeValues: Object.fromEntries(Object.entries(campos).map(([k, v]) => [`:${k}`, v])),
        }),
      );
    const haceSeis = () => new Date(Date.now() - 6 * 60_000).toISOString();
    for (let i = 1; i <= 5; i++) {
      expect((await reenviar()).status, `reenvío ${i}`).toBe(200);
      expect((await guardado(id))!.reenviosInvitacion).toEqual({ dia: hoyEnBogota(), n: i });
      await atrasar({ invitacionEn: haceSeis() });
    }
    const codigo = lastCodeFor('cinco.veces@flotaprueba.demo');
    expect(await reenviar()).toMatchObject({ status: 409, json: { error: { message: VEHICULO_MSG.invitacionLimiteDiario } } });
    expect(lastCodeFor('cinco.veces@flotaprueba.demo')).toBe(codigo);
    // The count is the day's: yesterday's five hold nothing back today.
    await atrasar({ reenviosInvitacion: { dia: '2020-01-01', n: 5 } });
    expect((await reenviar()).status).toBe(200);
    expect((await guardado(id))!.reenviosInvitacion).toEqual({ dia: hoyEnBogota(), n: 1 });
    expect(lastCodeFor('cinco.veces@flotaprueba.demo')).not.toBe(codigo);
  });

  it("sends no invitation to a disabled driver, nor to another company's driver who took the e-mail of a deleted account", async () => {
    const pool = { UserPoolId: stack().userPoolId };
    const nuevo = async (token: string, placas: string, email: string) => {
      const res = await api('/vehiculos', { token, body: vehiculoNuevo({ placas, email }) });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json as Vehiculo;
    };
    // Disabled by ops: said so, and nothing sent.
    const apagado = await nuevo(admin, 'INV201', 'desactivado@flotaprueba.demo');
    await cognitoClient().send(new AdminDisableUserCommand({ ...pool, Username: apagado.email }));
    expect((await api(`/vehiculos/${apagado.id}`, { token: admin })).json.cuentaConductor).toBe('desactivada');
    const codigo = lastCodeFor(apagado.email);
    const res = await api(`/vehiculos/${apagado.id}/invitacion`, { token: admin, method: 'POST', body: {} });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(VEHICULO_MSG.cuentaConductorDesactivada);
    expect(lastCodeFor(apagado.email)).toBe(codigo);

    // An account deleted outside the API frees its e-mail; another company's new driver takes it. That
    // account is not this vehicle's driver's: neither its state nor its password is this company's to touch.
    const borrado = await nuevo(admin, 'INV202', 'reusado@flotaprueba.demo');
    await cognitoClient().send(new AdminDeleteUserCommand({ ...pool, Username: borrado.email }));
    expect((await api(`/vehiculos/${borrado.id}`, { token: admin })).json.cuentaConductor).toBe('sin-cuenta');
    await nuevo(andino, 'INV902', 'reusado@flotaprueba.demo');
    const suyo = lastCodeFor(borrado.email);
    expect((await api(`/vehiculos/${borrado.id}`, { token: admin })).json.cuentaConductor).toBe('sin-cuenta');
    const ajena = await api(`/vehiculos/${borrado.id}/invitacion`, { token: admin, method: 'POST', body: {} });
    expect(ajena.status).toBe(409);
    expect(ajena.json.error.message).toBe(VEHICULO_MSG.sinCuentaConductor);
    expect(lastCodeFor(borrado.email)).toBe(suyo);
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

  it('refuses each read-only field on an edit, naming it, and changes nothing', async () => {
    const before = (await guardado(creado.id))!;
    const otros: Record<(typeof SOLO_LECTURA)[number], unknown> = {
      placas: 'ZZZ999', marca: 'Otra', modelo: '1999', tipo: 'Bus', capacidad: 30, color: 'Rojo', email: 'otro@flotaprueba.demo', licencia: 'LT0000001',
    };
    for (const campo of SOLO_LECTURA) {
      for (const valor of [otros[campo], before[campo]]) {
        const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: { ...edicionDe(before, { telefono: '3009998877' }), [campo]: valor } });
        const message = VEHICULO_MSG.soloLectura(VEHICULO_CAMPOS[campo]);
        expect(res.status, campo).toBe(400);
        expect(res.json.error.message, campo).toBe(message);
        expect(res.json.error.details.fields, campo).toEqual([{ path: campo, message }]);
      }
    }
    expect(VEHICULO_MSG.soloLectura(VEHICULO_CAMPOS.placas)).toBe('El campo Placas no se puede modificar');
    expect(await guardado(creado.id)).toEqual(before);
  });

  it('takes a later SOAT or licence expiry only with the new document uploaded with it', async () => {
    for (const [campo, slot] of Object.entries(FECHAS_CON_DOCUMENTO) as [keyof typeof FECHAS_CON_DOCUMENTO, 'soat' | 'licenciaConducir'][]) {
      const before = (await guardado(creado.id))!;
      const despues = new Date(Date.parse(`${before[campo]}T12:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
      const sinDocumento = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { [campo]: despues }) });
      expect(sinDocumento.status, campo).toBe(400);
      expect(sinDocumento.json.error.details.fields, campo).toEqual([{ path: campo, message: VEHICULO_MSG.documentoParaFecha[campo] }]);
      expect(await guardado(creado.id)).toEqual(before);
      const documento = await upload(admin, 'documentoVehiculo', PDF_BYTES, 'application/pdf');
      const conDocumento = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { [campo]: despues, documentos: { [slot]: documento } }) });
      expect(conDocumento.status, JSON.stringify(conDocumento.json)).toBe(200);
      expect((await guardado(creado.id))![campo]).toBe(despues);
    }
  });

  it('edits only the editable fields and stamps updatedAt', async () => {
    const before = (await guardado(creado.id))!;
    const t = Date.now();
    // An earlier SOAT date needs no new document (a later one does, below).
    const cambios = { nombre: 'Pedro Pablo Prieto Díaz', telefono: '3009998877', direccion: 'Avenida 6N # 25-10', aire: false, tv: true, fechasoat: enDias(100) };
    // Fields the API keeps to itself are dropped, not written (the company, the rating, the validation...).
    const ajenos = { empresaAliada: 'demo-andino', empresa: 'Otra', rating: 1, validado: false, viajesRealizados: 7, conductorId: 'x', fechaCreacion: new Date(0).toISOString(), updatedAt: new Date(0).toISOString() };
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: { ...edicionDe(before, cambios), ...ajenos } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = (await guardado(creado.id))!;
    expect(res.json.vehiculo).toEqual(after);
    expect(Date.parse(after.updatedAt!)).toBeGreaterThanOrEqual(t - 1000);
    const changed = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k as keyof Vehiculo]) !== JSON.stringify(after[k as keyof Vehiculo]));
    expect(changed.sort()).toEqual([...Object.keys(cambios), 'updatedAt'].sort());
    expect(after).toMatchObject(cambios);
  });

  it("stamps a change of the bank data with when and who, and only a change", async () => {
    const before = (await guardado(creado.id))!;
    expect(before.cuentaCambiada).toBeUndefined();
    const t = Date.now();
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { cuenta: '99887766554', titular: 'Otra Persona' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const stamp = (await guardado(creado.id))!.cuentaCambiada!;
    expect(stamp.por).toBe('flota.admin@flotaprueba.demo');
    // The account before, for staff to compare with.
    expect(stamp.anterior).toEqual({ banco: before.banco, tipocuenta: before.tipocuenta, cuenta: before.cuenta, titular: before.titular });
    expect(Date.parse(stamp.en)).toBeGreaterThanOrEqual(t - 1000);
    expect(res.json.vehiculo.cuentaCambiada).toEqual(stamp);
    // Another edit that leaves the account as it is keeps the stamp of the change.
    const otra = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe((await guardado(creado.id))!, { telefono: '3001231234' }) });
    expect(otra.status).toBe(200);
    expect((await guardado(creado.id))!.cuentaCambiada).toEqual(stamp);
  });

  it('replaces one photo under a new key and deletes the one it replaced, leaving the other files as they were', async () => {
    const keys = await listKeys(`vehiculos/${creado.id}/`);
    const nueva = tinyJpeg(77);
    const { fotos } = await subir(admin, { frente: [nueva, 'image/jpeg'] });
    const before = (await guardado(creado.id))!;
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { fotos }) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = (await guardado(creado.id))!;
    const nuevaClave = `vehiculos/${creado.id}/fotos/frente-${fotos.frente}`;
    expect(after.fotos).toEqual({ ...before.fotos, frente: nuevaClave });
    expect(after.documentos).toEqual(before.documentos);
    expect(after.updatedAt! > before.updatedAt!).toBe(true);
    expect(await listKeys(`vehiculos/${creado.id}/`)).toEqual(keys.map((k) => (k === before.fotos.frente ? nuevaClave : k)).sort());
    expect(await listKeys(`uploads/${adminSub}/`)).not.toContain(`uploads/${adminSub}/${fotos.frente}`);

    const urls = res.json.archivos;
    const frente = await bytesDe(urls.fotos.frente);
    expect(frente.equals(Buffer.from(nueva))).toBe(true);
    expect(frente.equals(Buffer.from(archivosCreados['fotos/frente']!))).toBe(false);
    for (const s of FOTOS_VEHICULO.filter((x) => x !== 'frente')) expect((await bytesDe(urls.fotos[s])).equals(Buffer.from(archivosCreados[`fotos/${s}`]!)), s).toBe(true);
    for (const s of DOCUMENTOS_VEHICULO) expect((await bytesDe(urls.documentos[s])).equals(Buffer.from(archivosCreados[`documentos/${s}`]!)), s).toBe(true);
  });

  it('keeps both files of two edits at once that fill different slots, and leaves no orphan', async () => {
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'CON123', email: 'concurrente@flota.demo' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = res.json.id as string;
    const [a, b] = await Promise.all([subir(admin, { lateral: [tinyJpeg(5), 'image/jpeg'] }), subir(admin, {}, { soat: [PDF_BYTES, 'application/pdf'] })]);
    const stored = (await guardado(id))!;
    const both = await Promise.all([
      api(`/vehiculos/${id}`, { token: admin, method: 'PUT', body: edicionDe(stored, { fotos: a.fotos }) }),
      api(`/vehiculos/${id}`, { token: admin, method: 'PUT', body: edicionDe(stored, { documentos: b.documentos }) }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const after = (await guardado(id))!;
    expect(after.fotos.lateral).toBe(`vehiculos/${id}/fotos/lateral-${a.fotos.lateral}`);
    expect(after.documentos.soat).toBe(`vehiculos/${id}/documentos/soat-${b.documentos.soat}`);
    // Every object under the vehicle is recorded in its slots.
    const recorded = [...Object.values(after.fotos), ...Object.values(after.documentos)].filter(Boolean).sort();
    expect(await listKeys(`vehiculos/${id}/`)).toEqual(recorded);
  });

  it('edits racing for one slot: the stored photo is one whose edit answered 200, a refused edit leaves no file', async () => {
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'CON124', email: 'concurrente.dos@flota.demo' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = res.json.id as string;
    const N = 10;
    let refusadas = 0;
    for (let ronda = 0; ronda < 4 && !refusadas; ronda++) {
      const fotos = Array.from({ length: N }, (_, i) => solidPng(8, 8, [ronda * 40, i * 20, 0]));
      const subidas = await Promise.all(fotos.map((f) => subir(admin, { frente: [f, 'image/png'] })));
      const stored = (await guardado(id))!;
      const results = await Promise.all(subidas.map((s) => api(`/vehiculos/${id}`, { token: admin, method: 'PUT', body: edicionDe(stored, { fotos: s.fotos }) })));
      expect([...new Set(results.map((r) => r.status))].sort(), JSON.stringify(results.filter((r) => r.status !== 200).map((r) => r.json))).toEqual(
        results.some((r) => r.status === 409) ? [200, 409] : [200],
      );
      for (const r of results.filter((x) => x.status === 409)) expect(r.json.error.message).toBe(VEHICULO_MSG.edicionConcurrente);
      refusadas += results.filter((r) => r.status === 409).length;
      const after = (await guardado(id))!;
      const ganadoras = subidas.filter((_, i) => results[i]!.status === 200).map((s) => `vehiculos/${id}/fotos/frente-${s.fotos.frente}`);
      expect(ganadoras).toContain(after.fotos.frente);
      // What the vehicle shows is the photo of an edit that answered 200, never a refused one's.
      const mostrada = await bytesDe((await api(`/vehiculos/${id}`, { token: admin })).json.archivos.fotos.frente as string);
      const cual = fotos.findIndex((f) => mostrada.equals(Buffer.from(f)));
      expect(results[cual]?.status).toBe(200);
      // Every object under the vehicle is recorded: the replaced photos and the refused edits' are gone.
      const recorded = [...Object.values(after.fotos), ...Object.values(after.documentos)].filter(Boolean).sort();
      expect(await listKeys(`vehiculos/${id}/`)).toEqual(recorded);
    }
    expect(refusadas, 'ninguna edición fue rechazada: la carrera no probó el camino del 409').toBeGreaterThan(0);
  });

  it('keeps the characteristics an edit leaves out, and answers 404 to an id no vehicle could have', async () => {
    const stored = (await guardado(creado.id))!;
    const body: Record<string, unknown> = { ...edicionDe(stored, { telefono: '3001230000' }) };
    for (const k of ['aire', 'wifi', 'tv', 'usb', 'sillasreclinables', 'sillasestandard', 'bodega', 'parrilla', 'portabicicletas', 'bilingue']) delete body[k];
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = (await guardado(creado.id))!;
    expect(after.telefono).toBe('3001230000');
    expect({ aire: after.aire, wifi: after.wifi }).toEqual({ aire: stored.aire, wifi: stored.wifi });

    for (const id of ['x'.repeat(2049), encodeURIComponent('ü'.repeat(1100)), 'placa%23demo-transvalle%23VCK512']) {
      const got = await api(`/vehiculos/${id}`, { token: admin });
      expect(got.status).toBe(404);
      expect(got.json.error.message).toBe(VEHICULO_MSG.noEncontrado);
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
