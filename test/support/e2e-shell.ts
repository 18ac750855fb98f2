import { page } from './e2e.js';

/*
 * What the console-shell files of test/e2e (shell-sesion, shell-navegacion, shell-carga,
 * shell-app-instalable) share: the bottom bar's tabs and a page clock held still.
 */

/**
 * Installs the page's clock held still from the first page on: its timers (a toast's 5 s, a spinner's
 * second) fire only when the test moves it (page.clock.runFor).
 */
export async function relojQuieto() {
  const ahora = Date.now();
  await page.clock.install({ time: ahora });
  await page.clock.pauseAt(ahora + 1000);
}

export const bottomBar = () => page.getByRole('navigation', { name: 'Navegación inferior' });
/** The tabs' names, without the pending-payments count the badge adds ('3 Pagos Pendientes'). */
export const tabNames = () => bottomBar().getByRole('link').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label')?.replace(/^\d+ /, '')));
