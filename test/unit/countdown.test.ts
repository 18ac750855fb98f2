import { describe, expect, it } from 'vitest';
import { haceCuanto, partesHasta } from '../../web/src/features/mapa/components/countdown.js';

describe('the departure countdown', () => {
  const salida = '2026-11-27T15:00:00Z';
  const t = (iso: string) => Date.parse(iso);

  it('counts days, hours, minutes and seconds to the departure, and nothing once it passed', () => {
    expect(partesHasta(salida, t('2026-11-25T13:58:30Z'))).toEqual({ dias: 2, horas: 1, mins: 1, segs: 30 });
    expect(partesHasta(salida, t(salida))).toBeNull();
  });

  it('says how long ago a departure was, to the minute', () => {
    expect(haceCuanto(salida, t('2026-11-27T15:00:59Z'))).toBe('0 min');
    expect(haceCuanto(salida, t('2026-11-27T15:45:00Z'))).toBe('45 min');
    expect(haceCuanto(salida, t('2026-11-27T18:05:00Z'))).toBe('3 h 05 min');
    expect(haceCuanto(salida, t('2026-11-29T19:30:00Z'))).toBe('2 d 4 h');
  });
});
