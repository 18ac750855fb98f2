import { createHash, createHmac } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { INTEGRACION_MSG } from '../../../shared/schemas/messages-servicios.js';
import { sameText, secretValue, type SecretSource } from '../../adapters/secrets.js';
import { config } from '../../config.js';
import { unauthenticated } from '../../errors.js';

/**
 * The marketplace's other apps (PRODUCT.md, integration endpoints) sign each request with their own
 * key, which no console user holds: HMAC-SHA256 over the time, method, path and body hash. A console
 * token opens none of these routes, this signature opens no console route, and one app's key opens
 * none of the other's. A captured request is good for five minutes; the writes it could repeat are
 * idempotent (the ids are the app's) or conditional (an acceptance wins once).
 */
export const APPS = {
  /** The corporate clients' app: publishes services, accepts offers. */
  cliente: { secret: (): SecretSource | null => config().clientAppSecret, nombre: 'La clave de la app de clientes' },
  /** The guides' and tour operators' apps: register and update their profiles and documents. */
  proveedores: { secret: (): SecretSource | null => config().providerAppSecret, nombre: 'La clave de la app de proveedores' },
} as const;
export type AppId = keyof typeof APPS;
export const VENTANA_FIRMA_S = 300;
export const APP_HEADERS = { id: 'x-app-id', timestamp: 'x-app-timestamp', firma: 'x-app-signature' } as const;

export function firmaApp(secret: string, req: { method: string; path: string; timestamp: string; body: string }): string {
  const bodyHash = createHash('sha256').update(req.body).digest('hex');
  return createHmac('sha256', secret).update(`${req.timestamp}\n${req.method.toUpperCase()}\n${req.path}\n${bodyHash}`).digest('hex');
}

/** The headers an app sends (the local simulators and the tests sign with this too). */
export function cabecerasApp(secret: string, method: string, path: string, body = '', now = new Date(), app: AppId = 'cliente'): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [APP_HEADERS.id]: app, [APP_HEADERS.timestamp]: timestamp, [APP_HEADERS.firma]: firmaApp(secret, { method, path, timestamp, body }) };
}

/** Admits only requests signed by this app, fresh, with its key. */
export const requireApp = (app: AppId) =>
  createMiddleware(async (c, next) => {
    const id = c.req.header(APP_HEADERS.id);
    const timestamp = c.req.header(APP_HEADERS.timestamp) ?? '';
    const firma = c.req.header(APP_HEADERS.firma) ?? '';
    if (!id || !timestamp || !firma) throw unauthenticated(INTEGRACION_MSG.firmaRequerida);
    const at = Number(timestamp);
    const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(Date.now() / 1000 - at) <= VENTANA_FIRMA_S;
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    const secret = await secretValue(APPS[app].secret(), APPS[app].nombre);
    const expected = firmaApp(secret, { method: c.req.method, path: url.pathname + url.search, timestamp, body });
    if (id !== app || !fresh || !sameText(firma, expected)) throw unauthenticated(INTEGRACION_MSG.firmaInvalida);
    await next();
  });
