import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts, toast } from '../../web/src/lib/toast.js';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { location: { pathname: '/panel-control/perfil' } });
  });
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says the same text once on a page, however often it is raised', () => {
    toast.error('Por favor, complete todos los campos requeridos');
    vi.advanceTimersByTime(3000);
    toast.error('Por favor, complete todos los campos requeridos');
    toast.neutral('Otra cosa');
    expect(getToasts().map((t) => t.content)).toEqual(['Otra cosa', 'Por favor, complete todos los campos requeridos']);
    // The copy left is the newest: it lives its full 5 s from the second press, not from the first.
    vi.advanceTimersByTime(4000);
    expect(getToasts().map((t) => t.content)).toEqual(['Otra cosa', 'Por favor, complete todos los campos requeridos']);
    vi.advanceTimersByTime(1000);
    expect(getToasts()).toEqual([]);
  });

  it('lets a success settle the errors of its page', () => {
    toast.error('Error al actualizar el perfil');
    toast.success('Perfil actualizado con éxito');
    expect(getToasts().map((t) => t.type)).toEqual(['success']);
  });
});
