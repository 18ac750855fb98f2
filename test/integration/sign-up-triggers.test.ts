import { AdminGetUserCommand, AdminListGroupsForUserCommand, InitiateAuthCommand, SignUpCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, cognitoClient, docClient, idToken, lastCodeFor, stack, table } from '../support/clients.js';

/**
 * A company's sign-up (docs/spec/01.md section 7; docs/decisions/0010): `POST /registro` checks the
 * authorization key before anything reaches the user pool, then makes the account and e-mails a code
 * of its own; `POST /registro/confirmar`, in the account's own session, founds the company. Only the API
 * makes accounts.
 */

const registro = (email: string, claveAutorizacion: string, empresa = 'Transportes La Sultana') =>
  api('/registro', { body: { nombres: 'Sofía', apellidos: 'Cabal', empresa, puesto: 'CEO', email, password: 'Secreta123!', claveAutorizacion } });

/** A SignUp sent to Cognito directly, as anyone could, with the key as the console once sent it. */
const signUpDirecto = (email: string, metadata: Record<string, string>) =>
  cognitoClient().send(
    new SignUpCommand({
      ClientId: stack().userPoolClientId,
      Username: email,
      Password: 'Secreta123!',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Sofía' },
        { Name: 'family_name', Value: 'Cabal' },
      ],
      ClientMetadata: { empresa: 'Transportes La Sultana', ...metadata },
    }),
  );

/** The code tried in the account's own session (its password signs it in; the API refuses it elsewhere until then). */
const confirmar = async (email: string, codigo: string | undefined, password = 'Secreta123!') =>
  api('/registro/confirmar', { token: await idToken(email, password), body: { codigo } });

/** The local outbox's messages to an address. */
const correosPara = (email: string) =>
  readdirSync(stack().outboxDir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => readFileSync(join(stack().outboxDir, f), 'utf8'))
    .filter((t) => t.startsWith(`Para: ${email}\n`));

async function userExists(email: string): Promise<boolean> {
  try {
    await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return false;
    throw err;
  }
}

describe('sign-up authorization key (checked by the API before the user pool)', () => {
  it('answers a wrong key the same for an address with an account and one without, and creates no user', async () => {
    const nueva = await registro('clave.mala@sultana.demo', 'adivinanza');
    const existente = await registro(DEMO_USERS.admin, 'adivinanza');
    for (const res of [nueva, existente]) {
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: { code: 'clave-incorrecta', message: MSG.claveIncorrecta } });
    }
    expect(await userExists('clave.mala@sultana.demo')).toBe(false);
    // No key at all: the same words.
    const sinClave = await api('/registro', { body: { nombres: 'Sofía', apellidos: 'Cabal', empresa: 'X', puesto: 'CEO', email: 'sin.clave@sultana.demo', password: 'Secreta123!' } });
    expect(sinClave.status).toBe(400);
    expect(sinClave.json.error.message).toBe(MSG.claveIncorrecta);
  });

  it('refuses a SignUp sent to Cognito directly, even with the right key: only the API makes accounts', async () => {
    await expect(signUpDirecto('directo@sultana.demo', { claveAutorizacion: stack().signUpKey })).rejects.toThrow(MSG.claveIncorrecta);
    expect(await userExists('directo@sultana.demo')).toBe(false);
  });

  it('refuses the right key with a company name of only a zero-width space, before the user pool', async () => {
    const email = 'sin.empresa@sultana.demo';
    const res = await registro(email, stack().signUpKey, '\u200b');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(MSG.empresaRequerida);
    expect(await userExists(email)).toBe(false);
  });

  it('with the right key: an existing address is told so, a new one gets its code, and confirming makes a new company and its admin', async () => {
    const repetida = await registro(DEMO_USERS.admin, stack().signUpKey);
    expect(repetida.status).toBe(409);
    expect(repetida.json.error.message).toBe(REGISTRO_MSG.yaExiste);

    const email = 'sofia.cabal@sultana.demo';
    const res = await registro(email, stack().signUpKey);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({ email, confirmado: false });
    // Not verified yet: the API refuses its tokens (the console sends it to the code screen).
    expect((await api('/me', { token: await idToken(email, 'Secreta123!') })).json.error.code).toBe('correo-sin-verificar');

    const code = lastCodeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    expect((await confirmar(email, code === '000000' ? '111111' : '000000')).json.error).toEqual({ code: 'codigo-incorrecto', message: REGISTRO_MSG.codigoIncorrecto });
    // Without the account's session nobody can try its code (an outsider cannot spend its tries).
    expect((await api('/registro/confirmar', { body: { codigo: code } })).status).toBe(401);
    // Another account's session tries its own, never this one's.
    expect((await api('/registro/confirmar', { token: await idToken(DEMO_USERS.admin3, 'Demo1234!'), body: { codigo: code } })).json.error.code).toBe('codigo-incorrecto');
    const confirmado = await confirmar(email, code);
    expect(confirmado.status).toBe(200);
    expect(confirmado.json).toEqual({ email, confirmado: true });

    const sub = (await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }))).UserAttributes!.find((a) => a.Name === 'sub')!.Value!;
    const { Item: usuario } = await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id: sub } }));
    expect(usuario).toMatchObject({ email, empresaId: sub, role: 'admin', rating: 5, perfil: false, nombres: 'Sofía', puesto: 'CEO' });
    const { Item: empresa } = await docClient().send(new GetCommand({ TableName: table('empresas'), Key: { id: sub } }));
    expect(empresa).toMatchObject({ empresa: 'Transportes La Sultana', departamento: 'Valle del Cauca', pais: 'Colombia', perfil: false });
    // By sub: cognito-local matches group members by the literal Username given, not by e-mail alias.
    const groups = await cognitoClient().send(new AdminListGroupsForUserCommand({ UserPoolId: stack().userPoolId, Username: sub }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['admin']);

    const me = await api('/me', { token: await idToken(email, 'Secreta123!') });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ groups: ['admin'], perfilCompleto: false, empresa: { id: sub } });
  });

  it('takes a code a few times only, then asks for a new one, in the account’s own session only', async () => {
    const email = 'intentos@sultana.demo';
    expect((await registro(email, stack().signUpKey)).status).toBe(201);
    const code = lastCodeFor(email)!;
    const otro = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirmar(email, otro)).json.error.code).toBe('codigo-incorrecto');
    // Its tries spent: even the right code is refused until a new one is asked for, in the same session.
    expect((await confirmar(email, code)).json.error).toEqual({ code: 'codigo-vencido', message: REGISTRO_MSG.codigoVencido });
    expect((await api('/registro/codigo', { method: 'POST' })).status).toBe(401);
    expect((await api('/registro/codigo', { token: await idToken(email, 'Secreta123!'), method: 'POST' })).status).toBe(204);
    const nuevo = lastCodeFor(email)!;
    expect(nuevo).not.toBe(code);
    expect((await confirmar(email, nuevo)).status).toBe(200);
  });

  it("ignores a session whose e-mail claim was changed to another waiting address: it neither spends that address's tries nor replaces its code", async () => {
    const victima = 'victima@sultana.demo';
    const atacante = 'atacante@sultana.demo';
    expect((await registro(victima, stack().signUpKey)).status).toBe(201);
    const codigo = lastCodeFor(victima)!;
    expect((await registro(atacante, stack().signUpKey)).status).toBe(201);
    // The attacker changes its own e-mail attribute (any user may), then refreshes its tokens.
    const entrada = await cognitoClient().send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: atacante, PASSWORD: 'Secreta123!' } }),
    );
    await cognitoClient().send(new UpdateUserAttributesCommand({ AccessToken: entrada.AuthenticationResult!.AccessToken!, UserAttributes: [{ Name: 'email', Value: victima }] }));
    const renovada = await cognitoClient().send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { REFRESH_TOKEN: entrada.AuthenticationResult!.RefreshToken! } }),
    );
    const token = renovada.AuthenticationResult!.IdToken!;
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).email).toBe(victima);

    const otro = codigo === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await api('/registro/confirmar', { token, body: { codigo: otro } })).json.error.code).toBe('codigo-incorrecto');
    expect((await api('/registro/confirmar', { token, body: { codigo } })).json.error.code).toBe('codigo-incorrecto');
    const codigosDeLaApi = () => correosPara(victima).filter((t) => t.includes('Escríbelo en la pantalla')).length;
    const antes = codigosDeLaApi();
    expect((await api('/registro/codigo', { token, method: 'POST' })).status).toBe(204);
    // No new code of the API went to the victim (cognito-local's own attribute-change mail may), and its
    // own code still confirms its own sign-up.
    expect(codigosDeLaApi()).toBe(antes);
    expect((await confirmar(victima, codigo)).status).toBe(200);
  });

  it('lets a sign-up never confirmed be made again: the new one replaces it, and only its code confirms', async () => {
    const email = 'dos.veces@sultana.demo';
    expect((await registro(email, stack().signUpKey)).status).toBe(201);
    const primero = lastCodeFor(email)!;
    expect((await registro(email, stack().signUpKey, 'Transportes Segundo Intento')).status).toBe(201);
    const segundo = lastCodeFor(email)!;
    expect((await confirmar(email, primero)).status).toBe(400);
    expect((await confirmar(email, segundo)).status).toBe(200);
    expect((await api('/me', { token: await idToken(email, 'Secreta123!') })).json.empresa.empresa).toBe('Transportes Segundo Intento');
    // Confirmed, the address is taken for good.
    expect((await registro(email, stack().signUpKey)).status).toBe(409);
  });

  it('founds one company from confirmations sent at once (a double click), with no server error', async () => {
    const email = 'doble.clic@sultana.demo';
    expect((await registro(email, stack().signUpKey)).status).toBe(201);
    const codigo = lastCodeFor(email)!;
    const token = await idToken(email, 'Secreta123!');
    const respuestas = await Promise.all(Array.from({ length: 6 }, () => api('/registro/confirmar', { token, body: { codigo } })));
    const estados = respuestas.map((r) => r.status);
    expect(estados.filter((e) => e === 200).length).toBeGreaterThanOrEqual(1);
    expect(estados.every((e) => e === 200 || e === 400), estados.join(',')).toBe(true);
    expect((await api('/me', { token: await idToken(email, 'Secreta123!') })).status).toBe(200);
  });
});
