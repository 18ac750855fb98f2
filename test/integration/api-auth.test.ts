import { AdminRemoveUserFromGroupCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { api, cognitoClient, idToken, newCompanyAdmin, stack } from '../support/clients.js';
import { forgedToken } from '../support/identities.js';

describe('API health and authentication', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
  });

  it('answers /health without a token', async () => {
    const res = await api('/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
  });

  it('gives every answer a correlation id: the caller’s x-request-id when it is safe, else a new one', async () => {
    const propio = await fetch(`${stack().apiUrl}/health`, { headers: { 'x-request-id': 'soporte-20261123-01' } });
    expect(propio.headers.get('x-correlation-id')).toBe('soporte-20261123-01');
    const nuevo = await fetch(`${stack().apiUrl}/me`, { headers: { 'x-request-id': 'no <válido>' } });
    expect(nuevo.status).toBe(401);
    expect(nuevo.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses /me without a token, in Spanish', async () => {
    const res = await api('/me');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: 'unauthenticated', message: API_MSG.noAutenticado } });
  });

  it('refuses a malformed token and a forged one', async () => {
    const garbage = await api('/me', { token: 'not-a-jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.json.error.message).toBe(API_MSG.sesionInvalida);

    const claims = JSON.parse(Buffer.from(adminToken.split('.')[1]!, 'base64url').toString());
    const forged = await api('/me', { token: forgedToken({ ...claims, 'cognito:groups': ['plataforma'] }) });
    expect(forged.status).toBe(401);
  });

  it('refuses an access token: the API takes only ID tokens', async () => {
    const r = await cognitoClient().send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.admin, PASSWORD: DEMO_PASSWORD } }),
    );
    const res = await api('/me', { token: r.AuthenticationResult!.AccessToken! });
    expect(res.status).toBe(401);
  });

  it('returns the caller and the caller company on /me', async () => {
    const res = await api('/me', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.json.usuario).toMatchObject({ email: DEMO_USERS.admin, role: 'admin', empresaId: 'demo-transvalle' });
    expect(res.json.empresa).toMatchObject({ id: 'demo-transvalle', empresa: 'Transportes del Valle S.A.S.' });
    expect(res.json.groups).toEqual(['admin']);
    expect(res.json.perfilCompleto).toBe(true);
  });

  it('scopes /me to the company of the token: another company admin sees only theirs', async () => {
    const res = await api('/me', { token: await idToken(DEMO_USERS.admin2, DEMO_PASSWORD) });
    expect(res.status).toBe(200);
    expect(res.json.empresa.id).toBe('demo-expresopacifico');
    expect(res.json.perfilCompleto).toBe(false);
  });

  it('gives a staff user the same company with role user', async () => {
    const res = await api('/me', { token: await idToken(DEMO_USERS.staff, DEMO_PASSWORD) });
    expect(res.json.usuario).toMatchObject({ role: 'user', empresaId: 'demo-transvalle' });
    expect(res.json.groups).toEqual(['user']);
  });

  it('answers a malformed JSON body with a Spanish 400, not a 500', async () => {
    for (const path of ['/usuarios', '/uploads', '/uploads/confirm']) {
      const res = await fetch(`${stack().apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: '{mal',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(API_MSG.jsonInvalido);
    }
  });

  it('authorizes by the user record: a user missing from its Cognito group still works as its role', async () => {
    const token = await newCompanyAdmin('sin.grupo@ermita.demo');
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    await cognitoClient().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: stack().userPoolId, Username: sub, GroupName: 'admin' }));
    const res = await api('/me', { token: await idToken('sin.grupo@ermita.demo', 'Secreta123!') });
    expect(res.status).toBe(200);
    expect(res.json.groups).toEqual(['admin']);
  });

  it('answers 404 in Spanish for an unknown route', async () => {
    const res = await api('/no-existe', { token: adminToken });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe(API_MSG.noEncontrado);
  });

  it('allows CORS only from the console origin', async () => {
    const allowed = await api('/me', { method: 'OPTIONS', headers: { origin: 'http://localhost', 'access-control-request-method': 'GET' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost');
    const evil = await api('/me', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
