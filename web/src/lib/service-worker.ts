import { cuandoLibre } from './cuando-libre.js';

/** How long after the page's load event the service worker waits, then for an idle moment. */
const DEMORA_MS = 3000;

/**
 * Registers the service worker (offline shell, installable app) once the first screen is up. On a first
 * visit its install downloads the shell again (about 20 files with the icons); registered at the load
 * event, as vite-plugin-pwa's own script does, that competed with the panel's lazy code and its first
 * API calls. On later visits the worker already controls the page and this finds its registration; the
 * browser itself checks for a new worker on navigation. Built console only (`vite dev` has no worker).
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Without it the console still works, online: worth a line in the console, not a message to the user.
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.warn('Service worker no registrado', err));
  const afterLoad = () => window.setTimeout(() => cuandoLibre(register, DEMORA_MS), DEMORA_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
