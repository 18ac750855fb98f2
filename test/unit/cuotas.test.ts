import { describe, expect, it } from 'vitest';
import { contadorCuota, enCuanto, ventanaCuota } from '@shared/domain/cuotas.js';

/** Quota windows and how a 429 words the wait (shared/domain/cuotas.ts). */
describe('quota windows', () => {
  it('keys an hour and a day in UTC, and says when each ends', () => {
    const t = new Date('2026-12-07T17:42:10Z');
    expect(ventanaCuota('hora', t)).toEqual({ clave: '2026120717', finS: Date.parse('2026-12-07T18:00:00Z') / 1000 });
    expect(ventanaCuota('dia', t)).toEqual({ clave: '20261207', finS: Date.parse('2026-12-08T00:00:00Z') / 1000 });
    expect(contadorCuota('subidasEmpresa', 'demo-transvalle', 'hora', t)).toBe('subidasEmpresa#demo-transvalle#2026120717');
    // The last second of an hour is still that hour.
    expect(ventanaCuota('hora', new Date('2026-12-07T17:59:59.999Z')).clave).toBe('2026120717');
  });

  it('words the wait in minutes, then in hours, always rounded up', () => {
    expect(enCuanto(5)).toBe('en 1 minuto');
    expect(enCuanto(61)).toBe('en 2 minutos');
    expect(enCuanto(17 * 60 + 50)).toBe('en 18 minutos');
    expect(enCuanto(89 * 60)).toBe('en 89 minutos');
    expect(enCuanto(6 * 3600 + 10)).toBe('en 7 horas');
  });
});
