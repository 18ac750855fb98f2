import { createHash, createHmac } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { INTEGRACION_MSG } from '../../../shared/schemas/messages-servicios.js';
import { sameText, secretValue } from '../../adapters/secrets.js';
import { config } from '../../config.js';
import { unauthenticated } from '../../errors.js';

/**
 * The client app (PRODUCT.md, integration endpoints) signs each request with its own key, which no
 * console user holds: HMAC-SHA256 over the time, method, path and body hash. A console token opens
 * none of these routes, and this signature opens no console route. A captured request is good for
 * five minutes; the writes it could repeat are idempotent (the service id is the app's) or
 * conditional (an acceptance wins once).
 */
export const APP_CLIENTES = { id: 'cliente', ventanaSegundos: 300 } as const;
export const APP_HEADERS = { id: 'x-app-id', timestamp: 'x-app-timestamp', firma: 'x-app-signature' } as const;

export function firmaApp(secret: string, req: { method: string; path: string; timestamp: string; body: string }): string {
  const bodyHash = createHash('sha256').update(req.body).digest('hex');
  return createHmac('sha256', secret).update(`${req.timestamp}\n${req.method.toUpperCase()}\n${req.path}\n${bodyHash}`).digest('hex');
}

/** The headers the client app sends (the local simulator and the tests sign with this too). */
export function cabecerasApp(secret: string, method: string, path: string, body = '', now = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [APP_HEADERS.id]: APP_CLIENTES.id, [APP_HEADERS.timestamp]: timestamp, [APP_HEADERS.firma]: firmaApp(secret, { method, path, timestamp, body }) };
}

export const requireClientApp = createMiddleware(async (c, next) => {
  const id = c.req.header(APP_HEADERS.id);
  const timestamp = c.req.header(APP_HEADERS.timestamp) ?? '';
  const firma = c.req.header(APP_HEADERS.firma) ?? '';
  if (!id || !timestamp || !firma) throw unauthenticated(INTEGRACION_MSG.firmaRequerida);
  const at = Number(timestamp);
  const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(Date.now() / 1000 - at) <= APP_CLIENTES.ventanaSegundos;
  const url = new URL(c.req.url);
  const body = c.req.method === 'GET' ? '' : await c.req.text();
  const secret = await secretValue(config().clientAppSecret, 'La clave de la app de clientes');
  const expected = firmaApp(secret, { method: c.req.method, path: url.pathname + url.search, timestamp, body });
  if (id !== APP_CLIENTES.id || !fresh || !sameText(firma, expected)) throw unauthenticated(INTEGRACION_MSG.firmaInvalida);
  await next();
});
