import { AdminGetUserCommand, AdminListGroupsForUserCommand, ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { COMPANY_SIGNUP_FIELD, SIGNUP_METADATA } from '@shared/constants.js';
import { MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { signUpProof } from '../../lambdas/adapters/signup-key.js';
import { DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, cognitoClient, docClient, idToken, lastCodeFor, stack, table, useFunctionEnv } from '../support/clients.js';

/**
 * A company's sign-up (docs/spec/01.md section 7): `POST /registro` checks the authorization key before
 * anything reaches the user pool, then signs the account up with a proof only the API can make
 * (lambdas/triggers/pre-sign-up.ts). Cognito then e-mails the code, and PostConfirmation founds the company.
 */

const registro = (email: string, claveAutorizacion: string, empresa = 'Transportes La Sultana') =>
  api('/registro', { body: { nombres: 'Sofía', apellidos: 'Cabal', empresa, puesto: 'CEO', email, password: 'Secreta123!', claveAutorizacion } });

/** A SignUp sent to Cognito directly, as anyone could: with the raw key where the API sends its proof. */
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
      ClientMetadata: { [SIGNUP_METADATA.empresa]: 'Transportes La Sultana', ...metadata },
    }),
  );

async function userExists(email: string): Promise<boolean> {
  try {
    await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return false;
    throw err;
  }
}

// The test makes a proof as the API would (with the stack's key), to show it is bound to its purpose.
useFunctionEnv();

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

  it('refuses a SignUp sent to Cognito directly, even with the right key: only the API’s proof opens it', async () => {
    await expect(signUpDirecto('directo@sultana.demo', { claveAutorizacion: stack().signUpKey })).rejects.toThrow(MSG.claveIncorrecta);
    await expect(signUpDirecto('directo@sultana.demo', { [COMPANY_SIGNUP_FIELD]: '9999999999.firma-inventada' })).rejects.toThrow(MSG.claveIncorrecta);
    // A proof is bound to its purpose: a staff sign-up's does not sign a company up.
    await expect(signUpDirecto('directo@sultana.demo', { [COMPANY_SIGNUP_FIELD]: await signUpProof('registro-interno', 'directo@sultana.demo') })).rejects.toThrow(MSG.claveIncorrecta);
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
    await expect(idToken(email, 'Secreta123!')).rejects.toThrow(); // not verified yet

    const code = lastCodeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    await cognitoClient().send(new ConfirmSignUpCommand({ ClientId: stack().userPoolClientId, Username: email, ConfirmationCode: code! }));

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
});
