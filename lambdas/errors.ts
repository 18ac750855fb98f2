import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_MSG } from '@shared/schemas/messages.js';
import { registroDe } from './observability.js';

/** Errors the API answers on purpose; anything else is a 500 that leaks nothing. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Seconds to wait before trying again (a 429 or 503), sent as Retry-After. */
    readonly reintentarEnS?: number,
  ) {
    super(message);
  }
}
export const badRequest = (message: string = API_MSG.datosInvalidos, details?: unknown) =>
  new AppError(400, 'invalid-argument', message, details);
export const unauthenticated = (message: string = API_MSG.noAutenticado) => new AppError(401, 'unauthenticated', message);
export const forbidden = (message: string = API_MSG.sinPermiso) => new AppError(403, 'permission-denied', message);
export const notFound = (message: string = API_MSG.noEncontrado) => new AppError(404, 'not-found', message);
export const conflict = (message: string = API_MSG.conflicto) => new AppError(409, 'aborted', message);

export type ErrorBody = { error: { code: string; message: string; details?: unknown } };

export function errorResponse(c: Context, err: Error) {
  // Hono's own 4xx (e.g. its JSON validator on a malformed body) is bad input, not a server fault.
  if (err instanceof HTTPException && err.status < 500) err = badRequest(API_MSG.jsonInvalido);
  if (err instanceof AppError) {
    const body: ErrorBody = { error: { code: err.code, message: err.message, details: err.details } };
    if (err.reintentarEnS !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(err.reintentarEnS))));
    return c.json(body, err.status);
  }
  // The client went away while its body was read (a request cut for being slow): nobody to answer, nothing wrong here.
  if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') {
    registroDe(c).warn('Solicitud abortada por el cliente');
    return c.json({ error: { code: 'aborted', message: API_MSG.solicitudLenta } } satisfies ErrorBody, 400);
  }
  registroDe(c).error('Error no controlado', err);
  const body: ErrorBody = { error: { code: 'internal', message: API_MSG.interno } };
  return c.json(body, 500);
}
