import { fetchAuthSession } from 'aws-amplify/auth';
import * as z from 'zod';
import { partesDe, rutaDe, type Cuerpo, type Params, type Query, type Respuesta, type Ruta } from '@shared/api/contrato.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { runtimeConfig } from './config.js';

/** One field the API refused, named by its path in the request body (`details.fields`). */
export interface ApiFieldError {
  path: string;
  message: string;
}

/** An API failure carrying the API's own Spanish message, ready to show to the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages of a 400, for forms to show under each field. */
    readonly fields: readonly ApiFieldError[] = [],
    /** The whole `details` object, for answers that say more (e.g. which upload was refused). */
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = API_MSG.sinConexion;
/** How long the console waits for an answer (docs/spec/01.md section 7: 70 s). */
export const TIEMPO_MAXIMO_MS = 70_000;
const INVALID_RESPONSE_MESSAGE = 'La respuesta del servidor no tiene el formato esperado.';

/** The API answers every failure as `{ "error": { "code", "message", "details"? } }`. */
const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z
      .object({ fields: z.array(z.object({ path: z.string(), message: z.string() })).optional() })
      .loose()
      .nullish()
      .catch(undefined),
  }),
});

/** Used only when the body does not say (a proxy's 502, an empty 500, ...). */
function messageForStatus(status: number): string {
  if (status === 401) return API_MSG.sesionInvalida;
  if (status === 403) return API_MSG.sinPermiso;
  if (status === 404) return API_MSG.noEncontrado;
  if (status === 409) return API_MSG.conflicto;
  if (status === 504) return API_MSG.tiempoAgotado;
  if (status === 400 || status === 422) return API_MSG.datosInvalidos;
  return API_MSG.interno;
}

/** The API verifies the ID token (it carries the e-mail and groups the API needs). */
async function idToken(): Promise<string> {
  let token: string | undefined;
  try {
    token = (await fetchAuthSession()).tokens?.idToken?.toString();
  } catch {
    throw new ApiError(401, 'SESSION_INVALID', API_MSG.sesionInvalida);
  }
  if (!token) throw new ApiError(401, 'UNAUTHENTICATED', API_MSG.noAutenticado);
  return token;
}

function apiUrl(path: string): string {
  const base = runtimeConfig().apiUrl;
  return new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`).toString();
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parses the answer, so a screen never works on a shape it did not expect. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** A public route (the sign-up): sent without a session, as the visitor has none. */
  sinSesion?: boolean;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!options.sinSesion) headers.Authorization = `Bearer ${await idToken()}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  // docs/spec/01.md section 7: a call gives up after 70 s, and says so in Spanish, whatever else waits.
  const limite = new AbortController();
  const temporizador = setTimeout(() => limite.abort(), TIEMPO_MAXIMO_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, limite.signal]) : limite.signal;
  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (limite.signal.aborted && !options.signal?.aborted) throw new ApiError(504, 'DEADLINE_EXCEEDED', API_MSG.tiempoAgotado);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(temporizador);
  }

  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }

  if (!response.ok) {
    const body = errorBodySchema.safeParse(json);
    if (body.success) {
      const { code, message, details } = body.data.error;
      throw new ApiError(response.status, code, message, details?.fields ?? [], details ?? null);
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, messageForStatus(response.status));
  }

  if (!options.schema) return json as T;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Respuesta inesperada de ${path}`, parsed.error);
    throw new ApiError(response.status, 'INVALID_RESPONSE', INVALID_RESPONSE_MESSAGE);
  }
  return parsed.data;
}

type ConParams<R extends Ruta> = keyof Params<R> extends never ? { params?: undefined } : { params: Params<R> };
type ConCuerpo<R extends Ruta> = Cuerpo<R> extends undefined ? { body?: undefined } : { body: Cuerpo<R> };
/** A call's parts: the path's parameters and the body where the route has them, the query, the answer's schema. */
export type Llamada<R extends Ruta> = ConParams<R> &
  ConCuerpo<R> & {
    query?: Query;
    /** Parses the answer into the contract's shape for this route. */
    schema?: z.ZodType<Respuesta<R>>;
    signal?: AbortSignal;
    sinSesion?: boolean;
  };

/**
 * Calls a route of the API by its key in the contract (shared/api/contrato.ts), so a renamed route,
 * a missing parameter or a body of another shape fails the type check; the answer has the route's type.
 */
export function llamar<R extends Ruta>(ruta: R, llamada: Llamada<R>): Promise<Respuesta<R>> {
  const { metodo } = partesDe(ruta);
  const path = rutaDe(ruta, (llamada.params ?? {}) as Params<R>, llamada.query);
  return apiRequest(path, { method: metodo as RequestOptions<unknown>['method'], body: llamada.body, schema: llamada.schema, signal: llamada.signal, sinSesion: llamada.sinSesion }) as Promise<Respuesta<R>>;
}

/** The Spanish text to show for any error thrown while talking to the API. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return API_MSG.interno;
}
