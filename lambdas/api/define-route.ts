import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z, ZodType } from 'zod';
import { isProfileComplete } from '@shared/domain/profile.js';
import type { Role } from '@shared/schemas/empresa.js';
import { partesDe, type CuerpoSchema, type Ruta } from '@shared/api/contrato.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { empresaRepository } from '../data/empresa-repository.js';
import { AppError, badRequest, forbidden } from '../errors.js';
import type { CallerOf } from './caller.js';
import { admitirUnaVez, requireApp, type AppId } from './middleware/apps.js';
import { requireAuth, requireCuenta, type AuthEnv } from './middleware/auth.js';
import { parseBody } from './validate.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Who may call a route: nobody needs to sign in; any signed-in account, its e-mail verified or not (the
 * verification code's routes); one of the marketplace's apps (its own signature); or these roles (a user record's role).
 */
export type Access = 'anonimo' | 'cuenta' | `app-${AppId}` | readonly Role[];

/** Each app's routes live under their own prefix, and only theirs (checked when the app is built). */
export const PREFIJO_APP: Record<AppId, string> = { cliente: '/integracion/cliente/', proveedores: '/integracion/proveedores/' };

/** One row of the route table: what the app mounts and what the authorization tests call. */
export type RouteDef = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  /** Company callers need a complete profile (docs/spec/01.md section 4: map, fleet, registration). */
  readonly perfilCompleto: boolean;
  /** The JSON body's schema, checked before the handler runs (the fuzz test sends it malformed bodies). */
  readonly body?: ZodType;
  readonly middleware: MiddlewareHandler<AuthEnv>[];
  readonly handler: (c: Context<AuthEnv>) => Response | Promise<Response>;
};

type Handler<R extends Role, S extends ZodType | undefined> = (
  c: Context<AuthEnv>,
  caller: CallerOf<R>,
  body: S extends ZodType ? z.output<S> : undefined,
  /** The body as sent, for a route whose rules depend on which fields were sent. */
  raw: unknown,
) => Response | Promise<Response>;

/**
 * The body a route's row must pass: exactly the contract's schema (shared/api/contrato.ts), or none.
 * The contract is types only, so the row still hands the schema over for the request to be checked.
 */
type CuerpoDe<K extends Ruta> = CuerpoSchema<K> extends ZodType ? { body: CuerpoSchema<K> } : { body?: undefined };

/** A route for signed-in callers of these roles; the handler gets the caller typed by kind. */
export function route<const R extends Role, K extends Ruta>(def: {
  /** The route's key in the API's contract: `'<METHOD> <path>'`. */
  ruta: K;
  access: readonly R[];
  perfilCompleto?: boolean;
  /** The Spanish answer to a signed-in caller of another role. */
  denied?: string;
  /** A stricter schema for some callers (e.g. an admin's profile requires the company part); same output shape. */
  bodyFor?: (caller: CallerOf<R>) => ZodType<CuerpoSchema<K> extends ZodType ? z.output<CuerpoSchema<K>> : never>;
  handler: Handler<R, CuerpoSchema<K>>;
} & CuerpoDe<K>): RouteDef {
  const allowed = def.access as readonly Role[];
  const authorize: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const caller = c.var.caller;
    if (!allowed.includes(caller.role)) {
      throw forbidden(caller.kind === 'conductor' ? API_MSG.conductorSinConsola : (def.denied ?? API_MSG.sinPermiso));
    }
    if (def.perfilCompleto && caller.kind === 'empresa' && !isProfileComplete(caller.usuario, await empresaRepository.getCached(caller.empresaId))) {
      throw forbidden(API_MSG.perfilIncompleto);
    }
    await next();
  };
  const { metodo, camino } = partesDe(def.ruta);
  const body = def.body as ZodType | undefined;
  return {
    method: metodo as HttpMethod,
    path: camino,
    access: allowed,
    perfilCompleto: def.perfilCompleto ?? false,
    body,
    middleware: [requireAuth, authorize],
    handler: async (c) => {
      const caller = c.var.caller as CallerOf<R>;
      const raw = body ? await readJson(c) : undefined;
      const schema = def.bodyFor?.(caller) ?? body;
      const parsed = schema ? parseBody(schema, raw) : undefined;
      return def.handler(c, caller, parsed as Parameters<Handler<R, CuerpoSchema<K>>>[2], raw);
    },
  };
}

type SinUsuario<K extends Ruta> = {
  ruta: K;
  handler: (c: Context<AuthEnv>, caller: null, body: CuerpoSchema<K> extends ZodType ? z.output<CuerpoSchema<K>> : undefined) => Response | Promise<Response>;
} & CuerpoDe<K>;

/** A route without a signed-in user: its body checked like a console route's, then `antes` (if any), then the handler. */
function sinUsuario<K extends Ruta>(def: SinUsuario<K>, access: Access, middleware: MiddlewareHandler<AuthEnv>[], antes?: (c: Context<AuthEnv>) => Promise<void>): RouteDef {
  const { metodo, camino } = partesDe(def.ruta);
  const schema = def.body as ZodType | undefined;
  return {
    method: metodo as HttpMethod,
    path: camino,
    access,
    perfilCompleto: false,
    body: schema,
    middleware,
    handler: async (c) => {
      const body = schema ? parseBody(schema, await readJson(c)) : undefined;
      await antes?.(c);
      return def.handler(c, null, body as CuerpoSchema<K> extends ZodType ? z.output<CuerpoSchema<K>> : undefined);
    },
  };
}

/**
 * A route of one of the marketplace's apps (docs/product.md, integration routes): signed with that
 * app's key, never a console token; a valid body's write is admitted once (and counted in the app's quota).
 */
export const appRoute = <K extends Ruta>(def: SinUsuario<K> & { app: AppId }): RouteDef => sinUsuario(def, `app-${def.app}`, [requireApp(def.app)], admitirUnaVez);

/** A route for a signed-in account whose e-mail may not be verified yet (docs/decisions/0010): the handler takes the account from its token. */
export const cuentaRoute = <K extends Ruta>(def: SinUsuario<K>): RouteDef => sinUsuario(def, 'cuenta', [requireCuenta]);

/** A route anyone may call (no token): the health check, the sign-up (docs/decisions/0010). */
export const publicRoute = <K extends Ruta>(def: SinUsuario<K>): RouteDef => sinUsuario(def, 'anonimo', []);

/** JSON bodies only, declared as such (a form or text post is refused before it is read). */
async function readJson(c: Context): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) throw new AppError(415, 'unsupported-media-type', API_MSG.soloJson);
  try {
    return await c.req.json();
  } catch {
    throw badRequest(API_MSG.jsonInvalido);
  }
}

/**
 * Marketplace staff's routes live under `/plataforma`, and only theirs: a route's prefix tells who
 * may call it. Checked when the app is built, so a misplaced row fails every test at once.
 */
export function checkRouteTable(routes: readonly RouteDef[]): void {
  const seen = new Set<string>();
  for (const r of routes) {
    const id = `${r.method} ${r.path}`;
    if (seen.has(id)) throw new Error(`Ruta repetida en la tabla: ${id}`);
    seen.add(id);
    const onlyPlataforma = Array.isArray(r.access) && r.access.length === 1 && r.access[0] === 'plataforma';
    if (onlyPlataforma !== r.path.startsWith('/plataforma/')) throw new Error(`Las rutas solo para plataforma van bajo /plataforma/, y solo ellas: ${id}`);
    const onlyConductor = Array.isArray(r.access) && r.access.length === 1 && r.access[0] === 'conductor';
    if (onlyConductor !== r.path.startsWith('/integracion/conductor/')) throw new Error(`Las rutas de la app de conductores van bajo /integracion/conductor/, y solo ellas: ${id}`);
    for (const [app, prefijo] of Object.entries(PREFIJO_APP)) {
      if ((r.access === `app-${app}`) !== r.path.startsWith(prefijo)) throw new Error(`Las rutas de la app '${app}' van bajo ${prefijo}, y solo ellas: ${id}`);
    }
  }
}

export function mountRoutes(app: Hono<AuthEnv>, routes: readonly RouteDef[]): void {
  checkRouteTable(routes);
  for (const r of routes) app.on([r.method], [r.path], ...r.middleware, r.handler);
}
