import { applyMode, Mode } from '@cloudscape-design/global-styles';
import { useSyncExternalStore } from 'react';

/** docs/spec/01.md section 4: light or dark, stored under themeMode, defaulting to the system preference. */
export type ThemeMode = 'light' | 'dark';
const STORAGE_KEY = 'themeMode';

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');
const storedMode = (): ThemeMode | null => {
  const stored = localStorage.getItem(STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : null;
};

let mode: ThemeMode = 'light';
const listeners = new Set<() => void>();

function apply(next: ThemeMode): void {
  mode = next;
  applyMode(next === 'dark' ? Mode.Dark : Mode.Light);
  // Native scrollbars and form controls follow too.
  document.documentElement.style.colorScheme = next;
  for (const listener of listeners) listener();
}

/** Called before the first render, so the page never flashes in the wrong mode. */
export function initThemeMode(): void {
  apply(storedMode() ?? (systemDark().matches ? 'dark' : 'light'));
  // Until the user picks a mode, follow the system when it changes.
  systemDark().addEventListener('change', (event) => {
    if (!storedMode()) apply(event.matches ? 'dark' : 'light');
  });
}

export function setThemeMode(next: ThemeMode): void {
  localStorage.setItem(STORAGE_KEY, next);
  apply(next);
}

export function useThemeMode(): { mode: ThemeMode; toggle: () => void } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mode,
  );
  return { mode: current, toggle: () => setThemeMode(current === 'dark' ? 'light' : 'dark') };
}
