import { describe, expect, it } from 'vitest';
import { idCorto } from '../../web/src/lib/format.js';

describe('a service id in a narrow cell', () => {
  it('shortens a UUID to its first 8 characters and leaves a short id whole', () => {
    expect(idCorto('3ec39203-01bf-4240-8f95-af841cb94559')).toBe('3ec39203…');
    expect(idCorto('demo-validar-1')).toBe('demo-validar-1');
    expect(idCorto('demo-vencido-1')).toBe('demo-vencido-1');
  });
});
