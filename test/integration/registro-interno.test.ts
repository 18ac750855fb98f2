import { AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG, CORREO_INVITACION, CORREO_REGISTRO_AJENO, INVITACION_MSG, MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { api, cognitoClient, docClient, idToken, stack, table, ultimaInvitacionPara } from '../support/clients.js';

/** The local outbox's messages to an address, oldest first. */
const correosPara = (email: string) =>
  readdirSync(stack().outboxDir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(join(stack().outboxDir, f), 'utf8'))
    .filter((t) => t.startsWith(`Para: ${email}\n`));

/** The address's account in the user pool, or null. */
const cuentaDe = (email: string) =>
  cognitoClient()
    .send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }))
    .catch(() => null);

const body = (email: string, password = 'Equipo2026!') => ({ email, verifyEmail: email, password, verifyPassword: password });

describe('POST /usuarios (internal registration)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
  });

  it('refuses mismatched fields with the spec messages', async () => {
    const res = await api('/usuarios', { token: admin, body: { email: 'a@b', verifyEmail: 'x@y.co', password: '123', verifyPassword: '1234' } });
    expect(res.status).toBe(400);
    // Every problem at once: the mismatches with the fields' own (they came in a second round).
    expect(res.json.error.details.fields.map((f: { message: string }) => f.message)).toEqual([REGISTRO_MSG.email, REGISTRO_MSG.password, REGISTRO_MSG.emailsNoCoinciden, REGISTRO_MSG.passwordsNoCoinciden]);
    const mismatch = await api('/usuarios', { token: admin, body: { ...body('ana@transvalle.demo'), verifyEmail: 'otra@transvalle.demo', verifyPassword: 'Otra2026!' } });
    expect(mismatch.json.error.details.fields.map((f: { message: string }) => f.message)).toEqual([REGISTRO_MSG.emailsNoCoinciden, REGISTRO_MSG.passwordsNoCoinciden]);
  });

  it('is refused to staff, to admins with an incomplete profile and to anonymous callers', async () => {
    const staff = await api('/usuarios', { token: await idToken(DEMO_USERS.staff, DEMO_PASSWORD), body: body('nuevo1@transvalle.demo') });
    expect(staff.status).toBe(403);
    expect(staff.json.error.message).toBe(REGISTRO_MSG.soloAdmin);
    const incomplete = await api('/usuarios', { token: await idToken(DEMO_USERS.admin2, DEMO_PASSWORD), body: body('nuevo2@pacifico.demo') });
    expect(incomplete.status).toBe(403);
    expect(incomplete.json.error.message).toBe(API_MSG.perfilIncompleto);
    expect((await api('/usuarios', { body: body('nuevo3@transvalle.demo') })).status).toBe(401);
  });

  it('invites a staff user: no account until the link is opened with the password the admin chose, then one of the company, verified', async () => {
    const email = 'juliana.staff@transvalle.demo';
    const res = await api('/usuarios', { token: admin, body: body(email) });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), email });
    // Nothing in the user pool: the admin's password opens nothing yet (docs/decisions/0011).
    expect(await cuentaDe(email)).toBeNull();
    await expect(idToken(email, 'Equipo2026!')).rejects.toThrow();

    // The e-mail names the company and carries the link.
    const aviso = correosPara(email).at(-1)!;
    expect(aviso).toContain(CORREO_INVITACION.subject);
    expect(aviso).toContain('Transportes del Valle');
    const { enlace, ...invitacion } = ultimaInvitacionPara(email)!;
    expect(enlace).toMatch(/^http:\/\/localhost\/validar-cuenta#empresa=demo-transvalle&correo=/);

    // A wrong password counts a try and says how many are left; a wrong token counts nothing.
    const mala = await api('/registro/invitacion', { body: { ...invitacion, password: 'Otra2026!' } });
    expect(mala.status).toBe(400);
    expect(mala.json.error).toEqual({ code: 'contrasena-incorrecta', message: INVITACION_MSG.contrasena(4) });
    const ajeno = await api('/registro/invitacion', { body: { ...invitacion, token: 'x'.repeat(43), password: 'Equipo2026!' } });
    expect(ajeno.json.error).toEqual({ code: 'invitacion-invalida', message: INVITACION_MSG.invalida });
    expect((await api('/registro/invitacion', { body: { ...invitacion, password: 'Otra2026!' } })).json.error.message).toBe(INVITACION_MSG.contrasena(3));
    expect(await cuentaDe(email)).toBeNull();

    const buena = await api('/registro/invitacion', { body: { ...invitacion, password: 'Equipo2026!' } });
    expect(buena.status).toBe(200);
    expect(buena.json).toEqual({ email });
    expect(await cuentaDe(email)).toMatchObject({ UserStatus: 'CONFIRMED' });
    const me = await api('/me', { token: await idToken(email, 'Equipo2026!') });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ groups: ['user'], usuario: { role: 'user', email, rating: 5, perfil: false }, empresa: { id: 'demo-transvalle' } });
    expect(me.json.usuario).not.toHaveProperty('confirmacion');

    // The link is used up, and the address is now the company's: a repeat is the spec's 409.
    expect((await api('/registro/invitacion', { body: { ...invitacion, password: 'Equipo2026!' } })).json.error.code).toBe('invitacion-invalida');
    expect((await api('/usuarios', { token: admin, body: body(email) })).status).toBe(409);
  });

  it('stops a link after 5 wrong passwords; the admin can then invite the address again', async () => {
    const email = 'cinco.intentos@transvalle.demo';
    expect((await api('/usuarios', { token: admin, body: body(email) })).status).toBe(201);
    const { enlace: _e, ...invitacion } = ultimaInvitacionPara(email)!;
    const intentos = [];
    for (let i = 0; i < 5; i++) intentos.push((await api('/registro/invitacion', { body: { ...invitacion, password: `Mala${i}2026!` } })).json.error.message);
    expect(intentos).toEqual([4, 3, 2, 1, 0].map((n) => INVITACION_MSG.contrasena(n)));
    expect(intentos[3]).toBe('Esa no es la contraseña que te dio quien te registró. Te queda 1 intento.');
    // The right one no longer opens it.
    expect((await api('/registro/invitacion', { body: { ...invitacion, password: 'Equipo2026!' } })).json.error.code).toBe('invitacion-invalida');
    expect(await cuentaDe(email)).toBeNull();
    // A new invitation, with a new link.
    expect((await api('/usuarios', { token: admin, body: body(email) })).status).toBe(201);
    const nueva = ultimaInvitacionPara(email)!;
    expect(nueva.token).not.toBe(invitacion.token);
    expect((await api('/registro/invitacion', { body: { empresa: nueva.empresa, correo: nueva.correo, token: nueva.token, password: 'Equipo2026!' } })).status).toBe(200);
  });

  it('refuses a cut or altered link in Spanish, changing nothing', async () => {
    for (const cuerpo of [{}, { empresa: 'demo-transvalle', correo: 'no-es-correo', token: 'x'.repeat(43), password: 'a' }, { empresa: 'demo-transvalle', correo: 'a@b.co', token: 'corto', password: 'a' }]) {
      const res = await api('/registro/invitacion', { body: cuerpo });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(INVITACION_MSG.invalida);
    }
    const sinClave = await api('/registro/invitacion', { body: { empresa: 'demo-transvalle', correo: 'a@b.co', token: 'x'.repeat(43), password: '' } });
    expect(sinClave.json.error.details.fields).toEqual([{ path: 'password', message: INVITACION_MSG.contrasenaRequerida }]);
  });

  it('answers 409 for an e-mail that already has an account in the company, creating nothing', async () => {
    const res = await api('/usuarios', { token: admin, body: body(DEMO_USERS.staff) });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(REGISTRO_MSG.yaEnEmpresa);
  });

  it("tells another company nothing of an address registered elsewhere: the same answers, a repeat's included, and a notice to its owner (docs/decisions/0009, 0011)", async () => {
    const andino = await idToken(DEMO_USERS.admin3, DEMO_PASSWORD);
    const correosAntes = correosPara(DEMO_USERS.staff).length;
    const nuevaDireccion = `nuevo.${Date.now().toString(36)}@turismoandino.demo`;
    const ajena = await api('/usuarios', { token: andino, body: body(DEMO_USERS.staff) });
    const nueva = await api('/usuarios', { token: andino, body: body(nuevaDireccion) });
    // The same status and the same shape: nothing tells the two apart.
    expect(ajena.status).toBe(201);
    expect(nueva.status).toBe(201);
    expect(ajena.json).toEqual({ id: expect.any(String), email: DEMO_USERS.staff });
    expect(Object.keys(ajena.json).sort()).toEqual(Object.keys(nueva.json).sort());
    // Sent again, both are the company's own invitations now: the same 409.
    const repetidas = await Promise.all([DEMO_USERS.staff, nuevaDireccion].map(async (e) => (await api('/usuarios', { token: andino, body: body(e) })).json.error));
    expect(repetidas[0]).toEqual(repetidas[1]);
    expect(repetidas[0].message).toBe(REGISTRO_MSG.yaEnEmpresa);
    // The password the admin chose opens neither: the new address has no account until its link is opened.
    await expect(idToken(nuevaDireccion, 'Equipo2026!')).rejects.toThrow();
    await expect(idToken(DEMO_USERS.staff, 'Equipo2026!')).rejects.toThrow();
    // Nothing was made or changed: the account is still Transportes del Valle's staff.
    expect((await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id: ajena.json.id } }))).Item).toBeUndefined();
    expect((await api('/me', { token: await idToken(DEMO_USERS.staff, DEMO_PASSWORD) })).json).toMatchObject({ usuario: { empresaId: 'demo-transvalle', role: 'user' } });
    // Its owner is told, by the company's name, and gets no link.
    const correos = correosPara(DEMO_USERS.staff);
    expect(correos.length).toBe(correosAntes + 1);
    expect(correos.at(-1)).toContain(CORREO_REGISTRO_AJENO.subject);
    expect(correos.at(-1)).toContain('Turismo Andino S.A.S.');
    expect(correos.at(-1)).not.toContain('validar-cuenta');
  });

  it('lets two companies invite the same new address: the first link opened makes the account, the other then says the address has one', async () => {
    const email = `doble.${Date.now().toString(36)}@correo.demo`;
    const andino = await idToken(DEMO_USERS.admin3, DEMO_PASSWORD);
    expect((await api('/usuarios', { token: admin, body: body(email) })).status).toBe(201);
    const { enlace: _a, ...deValle } = ultimaInvitacionPara(email)!;
    expect((await api('/usuarios', { token: andino, body: body(email, 'Andino2026!') })).status).toBe(201);
    const { enlace: _b, ...deAndino } = ultimaInvitacionPara(email)!;
    expect(deAndino.empresa).not.toBe(deValle.empresa);

    expect((await api('/registro/invitacion', { body: { ...deAndino, password: 'Andino2026!' } })).status).toBe(200);
    const tarde = await api('/registro/invitacion', { body: { ...deValle, password: 'Equipo2026!' } });
    expect(tarde.status).toBe(409);
    expect(tarde.json.error).toEqual({ code: 'cuenta-existente', message: INVITACION_MSG.cuentaExiste });
    // The account is Turismo Andino's, with its admin's password.
    expect((await api('/me', { token: await idToken(email, 'Andino2026!') })).json.empresa.empresa).toBe('Turismo Andino S.A.S.');
  });

  it("applies the one password rule: 6 characters pass (and become the account's), 5 are refused with the spec message", async () => {
    const short = await api('/usuarios', { token: admin, body: body('corta@transvalle.demo', 'abcde') });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toBe(REGISTRO_MSG.password);
    expect((await api('/usuarios', { token: admin, body: body('simple@transvalle.demo', 'abcdef') })).status).toBe(201);
    const { enlace: _e, ...invitacion } = ultimaInvitacionPara('simple@transvalle.demo')!;
    expect((await api('/registro/invitacion', { body: { ...invitacion, password: 'abcdef' } })).status).toBe(200);
    expect((await api('/me', { token: await idToken('simple@transvalle.demo', 'abcdef') })).status).toBe(200);
  });

  it('refuses a direct Cognito SignUp with anything that once passed as a staff proof: only the API makes accounts', async () => {
    const email = 'colado.staff@ermita.demo';
    const forged = cognitoClient().send(
      new SignUpCommand({
        ClientId: stack().userPoolClientId,
        Username: email,
        Password: 'Colado2026!',
        UserAttributes: [{ Name: 'email', Value: email }],
        ClientMetadata: { registroInterno: 'inventado' },
      }),
    );
    await expect(forged).rejects.toThrow(MSG.claveIncorrecta);
  });
});
