import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../lambdas/api/app.js';
import { checkRouteTable, type RouteDef } from '../../lambdas/api/define-route.js';
import { ROUTES } from '../../lambdas/api/route-table.js';
import { API_MSG, REGISTRO_MSG } from '../../shared/schemas/messages.js';
import { stack } from '../support/clients.js';
import { allIdentities, type Identity } from '../support/identities.js';

/**
 * Resources of 'demo-transvalle' that routes with path parameters are called with: the other
 * company's admin must never reach them. Every parameter a route declares needs one here.
 */
const PARAM_FIXTURES: Record<string, string> = {};

/** What the table allows an identity on a route: 'ok' (anything but 401/403/5xx), or the refusal. */
function expected(route: RouteDef, who: Identity): 'ok' | 401 | 403 {
  if (route.access === 'anonimo') return 'ok';
  if (!who.role) return 401;
  if (!route.access.includes(who.role)) return 403;
  if (route.perfilCompleto && who.perfilCompleto === false) return 403;
  if (route.path.includes(':') && who.empresaId !== 'demo-transvalle') return 403;
  return 'ok';
}

const fill = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAM_FIXTURES[name];
    if (!value) throw new Error(`Falta un valor de prueba para :${name}`);
    return value;
  });

const SPANISH_REFUSALS = new Set<string>([...Object.values(API_MSG), REGISTRO_MSG.soloAdmin]);

describe('authorization matrix: every route of the table, called as every kind of caller', () => {
  let identities: Identity[];
  beforeAll(async () => {
    identities = await allIdentities();
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
        const res = await fetch(`${stack().apiUrl}${fill(route.path)}`, {
          method: route.method,
          headers: { ...who.headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
          body: route.body ? '{}' : undefined,
        });
        const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        const want = expected(route, who);
        const got = res.status;
        const ok = want === 'ok' ? got < 500 && got !== 401 && got !== 403 : got === want && SPANISH_REFUSALS.has(json?.error?.message ?? '');
        const line = `${route.method} ${route.path} como ${who.name}: ${got} (esperado ${want})${json?.error ? ` "${json.error.message}"` : ''}`;
        outcomes.push(line);
        if (!ok) wrong.push(line);
      }
    }
    console.log(`[matriz] ${ROUTES.length} rutas × ${identities.length} identidades = ${outcomes.length} llamadas, ${wrong.length} fuera de la tabla`);
    expect(wrong).toEqual([]);
    expect(outcomes).toHaveLength(ROUTES.length * identities.length);
  });
});
