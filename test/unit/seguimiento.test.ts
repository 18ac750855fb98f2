import { describe, expect, it } from 'vitest';
import { caducaEn, enlaceVigente, partesDelToken, primerNombre, urlSeguimiento } from '@shared/domain/seguimiento.js';

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
