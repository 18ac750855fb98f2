import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, idCorto } from '../../web/src/lib/format.js';

describe('a service id in a narrow cell', () => {
  it('shortens a UUID to its first 8 characters and leaves a short id whole', () => {
    expect(idCorto('3ec39203-01bf-4240-8f95-af841cb94559')).toBe('3ec39203…');
    expect(idCorto('demo-validar-1')).toBe('demo-validar-1');
    expect(idCorto('demo-vencido-1')).toBe('demo-vencido-1');
  });
});

describe('times', () => {
  it('keep "a. m." and "p. m." with their time, whichever break a narrow cell allows', () => {
    // 1:42 a. m. and 9:26 p. m. in Bogotá (UTC-5).
    expect(formatTime('2026-11-27T06:42:00Z')).toBe('1:42\u00a0a.\u00a0m.');
    expect(formatDateTime('2026-11-26T02:26:00Z')).toMatch(/^25\/11\/2026, 9:26\u00a0p\.\u00a0m\.$/);
    // The only breaks left are between date and time.
    expect(formatDateTime('2026-11-26T02:26:00Z').split(' ')).toHaveLength(2);
  });
});
