import type { ReactNode } from 'react';
import { dialogoAbierto } from './dialogo.js';

/**
 * A tiny store for toasts, so code outside React (the query cache, the API client's callers) can
 * raise one too. `components/toast-area.tsx` renders it with Cloudscape's Flashbar.
 */
export type ToastType = 'success' | 'warning' | 'error' | 'neutral';

export interface Toast {
  id: string;
  type: ToastType;
  header?: ReactNode;
  content?: ReactNode;
  /** A button that acknowledges it (e.g. 'Entendido'); such a toast stays until pressed or closed. */
  action?: string;
  /** When and on which page it was raised, to tell which page it belongs to (see `pageChanged`). */
  raisedAt: number;
  page: string;
  /** Raised while a dialog was open: an error then keeps the spec's 5 s (see `seQueda`). */
  sobreDialogo: boolean;
}

/**
 * docs/spec/01.md section 9: at most 20 at once, 5 s each in the panel's toast area. Beyond the spec, for
 * people who read slowly or reach the toasts by keyboard (WCAG 2.2.1): the time stops while the
 * pointer or the focus is in the area, and errors and warnings stay until closed (or settled by a
 * success, or left behind with their page).
 */
export const MAX_TOASTS = 20;
export const TOAST_DURATION_MS = 5000;
/**
 * Whether a toast stays until closed (docs/decisions/0003). An error raised over a dialog keeps the spec's 5 s: staying, it
 * would cover the dialog, whose focus trap keeps the keyboard from the toast's close button.
 */
const seQueda = (t: Pick<Toast, 'type' | 'action' | 'sobreDialogo'>) => !!t.action || ((t.type === 'error' || t.type === 'warning') && !t.sobreDialogo);
/** A toast raised this shortly before the person moves to another page announces that page (e.g. 'Por favor verifica tu correo'). */
export const CARRY_OVER_MS = 1000;

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

function emit(next: readonly Toast[]): void {
  toasts = next;
  // An empty area is under no pointer or focus (its leave event may never come).
  if (!next.length) {
    pausado = false;
    causas.clear();
  }
  for (const listener of listeners) listener();
}

/** The running timers of the toasts that expire: when each ends, and its timeout while not paused. */
const relojes = new Map<string, { hasta: number; restante: number; timeout?: ReturnType<typeof setTimeout> }>();
let pausado = false;
// What holds the time: the pointer over the area, the focus in it, or both.
const causas = new Set<'puntero' | 'foco'>();

function programar(id: string, ms: number): void {
  const reloj = { hasta: Date.now() + ms, restante: ms, timeout: undefined as ReturnType<typeof setTimeout> | undefined };
  if (!pausado) reloj.timeout = setTimeout(() => dismissToast(id), ms);
  relojes.set(id, reloj);
}

/** The pointer or the focus entered the toast area: no toast expires until both have left. */
export function pausarToasts(causa: 'puntero' | 'foco' = 'puntero'): void {
  causas.add(causa);
  if (pausado) return;
  pausado = true;
  for (const reloj of relojes.values()) {
    clearTimeout(reloj.timeout);
    reloj.restante = Math.max(0, reloj.hasta - Date.now());
  }
}

/** It left: each toast gets back the time it had left, at least a second and a half to finish reading. */
export function reanudarToasts(causa: 'puntero' | 'foco' = 'puntero'): void {
  causas.delete(causa);
  if (!pausado || causas.size) return;
  pausado = false;
  for (const [id, reloj] of relojes) programar(id, Math.max(reloj.restante, 1500));
}

export function dismissToast(id: string): void {
  clearTimeout(relojes.get(id)?.timeout);
  relojes.delete(id);
  if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
}

export function showToast(toast: Omit<Toast, 'id' | 'raisedAt' | 'page' | 'sobreDialogo'>): string {
  const id = `toast-${++nextId}`;
  const page = window.location.pathname;
  // A success settles what failed before it: no old error beside a new success, including one carried
  // here from the page before ('Por favor verifica tu correo' once the code is accepted). The same text
  // said again on the same page replaces its copy (pressing Guardar twice, one message).
  const repetido = (t: Toast) => t.page === page && t.type === toast.type && typeof toast.content === 'string' && t.content === toast.content && t.header === toast.header;
  const kept = toasts.filter((t) => !repetido(t) && !(toast.type === 'success' && t.type === 'error'));
  // Newest first; the oldest ones beyond the limit are dropped.
  const nuevo = { ...toast, id, raisedAt: Date.now(), page, sobreDialogo: typeof document !== 'undefined' && !!dialogoAbierto() };
  const next = [nuevo, ...kept].slice(0, MAX_TOASTS);
  for (const t of toasts) if (!next.includes(t)) dismissToast(t.id);
  emit(next);
  if (!seQueda(nuevo)) programar(id, TOAST_DURATION_MS);
  return id;
}

export const toast = {
  success: (content: ReactNode, header?: ReactNode) => showToast({ type: 'success', content, header }),
  /** Done, with something to look at (a FUEC that could not be checked). */
  warning: (content: ReactNode, header?: ReactNode) => showToast({ type: 'warning', content, header }),
  error: (content: ReactNode, header?: ReactNode) => showToast({ type: 'error', content, header }),
  neutral: (content: ReactNode, header?: ReactNode) => showToast({ type: 'neutral', content, header }),
};

/**
 * A toast belongs to the page it was raised on. When the person moves to another page (a link, the
 * menus, back), the older toasts go; what the step that moved them just raised comes along. The app's
 * own redirects (`replace`, e.g. the panel's home to the map, however long its code takes to load)
 * keep them.
 */
export function pageChanged(action: 'PUSH' | 'POP' | 'REPLACE', now = Date.now()): void {
  if (action === 'REPLACE') return;
  const kept = toasts.filter((toast) => now - toast.raisedAt <= CARRY_OVER_MS);
  if (kept.length !== toasts.length) for (const t of toasts) if (!kept.includes(t)) dismissToast(t.id);
}

/** A session ended: nothing said in it belongs on the next page ('Bienvenido !!' after Salir). */
export function clearToasts(): void {
  for (const t of toasts) dismissToast(t.id);
  pausado = false;
  causas.clear();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;
