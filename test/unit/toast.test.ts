import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, dismissToast, getToasts, pausarToasts, reanudarToasts, toast } from '../../web/src/lib/toast.js';

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
    toast.success('Vehículo actualizado exitosamente');
    vi.advanceTimersByTime(3000);
    toast.success('Vehículo actualizado exitosamente');
    toast.neutral('Otra cosa');
    expect(getToasts().map((t) => t.content)).toEqual(['Otra cosa', 'Vehículo actualizado exitosamente']);
    // The copy left is the newest: it lives its full 5 s from the second press, not from the first.
    vi.advanceTimersByTime(4000);
    expect(getToasts().map((t) => t.content)).toEqual(['Otra cosa', 'Vehículo actualizado exitosamente']);
    vi.advanceTimersByTime(1000);
    expect(getToasts()).toEqual([]);
  });

  it('keeps errors and warnings until closed; the others go after 5 s', () => {
    toast.success('Logo de la empresa actualizado con éxito');
    toast.error('Error al actualizar el perfil');
    toast.warning('FUEC cargado sin verificar');
    vi.advanceTimersByTime(60_000);
    expect(getToasts().map((t) => t.type)).toEqual(['warning', 'error']);
    dismissToast(getToasts()[0]!.id);
    expect(getToasts().map((t) => t.type)).toEqual(['error']);
  });

  it('stops the time while the pointer or the focus is in the area, and gives it back after', () => {
    toast.success('Perfil actualizado con éxito');
    vi.advanceTimersByTime(4000);
    pausarToasts();
    vi.advanceTimersByTime(30_000);
    expect(getToasts()).toHaveLength(1);
    reanudarToasts();
    // 1 s was left; at least 1.5 s to finish reading.
    vi.advanceTimersByTime(1400);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(getToasts()).toEqual([]);
  });

  it('keeps the time stopped while the focus stays in the area, whatever the pointer does', () => {
    toast.success('Perfil actualizado con éxito');
    pausarToasts('foco');
    pausarToasts('puntero');
    reanudarToasts('puntero');
    vi.advanceTimersByTime(30_000);
    expect(getToasts()).toHaveLength(1);
    reanudarToasts('foco');
    vi.advanceTimersByTime(5000);
    expect(getToasts()).toEqual([]);
  });

  it('lets a success settle the errors of its page, and those carried to it from the page before', () => {
    toast.error('Error al actualizar el perfil');
    toast.success('Perfil actualizado con éxito');
    expect(getToasts().map((t) => t.type)).toEqual(['success']);

    vi.stubGlobal('window', { location: { pathname: '/login' } });
    toast.error('Por favor verifica tu correo');
    vi.stubGlobal('window', { location: { pathname: '/verificar-correo' } });
    toast.success('Correo verificado correctamente. Ya puedes iniciar sesión.');
    expect(getToasts().map((t) => t.content)).toEqual(['Correo verificado correctamente. Ya puedes iniciar sesión.', 'Perfil actualizado con éxito']);
  });
});
