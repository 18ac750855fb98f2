import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { MSG } from '@shared/schemas/messages.js';
import { ESPERA_SPINNER_MS } from '../../web/src/components/loading-screen.js';
import { TOAST_DURATION_MS } from '../../web/src/lib/toast.js';
import { screenshot } from '../support/browser.js';
import { entrarComo, field, page, relojHasta, retener, url, usePage } from '../support/e2e.js';
import { relojQuieto } from '../support/e2e-shell.js';

/*
 * The console shell (one of four shell files, with shell-sesion, shell-navegacion and
 * shell-app-instalable): its timing. A toast's 5 seconds, a load's message and its spinner on the
 * page's clock, and a panel address's code and data fetched side by side.
 */

usePage({ viewport: { width: 1280, height: 800 } });

describe('console shell', () => {
  it('closes a toast by itself after 5 seconds, and reads it out to screen readers', async () => {
    // The page's clock, paused before signing in and moved by the test: the toast's 5 s run on it,
    // however long the machine takes to show it.
    await page.clock.install();
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).waitFor();
    await field('Correo electrónico').fill(DEMO_USERS.staff);
    await field('Contraseña').fill(DEMO_PASSWORD);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const toast = page.getByText(MSG.bienvenido);
    // Raised somewhere in the time the clock moved until it showed (its component may still be loading).
    const hastaVerlo = await relojHasta(() => toast.isVisible());
    // Inside a polite live region (the toast area, always on the page), so a screen reader reads it out.
    expect(await page.locator('[aria-live="polite"]').filter({ has: toast }).count()).toBe(1);
    // Still there a tenth of a second before its 5 s can have passed, gone once they surely have.
    await page.clock.runFor(TOAST_DURATION_MS - hastaVerlo - 100);
    expect(await toast.count()).toBe(1);
    await page.clock.runFor(hastaVerlo + 200);
    await page.clock.resume();
    await toast.waitFor({ state: 'detached' });
  });

  it('shows a load’s message at once and its spinner only after a second', async () => {
    await entrarComo('admin');
    // When each first shows, timed in the page (on its clock): the loading message, then a spinner in its place.
    await page.addInitScript(() => {
      const carga: { mensaje?: number; spinner?: number } = ((window as unknown as { __carga: typeof carga }).__carga = {});
      new MutationObserver(() => {
        const lugar = document.querySelector('.loading-screen__spinner');
        if (lugar) carga.mensaje ??= performance.now();
        if (lugar?.firstElementChild) carga.spinner ??= performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    // `/me` held until the test lets it go: the screen shows its loading state meanwhile.
    let soltarMe!: () => void;
    const meSuelto = new Promise<void>((listo) => (soltarMe = listo));
    await page.route(/\/me$/, (route) => retener(route, route.request().method() === 'GET' ? meSuelto : 0));
    const mePedido = page.waitForRequest((r) => r.method() === 'GET' && /\/me$/.test(r.url()));
    // The clock held: only the test moves the second on.
    await relojQuieto();
    await page.goto(url('/panel-control/monitor-map'));
    await mePedido;
    const spinner = page.locator('.loading-screen__spinner > *');
    await page.getByRole('status').filter({ hasText: 'Cargando...' }).first().waitFor();
    expect(await spinner.count()).toBe(0);
    // Moved on until the spinner shows (a second after the message, counting a screen that took the place of another).
    await expect.poll(async () => {
      await page.clock.runFor(100);
      return spinner.count();
    }).toBeGreaterThan(0);
    const carga = await page.evaluate(() => (window as unknown as { __carga: { mensaje: number; spinner: number } }).__carga);
    expect(carga.spinner - carga.mensaje).toBeGreaterThanOrEqual(ESPERA_SPINNER_MS);
    await screenshot(page, 'cargando');
    soltarMe();
    await page.unroute(/\/me$/);
    await page.clock.resume();
    await page.getByRole('region', { name: 'Mapa de servicios' }).waitFor();
  });

  it('fetches a panel address code and data side by side', async () => {
    await entrarComo('admin');
    // What happened, in order: requests asked for, and `/me` answered.
    const eventos: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET') eventos.push(new URL(r.url()).pathname);
    });
    page.on('requestfinished', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith('/me')) eventos.push('/me respondido');
    });
    // `/me` held until the list has been asked for: the screen waits for it (who may see what), its data
    // need not. (Should the list wait for `/me` after all, `/me` goes on after 5 s and the order below fails.)
    const listaPedida = page.waitForRequest((r) => r.method() === 'GET' && /\/vehiculos$/.test(r.url()), { timeout: 5000 }).catch(() => undefined);
    await page.route(/\/me$/, (route) => retener(route, route.request().method() === 'GET' ? listaPedida : 0));
    // Opened on the fleet's address, as a bookmark or a reload does.
    await page.goto(url('/panel-control/gestiona-flota'));
    await page.getByRole('table', { name: 'Vehículos de la flota' }).getByRole('row').nth(1).waitFor();
    await page.unroute(/\/me$/);
    const indice = (match: (e: string) => boolean) => eventos.findIndex(match);
    const chunk = indice((e) => /^\/assets\/flota-page-.*\.js$/.test(e));
    // The screen's code was asked for before `/me`, and its list before `/me` answered: not one after
    // the other, in the render's order.
    expect(chunk, eventos.join('\n')).toBeGreaterThanOrEqual(0);
    expect(chunk, eventos.join('\n')).toBeLessThan(indice((e) => e.endsWith('/me')));
    expect(indice((e) => e.endsWith('/vehiculos')), eventos.join('\n')).toBeLessThan(indice((e) => e === '/me respondido'));
    // The list fetched ahead is the one the screen shows: asked for once.
    expect(eventos.filter((e) => e.endsWith('/vehiculos')), eventos.join('\n')).toHaveLength(1);

    // A paged list too: its first page, fetched ahead under the list's own query, is asked for once.
    eventos.length = 0;
    await page.goto(url('/panel-control/reservas'));
    await page.getByRole('tab', { name: 'Pedidos' }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).or(page.getByText('No hay pedidos pendientes')).first().waitFor();
    expect(eventos.filter((e) => e.endsWith('/servicios')), eventos.join('\n')).toHaveLength(1);
  });
});
