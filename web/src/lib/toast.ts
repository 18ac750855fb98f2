import type { ReactNode } from 'react';

/**
 * A tiny store for toasts, so code outside React (the query cache, the API client's callers) can
 * raise one too. `components/toast-area.tsx` renders it with Cloudscape's Flashbar.
 */
export type ToastType = 'success' | 'error' | 'neutral';

export interface Toast {
  id: string;
  type: ToastType;
  header?: ReactNode;
  content?: ReactNode;
}

/** Spec 01 section 9: at most 20 at once, 5 s each in the panel's toast area. */
export const MAX_TOASTS = 20;
export const TOAST_DURATION_MS = 5000;

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: string): void {
  if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
}

export function showToast(toast: Omit<Toast, 'id'>): string {
  const id = `toast-${++nextId}`;
  // Newest first; the oldest ones beyond the limit are dropped.
  emit([{ ...toast, id }, ...toasts].slice(0, MAX_TOASTS));
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export const toast = {
  success: (content: ReactNode, header?: ReactNode) => showToast({ type: 'success', content, header }),
  error: (content: ReactNode, header?: ReactNode) => showToast({ type: 'error', content, header }),
  neutral: (content: ReactNode, header?: ReactNode) => showToast({ type: 'neutral', content, header }),
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;
