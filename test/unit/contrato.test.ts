import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rutaDe, type Respuesta } from '@shared/api/contrato.js';
import { ROUTES } from '../../lambdas/api/route-table.js';

/** The contract's keys as written in shared/api/contrato.ts (it is types only: nothing to import at run time). */
const clavesDelContrato = () =>
  [...readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'api', 'contrato.ts'), 'utf8').matchAll(/^ {2}'((?:GET|POST|PUT|PATCH|DELETE) \/[^']*)':/gm)].map((m) => m[1]!);

describe('the API contract (shared/api/contrato.ts)', () => {
  it('is exactly what the API mounts: every route of the table is in the contract, and every contract entry is mounted', () => {
    const montadas = ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    const contrato = clavesDelContrato().sort();
    expect(contrato.length).toBeGreaterThan(50);
    expect(montadas).toEqual(contrato);
  });

  it('builds a route’s address with its parameters encoded and its empty query values left out', () => {
    expect(rutaDe('GET /vehiculos/:id', { id: 'a/b c' })).toBe('/vehiculos/a%2Fb%20c');
    expect(rutaDe('GET /plataforma/proveedores/:tipo/:id', { tipo: 'guia', id: 'g-1' })).toBe('/plataforma/proveedores/guia/g-1');
    expect(rutaDe('GET /servicios', {}, { lista: 'pedidos', q: '', cursor: null, empresa: undefined, limite: 20 })).toBe('/servicios?lista=pedidos&limite=20');
  });

  it('refuses, at compile time, a route that is not in the contract, a missing parameter and an answer of another shape', () => {
    // @ts-expect-error: no such route (a renamed route fails the console's type check).
    rutaDe('GET /mapas', {});
    // @ts-expect-error: the path's parameter is required.
    rutaDe('GET /vehiculos/:id', {});
    // @ts-expect-error: the map's answer has `servicios`, not `items`.
    const items: Respuesta<'GET /mapa'>['items'] = [];
    expect(items).toEqual([]);
  });
});
