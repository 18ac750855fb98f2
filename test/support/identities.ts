import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import type { Role } from '@shared/schemas/empresa.js';
import { cognitoClient, idToken, stack } from './clients.js';

/** A token with the right claims but signed by a key that is not the pool's. */
export function forgedToken(claims: Record<string, unknown>): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = b64({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' });
  const body = b64(claims);
  const sig = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url');
  return `${head}.${body}.${sig}`;
}

/**
 * Every kind of caller the authorization matrix tries. `role` is what a signed-in caller's record
 * says; `perfilCompleto` whether its company's profile is complete. The client app (docs/product.md's
 * integration caller) signs its requests with its own key and never holds a console token.
 */
export type Identity = {
  name: string;
  headers: Record<string, string>;
  role?: Role;
  perfilCompleto?: boolean;
  /** The company its records belong to (for routes scoped to a company's resource). */
  empresaId?: string;
  /** One of the marketplace's apps: each call is signed with its key (over method, path and body), no token. */
  app?: 'cliente' | 'proveedores';
};

export async function allIdentities(): Promise<Identity[]> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const admin = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
  const claims = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const access = await cognitoClient().send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.admin, PASSWORD: DEMO_PASSWORD } }),
  );
  const ts = String(Math.floor(Date.now() / 1000));
  return [
    { name: 'anónimo', headers: {} },
    { name: 'token falsificado (plataforma)', headers: bearer(forgedToken({ ...claims, 'cognito:groups': ['plataforma'] })) },
    { name: 'token de acceso en vez de identidad', headers: bearer(access.AuthenticationResult!.AccessToken!) },
    { name: 'app de clientes (firma propia)', headers: {}, app: 'cliente' },
    { name: 'app de proveedores (firma propia)', headers: {}, app: 'proveedores' },
    {
      name: 'app de clientes con otra clave',
      headers: { 'x-app-id': 'cliente', 'x-app-timestamp': ts, 'x-app-signature': createHmac('sha256', 'clave-app-cliente').update(ts).digest('hex') },
    },
    { name: 'personal de la empresa (user)', headers: bearer(await idToken(DEMO_USERS.staff, DEMO_PASSWORD)), role: 'user', perfilCompleto: true, empresaId: 'demo-transvalle' },
    { name: 'administrador de la empresa', headers: bearer(admin), role: 'admin', perfilCompleto: true, empresaId: 'demo-transvalle' },
    { name: 'administrador de otra empresa', headers: bearer(await idToken(DEMO_USERS.admin2, DEMO_PASSWORD)), role: 'admin', perfilCompleto: false, empresaId: 'demo-expresopacifico' },
    { name: 'administrador de otra empresa (perfil completo)', headers: bearer(await idToken(DEMO_USERS.admin3, DEMO_PASSWORD)), role: 'admin', perfilCompleto: true, empresaId: 'demo-andino' },
    { name: 'plataforma', headers: bearer(await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD)), role: 'plataforma' },
    { name: 'conductor', headers: bearer(await idToken(DEMO_USERS.conductor, DEMO_PASSWORD)), role: 'conductor', empresaId: 'demo-transvalle' },
  ];
}
