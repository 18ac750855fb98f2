import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../lambdas/api/app.js';
import { checkRouteTable, type RouteDef } from '../../lambdas/api/define-route.js';
import { ROUTES } from '../../lambdas/api/route-table.js';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';
import { API_MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { INTEGRACION_MSG, MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, stack, table } from '../support/clients.js';
import { allIdentities, type Identity } from '../support/identities.js';

/**
 * The values routes with path parameters are called with; every parameter a route declares needs
 * one here. `owner` is the company whose resource the value names: any other company must get a
 * not-found (never the resource, never a hint that it exists). A value without an owner names
 * nothing of a company's (a plate check looks in the caller's own company), so every company with
 * access gets an answer.
 */
const PARAM_FIXTURES: Record<string, { value: string; owner?: string }> = {
  id: { value: 'veh-demo-transvalle-001', owner: 'demo-transvalle' },
  placas: { value: 'VCK512' },
  /**
   * A reservation of the demo company, driven by the demo driver's vehicle: the client app reads it,
   * the driver may act on it, another company must not.
   */
  servicioId: { value: 'demo-reservado-2', owner: 'demo-transvalle' },
  /** The provider panel's: a list, a kind of provider and (with `id` above) a driver of the demo fleet. */
  lista: { value: 'conductores-por-validar' },
  tipo: { value: 'conductor' },
  /** Payments: a method of the payments to validate and a vehicle whose referrer is owed the reward. */
  metodo: { value: 'transferencia' },
  vehiculoId: { value: 'veh-demo-transvalle-006' },
  /** An ePayco charge to refund (the demo's client who paid twice). */
  ref: { value: '4471203' },
  /** The live link of the demo's trip under way (its secret is made by the seed: read in beforeAll). */
  token: { value: '' },
};

const paramsOf = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

type Expected = 'ok' | 400 | 401 | 403 | 404;

/**
 * What the table allows an identity on a route: 'ok' (200 for a read; for a write anything but
 * 401/403/404/5xx, as `{}` may be refused), or the refusal.
 * Another company's resource is 404, or 400 on a body route: the body (here `{}`) is checked before
 * the record is looked up, so the answer is that check's first message, and never a 2xx.
 */
function expected(route: RouteDef, who: Identity): Expected {
  if (route.access === 'anonimo') return 'ok';
  // The verification code's routes: any account signed in (its e-mail verified or not), no app, nobody without a token.
  if (route.access === 'cuenta') return who.role ? 'ok' : 401;
  // An app's routes open to its own signature alone; its signature opens no other route.
  if (typeof route.access === 'string') return route.access === `app-${who.app}` ? 'ok' : 401;
  if (!who.role) return 401;
  if (!route.access.includes(who.role)) return 403;
  if (route.perfilCompleto && who.perfilCompleto === false) return 403;
  // Marketplace staff have no company: their routes name records of every company.
  const foreign = who.role !== 'plataforma' && paramsOf(route.path).some((name) => {
    const owner = PARAM_FIXTURES[name]?.owner;
    return owner !== undefined && who.empresaId !== owner;
  });
  if (foreign) return route.body ? 400 : 404;
  return 'ok';
}

const fill = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const fixture = PARAM_FIXTURES[name];
    if (!fixture) throw new Error(`Falta un valor de prueba para :${name}`);
    return encodeURIComponent(fixture.value);
  });

/** The first message of the route's own body check for `{}`: what a 400 must say. */
function emptyBodyMessage(route: RouteDef): string {
  const result = route.body!.safeParse({});
  if (result.success) throw new Error(`${route.method} ${route.path} acepta un cuerpo vacío`);
  return result.error.issues[0]!.message;
}

const SPANISH_REFUSALS = new Set<string>([
  ...Object.values(API_MSG),
  REGISTRO_MSG.soloAdmin,
  VEHICULO_MSG.soloAdmin,
  VEHICULO_MSG.noEncontrado,
  MAPA_MSG.servicioNoEncontrado,
  INTEGRACION_MSG.firmaRequerida,
  INTEGRACION_MSG.firmaInvalida,
]);

describe('authorization matrix: every route of the table, called as every kind of caller', () => {
  let identities: Identity[];
  beforeAll(async () => {
    identities = await allIdentities();
    const enCurso = (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: 'demo-encurso-1' } }))).Item!;
    PARAM_FIXTURES.token!.value = `demo-encurso-1.${String(enCurso.seguimiento)}`;
  });

  it('mounts exactly the routes of the table (none added beside it)', () => {
    const mounted = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    expect([...mounted].sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('keeps marketplace-staff routes under /plataforma/, and only them', () => {
    expect(() => checkRouteTable(ROUTES)).not.toThrow();
    const row = (path: string, access: RouteDef['access']): RouteDef => ({ ...ROUTES[1]!, path, access });
    expect(() => checkRouteTable([row('/pagos', ['plataforma'])])).toThrow(/plataforma/);
    expect(() => checkRouteTable([row('/plataforma/pagos', ['admin', 'plataforma'])])).toThrow(/plataforma/);
  });

  it('answers each call as the table allows, with Spanish refusals and no server error', async () => {
    const outcomes: string[] = [];
    const wrong: string[] = [];
    for (const route of ROUTES) {
      for (const who of identities) {
        const path = fill(route.path);
        const body = route.body ? '{}' : undefined;
        const secret = who.app === 'proveedores' ? stack().providerAppSecret : stack().clientAppSecret;
        const signed = who.app ? cabecerasApp(secret, route.method, path, body ?? '', new Date(), who.app) : {};
        const res = await fetch(`${stack().apiUrl}${path}`, {
          method: route.method,
          headers: { ...who.headers, ...signed, ...(route.body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        const want = expected(route, who);
        const got = res.status;
        const message = json?.error?.message ?? '';
        const ok =
          want === 'ok'
            ? // A read the table allows answers it; a write may refuse the empty body, but not the caller.
              route.method === 'GET' ? got === 200 : got < 500 && got !== 401 && got !== 403 && got !== 404
            : got === want && (want === 400 ? message === emptyBodyMessage(route) : SPANISH_REFUSALS.has(message));
        const line = `${route.method} ${route.path} como ${who.name}: ${got} (esperado ${want})${json?.error ? ` "${json.error.message}"` : ''}`;
        outcomes.push(line);
        if (!ok) wrong.push(line);
      }
    }
    console.log(`[matriz] ${ROUTES.length} rutas × ${identities.length} identidades = ${outcomes.length} llamadas, ${wrong.length} fuera de la tabla`);
    expect(wrong).toEqual([]);
    expect(outcomes).toHaveLength(ROUTES.length * identities.length);
    // The other company's rows were really tried: its own plate check answers, the vehicle is not found.
    const otra = 'como administrador de otra empresa (perfil completo)';
    expect(outcomes).toContain(`GET /vehiculos/:id ${otra}: 404 (esperado 404) "${VEHICULO_MSG.noEncontrado}"`);
    expect(outcomes).toContain(`GET /vehiculos/placas/:placas ${otra}: 200 (esperado ok)`);
    expect(outcomes).toContain(`GET /servicios/:servicioId ${otra}: 404 (esperado 404) "${MAPA_MSG.servicioNoEncontrado}"`);
    expect(outcomes).toContain('GET /integracion/cliente/servicios/:servicioId/ofertas como app de clientes (firma propia): 200 (esperado ok)');
    expect(outcomes).toContain(`GET /mapa como app de clientes (firma propia): 401 (esperado 401) "${API_MSG.noAutenticado}"`);
    // The provider panel: marketplace staff only; a company admin is refused, one app's key opens none of the other's routes.
    expect(outcomes).toContain('GET /plataforma/proveedores/resumen como plataforma: 200 (esperado ok)');
    expect(outcomes).toContain(`GET /plataforma/proveedores/resumen como administrador de la empresa: 403 (esperado 403) "${API_MSG.sinPermiso}"`);
    expect(outcomes).toContain(`PUT /integracion/proveedores/guias/:id como app de clientes (firma propia): 401 (esperado 401) "${INTEGRACION_MSG.firmaInvalida}"`);
  });
});
