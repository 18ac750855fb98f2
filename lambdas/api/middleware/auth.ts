import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { createMiddleware } from 'hono/factory';
import { API_MSG, MSG } from '@shared/schemas/messages.js';
import { apiAuthConfig } from '../../config.js';
import { cambios } from '../../data/cambios.js';
import { registroRepository } from '../../data/registro-repository.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { AppError, forbidden, unauthenticated } from '../../errors.js';
import { callerFrom, type Caller } from '../caller.js';
import type { AppId } from './apps.js';

/** `firmaApp`: an app's checked signature (middleware/apps.ts), admitted once the body is valid. */
/** `cuenta`: a session's account, for the routes an account uses before its e-mail is verified (requireCuenta). */
export type AuthEnv = { Variables: { caller: Caller; firmaApp: { app: AppId; clave: string; hasta: number }; cuenta: { sub: string; email: string } } };

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

/** The request's ID token, verified: its claims, or a 401 in Spanish. */
async function verificarToken(authorization: string | undefined): Promise<Record<string, unknown>> {
  const token = authorization?.match(/^Bearer (.+)$/i)?.[1];
  if (!token) throw unauthenticated();
  verifier ??= makeVerifier();
  try {
    return (await verifier.verify(token)) as Record<string, unknown>;
  } catch {
    throw unauthenticated(API_MSG.sesionInvalida);
  }
}

/**
 * Verifies the ID token, then loads the caller's user record: the record decides kind, company and
 * role (the token's groups are Cognito's copy), and a disabled or deleted account is refused on its
 * next request (within a second, see `cambios`), not when its token expires.
 */
export const requireAuth = createMiddleware<AuthEnv>(async (c, next) => {
  const payload = await verificarToken(c.req.header('authorization'));

  // An account whose e-mail's code was not confirmed yet (docs/decisions/0010) is sent to the code
  // screen: by its token's claim in AWS (cognito-local's says true for any value), by its record, or by
  // its sign-up waiting (a company's admin has no record before the code).
  const sinVerificar = () => new AppError(403, 'correo-sin-verificar', MSG.verificaCorreo);
  if (payload.email_verified === false || payload.email_verified === 'false') throw sinVerificar();

  await cambios.sincronizar();
  const usuario = await usuarioRepository.getCached(String(payload.sub));
  if (!usuario) {
    if (typeof payload.email === 'string' && (await registroRepository.get(payload.email))?.sub === payload.sub) throw sinVerificar();
    throw forbidden(API_MSG.usuarioSinEmpresa);
  }
  if (usuario.confirmacion === 'pendiente') throw sinVerificar();
  if (!usuario.activo) throw unauthenticated(API_MSG.cuentaDesactivada);
  // The record's e-mail, not the token's: a user can change the token's own attribute (audit trails
  // and a driver account's change stamp would then name someone else).
  c.set('caller', callerFrom(usuario));
  await next();
});

/**
 * The account's own session, verified or not (docs/decisions/0010): its code routes take the account
 * from its token, so only someone who knows its password can try a code or ask for one.
 */
export const requireCuenta = createMiddleware<AuthEnv>(async (c, next) => {
  const payload = await verificarToken(c.req.header('authorization'));
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw unauthenticated(API_MSG.sesionInvalida);
  c.set('cuenta', { sub: payload.sub, email: payload.email.toLowerCase() });
  await next();
});
