import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { mesDe } from '@shared/domain/cifras.js';
import { SEGUIMIENTO_MSG } from '@shared/schemas/messages-servicios.js';
import type { Service } from '@shared/schemas/service.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, docClient, idToken, table, useFunctionEnv } from '../support/clients.js';
import { servicioReservado } from '../support/servicios.js';

/**
 * Issue 48 attacked (the live trip link, the expiry alerts' switch, the company's figures): what the
 * other attack files leave out. Each test names the attack and what must hold.
 *
 * The trips here belong to a company of their own (no record, no console user): nothing another file
 * counts (the demo fleets, the demo companies' figures) moves, and the vehicle is this file's alone.
 */
const EMPRESA = `ataque48-${randomUUID().slice(0, 8)}`;
const VEHICULO = `veh-${EMPRESA}`;
const SISTEMA = { tipo: 'sistema', nombre: 'ataque-48' } as const;

let admin: string;
let andino: string;
let operador: string;
let plataforma: string;
let repo: {
  markTripStarted: (id: string, empresaId: string, now?: Date) => Promise<boolean>;
  finalizar: (s: Service, quien: typeof SISTEMA, now: Date) => Promise<boolean>;
  get: (id: string) => Promise<Service | null>;
};

beforeAll(async () => {
  useFunctionEnv();
  ({ serviceRepository: repo } = (await import('../../lambdas/data/service-repository.js')) as unknown as { serviceRepository: typeof repo });
  [admin, andino, operador, plataforma] = (await Promise.all([DEMO_USERS.admin, DEMO_USERS.admin3, DEMO_USERS.staff, DEMO_USERS.plataforma].map((u) => idToken(u, DEMO_PASSWORD)))) as [string, string, string, string];
});

const guardado = async (tabla: 'services' | 'cifras', Key: Record<string, string>) => (await docClient().send(new GetCommand({ TableName: table(tabla), Key }))).Item;
const publico = (t: string) => api(`/seguimiento/${t}`);
const tokenDe = async (id: string) => `${id}.${String((await guardado('services', { id }))!.seguimiento)}`;

/** A confirmed trip of this file's company on its vehicle (none with `vehiculoId: ''`), departing at `salida`, started by the job's own write at `inicio`. */
async function viaje(salida: Date, inicio: Date, { destino, vehiculoId = VEHICULO }: { destino?: string; vehiculoId?: string } = {}): Promise<string> {
  const id = await servicioReservado(EMPRESA, { tipo: 'Suv', pasajeros: 4, ...(destino ? { destino } : {}) }, 3, {
    estado: 'confirmado', fuec: true, fechaSalida: salida.toISOString(), fechaRegreso: null, ...(vehiculoId ? { vehiculoId } : {}), placas: 'ATK480', conductor: 'Rosa Elena Prado',
  });
  expect(await repo.markTripStarted(id, EMPRESA, inicio)).toBe(true);
  return id;
}

describe('the live trip link, attacked', () => {
  it("never shows a later trip's position on an earlier trip's link that nobody ended", async () => {
    const hora = 3600_000;
    // Trip A: departed 20 hours ago without return (it holds the vehicle 12 hours), started, never
    // ended: it stays under way, and its link with it.
    const a = await viaje(new Date(Date.now() - 20 * hora), new Date(Date.now() - 21 * hora));
    // Trip B of another client, an hour from now on the same vehicle (A's window is over, so assignment
    // admits it; the agenda is what the two assignments leave), started by the job now.
    const b = await viaje(new Date(Date.now() + hora), new Date());
    const [sa, sb] = [(await guardado('services', { id: a }))!, (await guardado('services', { id: b }))!];
    await docClient().send(
      new PutCommand({
        TableName: table('vehiculos'),
        Item: {
          id: VEHICULO, empresaAliada: EMPRESA, placas: 'ATK480',
          agenda: [a, b].map((id, i) => ({ servicioId: id, fechaSalida: String([sa, sb][i]!.fechaSalida), fechaRegreso: null })),
          // The driver app's report now, on the way to B's passengers.
          latitud: 4.6097, longitud: -74.0817, posicionEn: new Date().toISOString(),
        },
      }),
    );
    // B's passengers see the vehicle; A's (another client's) must not.
    expect((await publico(await tokenDe(b))).json.posicion).toMatchObject({ lat: 4.6097, lng: -74.0817 });
    const vistaA = await publico(await tokenDe(a));
    expect(vistaA.status).toBe(200);
    expect(vistaA.json.estado).toBe('en_curso');
    expect(vistaA.json.posicion).toBeNull();
  });

  it('answers a variant of a token (case, padding, trailing characters, encoded dot) as no link, without spoiling the real one', async () => {
    const id = await viaje(new Date(Date.now() + 3600_000), new Date());
    const t = await tokenDe(id);
    const [, secreto] = t.split('.') as [string, string];
    // The first letter's case flipped (the old helper flipped it back when the secret began with one).
    const cambiarCaso = (x: string) => x.replace(/[A-Za-z]/, (ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()));
    const variantes = [`${id.toUpperCase()}.${secreto}`, `${id}.${cambiarCaso(secreto)}`, `${t}=`, `${t}%20`, `${t}%00`, `${t}/`, `${id}%2E${secreto}x`, `${id}..${secreto}`, `%20${t}`, `${'9'.repeat(5000)}.${secreto}`];
    for (const v of variantes) {
      const res = await publico(v);
      expect(res.status, v).toBe(404);
      // The link's own not-found, or the router's for a path that is no route (a trailing slash).
      expect([SEGUIMIENTO_MSG.noDisponible, 'No encontramos el recurso solicitado.'], v).toContain(res.json.error.message);
    }
    // The encoded dot is the same token: the same trip, nothing else.
    expect((await publico(`${id}%2E${secreto}`)).json.placas).toBe('ATK480');
    expect((await publico(t)).status).toBe(200);
  });
});

describe("the company's figures, attacked", () => {
  it('keep a route whose destination has an emoji at the cut as a well-formed name, and still end the trip', async () => {
    // The route's name is cut at 120 UTF-16 units: an emoji there was split in half (a lone surrogate,
    // an attribute name DynamoDB in AWS refuses as invalid UTF-8: the trip could never end).
    const probe = await servicioReservado(EMPRESA, { tipo: 'Suv', pasajeros: 4 });
    const ciudad = String((await guardado('services', { id: probe }))!.ciudad);
    const destino = `Finca ${'x'.repeat(120 - `${ciudad} → `.length - 'Finca '.length - 1)}😀 Palmira`;
    const id = await viaje(new Date(Date.now() - 30 * 60_000), new Date(Date.now() - 3600_000), { destino, vehiculoId: '' });
    const s = (await repo.get(id))!;
    expect(await repo.finalizar(s, SISTEMA, new Date())).toBe(true);
    const mes = (await guardado('cifras', { empresaId: EMPRESA, mes: mesDe(new Date()) }))!;
    const rutas = Object.keys(mes).filter((k) => k.startsWith('r#'));
    expect(rutas.length).toBeGreaterThan(0);
    for (const r of rutas) expect(/\p{Cs}/u.test(r), JSON.stringify(r)).toBe(false);
  });

  it("are the caller's company's only: no query, header or body names another company", async () => {
    const propia = (await api('/resumen', { token: admin })).json;
    const ajena = (await api('/resumen', { token: andino })).json;
    for (const truco of ['?empresa=demo-transvalle', '?empresaId=demo-transvalle', '?empresaAliada=demo-transvalle'])
      expect((await api(`/resumen${truco}`, { token: andino })).json).toEqual(ajena);
    expect((await api('/resumen', { token: andino, headers: { 'x-empresa-id': 'demo-transvalle' } })).json).toEqual(ajena);
    expect(JSON.stringify(ajena)).not.toEqual(JSON.stringify(propia));
    for (const token of [operador, plataforma]) expect((await api('/resumen', { token })).status).toBe(403);
    expect((await api('/resumen')).status).toBe(401);
  });
});

describe('the expiry alerts switch, attacked', () => {
  it('refuses bad bodies and never moves another company or user', async () => {
    for (const body of [{}, { activos: 'true' }, { activos: 1 }, { activos: null }, []])
      expect((await api('/perfil/avisos', { token: andino, method: 'PUT', body })).status, JSON.stringify(body)).toBe(400);
    expect((await api('/perfil/avisos', { token: operador, method: 'PUT', body: { activos: true } })).status).toBe(403);
    // A company or user named in the body is not taken: the caller's own record moves, to its own company.
    const res = await api('/perfil/avisos', { token: andino, method: 'PUT', body: { activos: true, empresaId: 'demo-transvalle', sub: 'x', avisos: 'demo-transvalle' } });
    expect(res.status).toBe(200);
    const sub = JSON.parse(Buffer.from(andino.split('.')[1]!, 'base64url').toString()).sub as string;
    const usuario = (await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id: sub } }))).Item;
    expect(usuario?.avisos).toBe('demo-andino');
  });
});
