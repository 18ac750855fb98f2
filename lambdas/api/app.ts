import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { config } from '../config.js';
import { errorResponse, notFound } from '../errors.js';
import { requireAuth, type AuthEnv } from './middleware/auth.js';
import { meRoutes } from './routes/me.js';
import { perfilRoutes } from './routes/perfil.js';
import { uploadsRoutes } from './routes/uploads.js';
import { usuariosRoutes } from './routes/usuarios.js';

/** The whole API: the same app runs in Lambda (lambda.ts) and on the local stack (node server). */
export const app = new Hono<AuthEnv>()
  .use('*', (c, next) => cors({ origin: config().allowedOrigins, maxAge: 600, credentials: false })(c, next))
  .use('*', secureHeaders())
  .get('/health', (c) => c.json({ ok: true }))
  .use('*', requireAuth)
  .route('/me', meRoutes)
  .route('/perfil', perfilRoutes)
  .route('/usuarios', usuariosRoutes)
  .route('/uploads', uploadsRoutes)
  .notFound((c) => errorResponse(c, notFound()))
  .onError((err, c) => errorResponse(c, err));

export type ApiApp = typeof app;
