import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { createMiddleware } from 'hono/factory';
import type { Group } from '../../../shared/constants.js';
import type { Usuario } from '../../../shared/schemas/empresa.js';
import { API_MSG } from '../../../shared/schemas/messages.js';
import { apiAuthConfig } from '../../config.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { forbidden, unauthenticated } from '../../errors.js';

export type Caller = {
  sub: string;
  email: string;
  /** From the user record's role (a console user has exactly one). */
  groups: Group[];
  usuario: Usuario;
  /** The caller's company, from the user record: never from the request. */
  empresaId: string;
};

export type AuthEnv = { Variables: { caller: Caller } };

let verifier: ReturnType<typeof makeVerifier> | undefined;
function makeVerifier() {
  const { cognitoIssuer, userPoolClientId } = apiAuthConfig();
  // The generic verifier: cognito-local's issuer is not a Cognito URL, and the same code runs in AWS.
  // Its built-in fetcher speaks only HTTPS; the platform fetch also reaches cognito-local over HTTP.
  const jwksCache = new SimpleJwksCache({
    fetcher: { fetch: async (uri: string) => (await fetch(uri, { signal: AbortSignal.timeout(3000) })).arrayBuffer() },
  });
  return JwtRsaVerifier.create({
    issuer: cognitoIssuer,
    audience: userPoolClientId,
    jwksUri: `${cognitoIssuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'id') throw new Error('Se requiere el token de identidad');
    },
  }, { jwksCache });
}

/** Verifies the ID token, then loads the caller's user record (company id, role). */
export const requireAuth = createMiddleware<AuthEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  const token = header?.match(/^Bearer (.+)$/i)?.[1];
  if (!token) throw unauthenticated();

  verifier ??= makeVerifier();
  let payload: Record<string, unknown>;
  try {
    payload = (await verifier.verify(token)) as Record<string, unknown>;
  } catch {
    throw unauthenticated(API_MSG.sesionInvalida);
  }

  // The user record is the authority on company and role (the token's groups are Cognito's copy,
  // which a failed trigger step could leave behind): no record, no console.
  const sub = String(payload.sub);
  const usuario = await usuarioRepository.get(sub);
  if (!usuario) throw forbidden(API_MSG.usuarioSinEmpresa);

  c.set('caller', { sub, email: String(payload.email ?? usuario.email), groups: [usuario.role], usuario, empresaId: usuario.empresaId });
  await next();
});

/** Only callers in one of these groups (from the verified token) pass. */
export const requireGroup = (allowed: readonly Group[], message?: string) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    if (!c.var.caller.groups.some((g) => allowed.includes(g))) throw forbidden(message);
    await next();
  });
