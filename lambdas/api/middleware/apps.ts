import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AuthEnv } from './auth.js';
import { INTEGRACION_MSG } from '@shared/schemas/messages-servicios.js';
import { sameText, secretValue, type SecretSource } from '../../adapters/secrets.js';
import { config } from '../../config.js';
import { firmaRepository } from '../../data/firma-repository.js';
import { conflict, unauthenticated } from '../../errors.js';
import { gastarCuota } from '../cuotas.js';

/**
 * The marketplace's other apps (docs/product.md, integration routes; docs/decisions/0004) sign each request with their own
 * key, which no console user holds: HMAC-SHA256 over the time, a nonce of their own (so two identical
 * writes in one second sign differently), the method, path and body hash. A console
 * token opens none of these routes, this signature opens no console route, and one app's key opens
 * none of the other's. A signature is good for five minutes, and a write's only once (table
 * `firmas`): a captured request cannot put back an older profile. A read may be repeated in its five
 * minutes (the app polls offers; recording each read would cost a write per poll).
 */
export const APPS = {
  /** The corporate clients' app: publishes services, accepts offers. */
  cliente: { secret: (): SecretSource | null => config().clientAppSecret, nombre: 'La clave de la app de clientes' },
  /** The guides' and tour operators' apps: register and update their profiles and documents. */
  proveedores: { secret: (): SecretSource | null => config().providerAppSecret, nombre: 'La clave de la app de proveedores' },
} as const;
export type AppId = keyof typeof APPS;
export const VENTANA_FIRMA_S = 300;
export const APP_HEADERS = { id: 'x-app-id', timestamp: 'x-app-timestamp', nonce: 'x-app-nonce', firma: 'x-app-signature' } as const;
/** A nonce: 16 to 64 letters, digits, '-' or '_' (a UUID is one). */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export function firmaApp(secret: string, req: { method: string; path: string; timestamp: string; nonce: string; body: string }): string {
  const bodyHash = createHash('sha256').update(req.body).digest('hex');
  return createHmac('sha256', secret).update(`${req.timestamp}\n${req.nonce}\n${req.method.toUpperCase()}\n${req.path}\n${bodyHash}`).digest('hex');
}

/** The headers an app sends (the local simulators and the tests sign with this too), a new nonce each time. */
export function cabecerasApp(secret: string, method: string, path: string, body = '', now = new Date(), app: AppId = 'cliente'): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomUUID();
  return { [APP_HEADERS.id]: app, [APP_HEADERS.timestamp]: timestamp, [APP_HEADERS.nonce]: nonce, [APP_HEADERS.firma]: firmaApp(secret, { method, path, timestamp, nonce, body }) };
}

/** Admits only requests signed by this app, fresh, with its key. */
export const requireApp = (app: AppId) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const id = c.req.header(APP_HEADERS.id);
    const timestamp = c.req.header(APP_HEADERS.timestamp) ?? '';
    const nonce = c.req.header(APP_HEADERS.nonce) ?? '';
    const firma = c.req.header(APP_HEADERS.firma) ?? '';
    if (!id || !timestamp || !nonce || !firma) throw unauthenticated(INTEGRACION_MSG.firmaRequerida);
    const at = Number(timestamp);
    const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(Date.now() / 1000 - at) <= VENTANA_FIRMA_S;
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    const secret = await secretValue(APPS[app].secret(), APPS[app].nombre);
    const expected = firmaApp(secret, { method: c.req.method, path: url.pathname + url.search, timestamp, nonce, body });
    if (id !== app || !fresh || !NONCE.test(nonce) || !sameText(firma, expected)) throw unauthenticated(INTEGRACION_MSG.firmaInvalida);
    // Kept a minute past the window, after which the timestamp alone refuses it.
    c.set('firmaApp', { app, clave: `${app}#${firma}`, hasta: at + VENTANA_FIRMA_S + 60 });
    await next();
  });

/**
 * A write's signature, admitted once: called by the route once its body is valid (a refused body
 * uses nothing, so its retry is not taken for a replay). Reads (GET, HEAD) may repeat. Each write counts
 * in its app's quota first (shared/domain/cuotas.ts): one refused for it may be sent again, signature and all.
 */
export async function admitirUnaVez(c: Context<AuthEnv>): Promise<void> {
  const firma = c.get('firmaApp');
  if (!firma || c.req.method === 'GET' || c.req.method === 'HEAD') return;
  await gastarCuota([['escriturasApp', firma.app]]);
  if (!(await firmaRepository.usar(firma.clave, firma.hasta))) throw conflict(INTEGRACION_MSG.firmaRepetida);
}
