import { describe, expect, it } from 'vitest';
import { estadoMapa, marcadorVencido, MAX_PROPIOS_MAPA, MAX_SERVICIOS_MAPA, newestAcross, serviciosDelMapa } from '@shared/domain/mapa.js';

/** Lists of numbers sorted newest (largest) first, served a page at a time like the map's index. */
function paged(lists: number[][], firstPage: number) {
  const read = { items: 0, calls: 0 };
  const pos = lists.map(() => firstPage);
  const take = (i: number, n: number) => {
    read.calls++;
    const page = lists[i]!.slice(pos[i], pos[i]! + n);
    pos[i]! += n;
    read.items += page.length;
    return page;
  };
  const first = lists.map((l) => {
    read.calls++;
    read.items += Math.min(firstPage, l.length);
    return l.slice(0, firstPage);
  });
  return { read, first, more: async (i: number, missing: number) => (pos[i]! >= lists[i]!.length ? null : take(i, missing)) };
}

describe('newestAcross (the map feed merge)', () => {
  it('returns the newest 50 across the lists, in order, reading about 50 plus the first pages', async () => {
    // One type holds all the newest services: the worst case for a first page of 17 per type.
    const a = Array.from({ length: 500 }, (_, i) => 10_000 - i);
    const b = Array.from({ length: 500 }, (_, i) => 5_000 - i);
    const c = Array.from({ length: 500 }, (_, i) => 4_000 - i);
    const { read, first, more } = paged([a, b, c], 17);
    const out = await newestAcross(first, (x, y) => x > y, 50, more);
    expect(out).toEqual(a.slice(0, 50));
    expect(read.items).toBeLessThanOrEqual(50 + 2 * 17);
  });

  it('interleaves lists and stops when they run out', async () => {
    const { first, more } = paged([[9, 7, 5], [8, 6], []], 2);
    expect(await newestAcross(first, (x, y) => x > y, 50, more)).toEqual([9, 8, 7, 6, 5]);
  });
});

describe('estadoMapa', () => {
  it("is 'ofertas' for a pending service this company offered on, 'validando' for validar", () => {
    expect(estadoMapa({ estado: 'pendiente', oferentes: ['a'] }, 'a')).toBe('ofertas');
    expect(estadoMapa({ estado: 'pendiente', oferentes: ['a'] }, 'b')).toBe('pendiente');
    expect(estadoMapa({ estado: 'validar', oferentes: [] }, 'a')).toBe('validando');
    expect(estadoMapa({ estado: 'reservado', oferentes: [] }, 'a')).toBe('reservado');
  });
});

describe('marcadorVencido', () => {
  it("marks a reservation still validating or reserved whose departure passed, as the lists' 'Vencida'", () => {
    const now = new Date('2026-11-27T15:00:00Z');
    const salio = '2026-11-27T14:59:59Z';
    expect(marcadorVencido({ estado: 'validando', fechaSalida: salio }, now)).toBe(true);
    expect(marcadorVencido({ estado: 'reservado', fechaSalida: salio }, now)).toBe(true);
    expect(marcadorVencido({ estado: 'reservado', fechaSalida: '2026-11-27T15:00:01Z' }, now)).toBe(false);
    for (const estado of ['pendiente', 'ofertas', 'confirmado', 'finalizado'] as const) expect(marcadorVencido({ estado, fechaSalida: salio }, now)).toBe(false);
  });
});

describe('serviciosDelMapa (what the 50 markers are)', () => {
  const propios = Array.from({ length: 80 }, (_, i) => `propio-${i}`);
  const pendientes = (n: number) => Array.from({ length: n }, (_, i) => `pendiente-${i}`);

  it("keeps room for the pending requests however busy the company is: its own take at most 25 while there are 25 to offer on", () => {
    const out = serviciosDelMapa(propios, pendientes(50));
    expect(out).toHaveLength(MAX_SERVICIOS_MAPA);
    expect(out.filter((s) => s.startsWith('propio'))).toEqual(propios.slice(0, MAX_PROPIOS_MAPA));
    expect(out.filter((s) => s.startsWith('pendiente'))).toHaveLength(MAX_SERVICIOS_MAPA - MAX_PROPIOS_MAPA);
  });

  it('gives either side the room the other does not use', () => {
    expect(serviciosDelMapa(propios, pendientes(10)).filter((s) => s.startsWith('propio'))).toEqual(propios.slice(0, 40));
    expect(serviciosDelMapa(propios.slice(0, 3), pendientes(60))).toEqual([...propios.slice(0, 3), ...pendientes(47)]);
    expect(serviciosDelMapa([], [])).toEqual([]);
  });
});
