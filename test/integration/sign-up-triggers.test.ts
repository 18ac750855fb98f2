import { AdminGetUserCommand, AdminListGroupsForUserCommand, ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SIGNUP_KEY_FIELD, SIGNUP_METADATA } from '@shared/constants.js';
import { MSG } from '@shared/schemas/messages.js';
import { api, cognitoClient, docClient, idToken, lastCodeFor, stack, table } from '../support/clients.js';

const attributes = (email: string) => [
  { Name: 'email', Value: email },
  { Name: 'given_name', Value: 'Sofía' },
  { Name: 'family_name', Value: 'Cabal' },
];

/** As the console signs up: the key and the company data travel as client metadata. */
const signUp = (email: string, key: string | undefined, empresa = 'Transportes La Sultana') =>
  cognitoClient().send(
    new SignUpCommand({
      ClientId: stack().userPoolClientId,
      Username: email,
      Password: 'Secreta123!',
      UserAttributes: attributes(email),
      ClientMetadata: key === undefined ? undefined : { [SIGNUP_KEY_FIELD]: key, [SIGNUP_METADATA.empresa]: empresa, [SIGNUP_METADATA.puesto]: 'CEO' },
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

describe('sign-up authorization key (checked by the PreSignUp trigger, on the server)', () => {
  it('refuses a direct Cognito SignUp without the key and creates no user', async () => {
    await expect(signUp('sin.clave@sultana.demo', undefined)).rejects.toThrow(MSG.claveIncorrecta);
    expect(await userExists('sin.clave@sultana.demo')).toBe(false);
  });

  it('refuses a wrong key and creates no user', async () => {
    await expect(signUp('clave.mala@sultana.demo', 'adivinanza')).rejects.toThrow(MSG.claveIncorrecta);
    expect(await userExists('clave.mala@sultana.demo')).toBe(false);
  });

  it('refuses the right key with a company name of only a zero-width space', async () => {
    const email = 'sin.empresa@sultana.demo';
    await expect(signUp(email, stack().signUpKey, '\u200b')).rejects.toThrow(MSG.empresaRequerida);
    expect(await userExists(email)).toBe(false);
  });

  it('with the right key: code in the outbox, confirmation makes a new company and its admin', async () => {
    const email = 'sofia.cabal@sultana.demo';
    const res = await signUp(email, stack().signUpKey);
    expect(res.UserConfirmed).toBe(false);
    await expect(idToken(email, 'Secreta123!')).rejects.toThrow(); // not verified yet

    const code = lastCodeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    await cognitoClient().send(new ConfirmSignUpCommand({ ClientId: stack().userPoolClientId, Username: email, ConfirmationCode: code! }));

    const sub = res.UserSub!;
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
