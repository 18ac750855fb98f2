import { AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG, CORREO_REGISTRO_AJENO, MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { api, cognitoClient, confirmarCodigo, docClient, idToken, lastCodeFor, stack, table } from '../support/clients.js';

/** The local outbox's messages to an address, oldest first. */
const correosPara = (email: string) =>
  readdirSync(stack().outboxDir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(join(stack().outboxDir, f), 'utf8'))
    .filter((t) => t.startsWith(`Para: ${email}\n`));

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

  it('creates a staff user in the caller company who verifies the e-mail, then signs in as user', async () => {
    const email = 'juliana.staff@transvalle.demo';
    const res = await api('/usuarios', { token: admin, body: body(email) });
    expect(res.status).toBe(201);
    const { Item } = await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id: res.json.id } }));
    expect(Item).toMatchObject({ email, empresaId: 'demo-transvalle', role: 'user', rating: 5, perfil: false });

    // Not verified yet: the API refuses its token and sends it to the code screen.
    expect((await api('/me', { token: await idToken(email, 'Equipo2026!') })).json.error.code).toBe('correo-sin-verificar');
    const firstCode = lastCodeFor(email);
    // The code's e-mail names the company that registered them and who has the password.
    const aviso = correosPara(email).at(-1)!;
    expect(aviso).toContain('Transportes del Valle');
    expect(aviso).toContain('Pide tu contraseña a quien te registró');
    // A new code can be asked for; the first one stops working, the latest one confirms.
    const sesion = await idToken(email, 'Equipo2026!');
    expect((await api('/registro/codigo', { token: sesion, method: 'POST' })).status).toBe(204);
    const code = lastCodeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(code).not.toBe(firstCode);
    const viejo = await api('/registro/confirmar', { token: sesion, body: { codigo: firstCode } });
    expect(viejo.json.error).toEqual({ code: 'codigo-incorrecto', message: REGISTRO_MSG.codigoIncorrecto });
    await confirmarCodigo(email, 'Equipo2026!');

    const me = await api('/me', { token: await idToken(email, 'Equipo2026!') });
    expect(me.json).toMatchObject({ groups: ['user'], usuario: { role: 'user' }, empresa: { id: 'demo-transvalle' } });
  });

  it('deletes a confirmed account whose record is missing, so it is never left unusable', async () => {
    const email = 'sin.registro@transvalle.demo';
    const res = await api('/usuarios', { token: admin, body: body(email) });
    expect(res.status).toBe(201);
    await docClient().send(new DeleteCommand({ TableName: table('usuarios'), Key: { id: res.json.id } }));
    const res2 = await api('/registro/confirmar', { token: await idToken(email, 'Equipo2026!'), body: { codigo: lastCodeFor(email) } });
    expect(res2.json.error).toEqual({ code: 'codigo-vencido', message: REGISTRO_MSG.codigoVencido });
    await expect(cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }))).rejects.toThrow();
    // The same e-mail can be registered again.
    expect((await api('/usuarios', { token: admin, body: body(email) })).status).toBe(201);
  });

  it('answers 409 for an e-mail that already has an account in the company, creating nothing', async () => {
    const res = await api('/usuarios', { token: admin, body: body(DEMO_USERS.staff) });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(REGISTRO_MSG.yaExiste);
  });

  it("tells another company nothing of an address registered elsewhere: the answer a new address gets, and a notice to its owner (docs/decisions/0009)", async () => {
    const andino = await idToken(DEMO_USERS.admin3, DEMO_PASSWORD);
    const correosAntes = correosPara(DEMO_USERS.staff).length;
    const ajena = await api('/usuarios', { token: andino, body: body(DEMO_USERS.staff) });
    const nueva = await api('/usuarios', { token: andino, body: body(`nuevo.${Date.now().toString(36)}@turismoandino.demo`) });
    // The same status and the same shape: nothing tells the two apart.
    expect(ajena.status).toBe(201);
    expect(nueva.status).toBe(201);
    expect(Object.keys(ajena.json).sort()).toEqual(Object.keys(nueva.json).sort());
    expect(ajena.json).toEqual({ id: expect.any(String), email: DEMO_USERS.staff });
    // Nothing was made or changed: no record under that id, the account is still Transportes del Valle's staff.
    expect((await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id: ajena.json.id } }))).Item).toBeUndefined();
    expect((await api('/me', { token: await idToken(DEMO_USERS.staff, DEMO_PASSWORD) })).json).toMatchObject({ usuario: { empresaId: 'demo-transvalle', role: 'user' } });
    // Its owner is told, by the company's name.
    const correos = correosPara(DEMO_USERS.staff);
    expect(correos.length).toBe(correosAntes + 1);
    expect(correos.at(-1)).toContain(CORREO_REGISTRO_AJENO.subject);
    expect(correos.at(-1)).toContain('Turismo Andino S.A.S.');
  });

  it('applies the one password rule: 6 characters pass, 5 are refused with the spec message', async () => {
    const short = await api('/usuarios', { token: admin, body: body('corta@transvalle.demo', 'abcde') });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toBe(REGISTRO_MSG.password);
    expect((await api('/usuarios', { token: admin, body: body('simple@transvalle.demo', 'abcdef') })).status).toBe(201);
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
