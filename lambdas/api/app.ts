import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { API_MSG } from '@shared/schemas/messages.js';
import { config } from '../config.js';
import { AppError, errorResponse, notFound } from '../errors.js';
import { correlacion, medirPeticion } from '../observability.js';
import { mountRoutes } from './define-route.js';
import type { AuthEnv } from './middleware/auth.js';
import { ROUTES } from './route-table.js';

/** JSON bodies are small forms; anything bigger is refused before it is read. */
const MAX_BODY_BYTES = 64 * 1024;

/** The whole API: the same app runs in Lambda (lambda.ts) and on the local stack (node server). */
export const app = new Hono<AuthEnv>()
  .use('*', correlacion())
  .use('*', medirPeticion())
  .use('*', (c, next) => cors({ origin: config().allowedOrigins, maxAge: 600, credentials: false })(c, next))
  .use('*', secureHeaders())
  .use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError(413, 'payload-too-large', API_MSG.cuerpoGrande);
      },
    }),
  )
  .notFound((c) => errorResponse(c, notFound()))
  .onError((err, c) => errorResponse(c, err));

mountRoutes(app, ROUTES);
