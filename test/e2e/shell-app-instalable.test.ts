import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { page, url, usePage } from '../support/e2e.js';
import { relojQuieto } from '../support/e2e-shell.js';

/*
 * The console shell (one of four shell files, with shell-sesion, shell-navegacion and shell-carga): the
 * installable app, its installation offer and its service worker. The only e2e file whose contexts
 * allow a service worker (test/support/e2e.ts blocks it everywhere else).
 */

// The service worker is what this file is about.
usePage({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

/** How long after the load event the service worker waits before it registers (lib/service-worker.ts). */
const DEMORA_SW_MS = 3000;

/**
 * Lets the page show what it was just told, when that needs no download: React's renders (two frames
 * each side) and its hold-back of what replaces a fallback (300 ms, on the page's clock, installed).
 */
async function dejarMostrar() {
  const dosCuadros = () => page.evaluate(() => new Promise((listo) => requestAnimationFrame(() => requestAnimationFrame(listo))));
  await dosCuadros();
  await page.clock.runFor(1000);
  await dosCuadros();
}

describe('console shell', () => {
  it('offers installation only when the browser does, and then calls its prompt', async () => {
    // The page's clock, for the dialog's moment below.
    await page.clock.install();
    await page.goto(url('/login'));
    await page.getByLabel('Correo electrónico').waitFor();
    expect(await page.getByRole('button', { name: 'Instalar ahora' }).count()).toBe(0);

    // Chromium offers installation with this event; headless never does, so the test plays the browser.
    const codigoPedido = page.waitForRequest(/\/install-dialog-[^/]*\.js$/);
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { prompted: boolean }).prompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'Más tarde' }).waitFor();
    // The dialog's code, fetched for it (below, the next visit loads it beforehand).
    const codigoDelDialogo = (await codigoPedido).url();
    await screenshot(page, 'instalar-app');
    await page.getByRole('button', { name: 'Instalar ahora' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await page.getByRole('button', { name: 'Instalar ahora' }).waitFor({ state: 'detached' });

    // "Más tarde" is remembered: the next visit's offer does not bring the dialog back.
    await page.evaluate(() => window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: () => Promise.resolve() })));
    await page.getByRole('button', { name: 'Más tarde' }).click();
    await page.reload();
    await page.getByLabel('Correo electrónico').waitFor();
    // The dialog's code already in the page, so showing it would take no download.
    await page.evaluate(`import(${JSON.stringify(codigoDelDialogo)})`);
    const ofrecida = await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      window.dispatchEvent(offer);
      return offer.defaultPrevented;
    });
    // Still taken from the browser's own mini-infobar, and no dialog of ours.
    expect(ofrecida).toBe(true);
    await dejarMostrar();
    expect(await page.getByRole('dialog', { name: 'Instalar aplicación' }).count()).toBe(0);
    // An offer that is not postponed shows it after the same second (waited for: on a busy machine the
    // render can come a few frames after the clock's second).
    await page.evaluate(() => localStorage.removeItem('instalacion-pospuesta-hasta'));
    await page.evaluate(() => window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: () => Promise.resolve() })));
    await dejarMostrar();
    await page.getByRole('dialog', { name: 'Instalar aplicación' }).waitFor();
  });

  it('registers the service worker only once the page is up', async () => {
    const registrado = () => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));
    // A first visit: no service worker at the load event nor a second later (registered then, it would
    // compete with the page's own requests), and one a few seconds on. On the page's clock, held from
    // the start: its seconds pass when the test moves them.
    await relojQuieto();
    await page.goto(url('/login'));
    await page.waitForLoadState('load');
    expect(await registrado()).toBe(false);
    await page.clock.runFor(1000);
    expect(await registrado()).toBe(false);
    await page.clock.runFor(DEMORA_SW_MS - 1000);
    // Then it waits for an idle moment (at most as long again).
    await page.clock.runFor(DEMORA_SW_MS);
    await expect.poll(registrado).toBe(true);
  });
});
