import { describe, expect, it } from 'vitest';
import { rutaDe } from '@shared/domain/cifras.js';
import { caducaEn, enlaceVigente, partesDelToken, posicionDelViaje, primerNombre, urlSeguimiento } from '@shared/domain/seguimiento.js';

const SECRETO = 'abcdefghijABCDEFGHIJ0123456789_-';

describe('the live trip link (docs/decisions/0014)', () => {
  it('reads a token as the service id and a 32-character secret, and nothing else', () => {
    expect(partesDelToken(`srv-1.${SECRETO}`)).toEqual({ servicioId: 'srv-1', secreto: SECRETO });
    for (const malo of ['srv-1', `srv-1.${SECRETO}x`, `srv-1.${SECRETO.slice(1)}`, `srv_1.${SECRETO}`, `.${SECRETO}`, `${'a'.repeat(65)}.${SECRETO}`, `srv-1.${SECRETO.slice(1)}=`, `../x.${SECRETO}`])
      expect(partesDelToken(malo), malo).toBeNull();
    expect(urlSeguimiento('https://consola.example.co/', 'srv-1', SECRETO)).toBe(`https://consola.example.co/seguimiento/srv-1.${SECRETO}`);
  });

  it('works while the trip is under way and for two hours after its end, never without a secret', () => {
    const now = new Date('2026-12-07T15:00:00.000Z');
    const enCurso = { estado: 'confirmado', recorridoIniciado: true, seguimiento: SECRETO } as const;
    expect(enlaceVigente(enCurso, now)).toBe(true);
    expect(caducaEn(enCurso)).toBeNull();
    expect(enlaceVigente({ ...enCurso, seguimiento: undefined }, now)).toBe(false);
    expect(enlaceVigente({ ...enCurso, recorridoIniciado: false }, now)).toBe(false);
    const fin = (hace: number) => ({ ...enCurso, estado: 'finalizado', finalizadoEn: new Date(now.getTime() - hace).toISOString() }) as const;
    expect(enlaceVigente(fin(2 * 3600_000 - 1), now)).toBe(true);
    expect(enlaceVigente(fin(2 * 3600_000), now)).toBe(false);
    expect(caducaEn(fin(0))?.toISOString()).toBe('2026-12-07T17:00:00.000Z');
    expect(enlaceVigente({ ...enCurso, estado: 'cancelado' }, now)).toBe(false);
  });

  it("gives the passengers the driver's first name only", () => {
    expect(primerNombre('  Ana María Lozano ')).toBe('Ana');
    expect(primerNombre('Jhon')).toBe('Jhon');
  });
});

describe("a trip's position and route, attacked (issue 48)", () => {
  it("shows the vehicle's report only while no later trip of its agenda could have started", () => {
    const a = { id: 'a', fechaSalida: '2026-12-06T12:00:00.000Z', recorridoIniciadoEn: '2026-12-06T11:00:00.000Z' };
    const agenda = [{ servicioId: 'a', fechaSalida: a.fechaSalida }, { servicioId: 'b', fechaSalida: '2026-12-07T12:00:00.000Z' }];
    expect(posicionDelViaje(a, '2026-12-06T10:59:59.000Z', agenda)).toBe(false);
    expect(posicionDelViaje(a, '2026-12-06T18:00:00.000Z', agenda)).toBe(true);
    // B may start 2 hours before its departure: from then on the vehicle is B's.
    expect(posicionDelViaje(a, '2026-12-07T09:59:59.000Z', agenda)).toBe(true);
    expect(posicionDelViaje(a, '2026-12-07T10:00:00.000Z', agenda)).toBe(false);
    // B's own link is not held back by the earlier trip A.
    expect(posicionDelViaje({ id: 'b', fechaSalida: '2026-12-07T12:00:00.000Z', recorridoIniciadoEn: '2026-12-07T10:00:00.000Z' }, '2026-12-07T10:30:00.000Z', agenda)).toBe(true);
  });

  it("cuts a route's name by characters, never through an emoji", () => {
    const ruta = rutaDe({ ciudad: 'Cali', destino: `${'x'.repeat(112)}😀 Palmira` });
    expect([...ruta]).toHaveLength(120);
    expect(/\p{Cs}/u.test(ruta)).toBe(false);
    expect(ruta.endsWith('x😀')).toBe(true);
  });
});
