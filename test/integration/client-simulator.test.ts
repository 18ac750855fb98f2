import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONES, startClientSimulator, type ClientSimulator } from '../../scripts/local/client-simulator.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, docClient, idToken, stack, table } from '../support/clients.js';

/**
 * The local client simulator (`npm start`): publishes signed requests, remembers them across a restart
 * in its state file, accepts the cheapest open offer and lets a service without offers expire. Few services, so the shared stack's maps stay
 * as other files expect them.
 */

const dir = mkdtempSync(join(tmpdir(), 'client-simulator-'));
const stateFile = join(dir, 'client-simulator.json');
const seguidos = () => (JSON.parse(readFileSync(stateFile, 'utf8')) as { servicios: { id: string }[] }).servicios.map((s) => s.id);
const servicio = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item;

/** Polls until `check` gives something truthy, or fails at the deadline. */
async function hasta<T>(what: string, check: () => T | Promise<T>, ms = 8_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`sin ${what} en ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let valle: string;
const running: ClientSimulator[] = [];
beforeAll(async () => {
  valle = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('client simulator', () => {
  it('publishes, keeps tracking after a restart and accepts the cheapest open offer', async () => {
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    const opts = { apiUrl: stack().apiUrl, secret: stack().clientAppSecret, log, stateFile, tipos: ['Van', 'Minivan'] as const, publishEveryMs: 60_000 };

    // First run: publishes one service at once and, with acceptance far away, only remembers it.
    const first = startClientSimulator({ ...opts, acceptAfterMs: 60_000 });
    running.push(first);
    const [id] = await hasta('servicio publicado', () => (lines.some((l) => l.startsWith('[cliente] publicó servicio')) ? seguidos() : null));
    await first.stop();
    expect(await servicio(id!)).toMatchObject({ estado: 'pendiente', ciudad: 'Cali' });
    expect(lines[0]).toMatch(/^\[cliente\] publicó servicio \w{8} \((Van|Minivan), \d+ pasajeros\) de .+ → .+, sale /);

    // A company offers on it while the simulator is down.
    const offer = await api(`/servicios/${id}/ofertas`, { token: valle, body: { precio: 1234001 } });
    expect(offer.status, JSON.stringify(offer.json)).toBe(201);

    // Restarted with the same state file, it finds its service and accepts the offer.
    const second = startClientSimulator({ ...opts, acceptAfterMs: 300, acceptShare: 1 });
    running.push(second);
    const aceptado = await hasta('servicio aceptado', async () => {
      const s = await servicio(id!);
      return s?.estado === 'validar' ? s : null;
    });
    expect(aceptado).toMatchObject({ empresaAliada: 'demo-transvalle', valorOferta: 1235000 });
    expect(['epayco', 'transferencia']).toContain(aceptado.metodoPago);
    const linea = await hasta('línea de aceptación', () => lines.find((l) => l.startsWith('[cliente] aceptó')));
    expect(linea).toMatch(/^\[cliente\] aceptó la oferta de Transportes del Valle S\.A\.S\. por \$ 1\.235\.000 \((epayco|transferencia)\)/);
    // Its own new service (published at restart) gets no offer: looked at a few times, then left to expire.
    const dejado = await hasta('servicio sin ofertas', () => lines.find((l) => l.includes('sin ofertas tras')));
    expect(dejado).toMatch(new RegExp(`^\\[cliente\\] servicio (?!${id!.slice(0, 8)})\\w{8} \\((Van|Minivan)\\) sin ofertas tras ${REVISIONES} revisiones: se deja vencer$`));
    expect(seguidos()).toEqual([]);
    await second.stop();
    expect(lines.filter((l) => l.startsWith('[cliente] publicó servicio'))).toHaveLength(2);
    expect(lines.filter((l) => l.includes('error'))).toEqual([]);
  });
});
