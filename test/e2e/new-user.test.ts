import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { CLIENTS } from '../../scripts/local/demo-data.js';
import { MSG } from '@shared/schemas/messages.js';
import { CARRY_OVER_MS, TOAST_DURATION_MS } from '../../web/src/lib/toast.js';
import { screenshot } from '../support/browser.js';
import { axeViolations, describeViolations, entrarComo, field, page, shots, signIn, sobranteDeTabla, url, usePage } from '../support/e2e.js';

/*
 * What a new user tripped on (issue "Lean bundles, and what a new user tripped on"): sign-in errors,
 * toasts that outlived their page, and the console on a phone (layout, tap targets, axe).
 */

const PHONE = { width: 390, height: 844 };
const WRONG_CREDENTIALS = 'Correo o contraseña incorrectos. Revísalos e inténtalo de nuevo.';
/** The landing's spinner before its welcome and form (docs/spec/01.md section 9). */
const INTRO_MS = 3000;
/** Past the moment a page change would carry a toast along (lib/toast.ts): the toast is an old one. */
const TOAST_VIEJO_MS = CARRY_OVER_MS + 200;

usePage({ viewport: PHONE });

const toastTexts = () => page.getByRole('region', { name: 'Notificaciones' }).innerText();

describe('what a new user tripped on', () => {
  it('words a wrong password and an unknown e-mail alike, as a Spanish sentence without codes', async () => {
    await signIn(DEMO_USERS.admin, 'no-es-la-clave');
    await page.getByText(WRONG_CREDENTIALS).waitFor();
    expect(await toastTexts()).not.toMatch(/Exception|Código/);
    await page.getByRole('button', { name: 'Cerrar notificación' }).click();

    await signIn('nadie.registrado@ejemplo.co', 'cualquiera');
    await page.getByText(WRONG_CREDENTIALS).waitFor();
    expect(await toastTexts()).not.toMatch(/Exception|Código/);
    await screenshot(page, 'login-credenciales-incorrectas-movil');
  });

  it('does not carry an old error next to the welcome, nor the welcome past Salir', async () => {
    // The page's clock, moved by the test: the toasts grow old at once.
    await page.clock.install();
    await signIn(DEMO_USERS.staff, 'no-es-la-clave');
    await page.getByText(WRONG_CREDENTIALS).waitFor();
    await page.clock.fastForward(TOAST_VIEJO_MS);

    await signIn(DEMO_USERS.staff, DEMO_PASSWORD);
    await page.waitForURL('**/panel-control/monitor-map');
    await page.getByText(MSG.bienvenido).waitFor();
    expect(await page.getByText(WRONG_CREDENTIALS).count()).toBe(0);

    // The welcome an old one too, and the clock held there: it cannot reach its own 5 s by itself, so
    // only the sign-out can take it away.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + TOAST_VIEJO_MS);
    await page.getByRole('button', { name: 'Abrir navegación lateral' }).click();
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.getByText(MSG.bienvenido).count()).toBe(0);
    // Past the landing's spinner, still within the welcome's 5 s: not there either.
    expect(TOAST_VIEJO_MS + INTRO_MS).toBeLessThan(TOAST_DURATION_MS);
    await page.clock.runFor(INTRO_MS);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByText(MSG.bienvenido).count()).toBe(0);
  });

  it('keeps the phone top bar usable under toasts, the tab labels on one line and the primary buttons teal', async () => {
    await signIn(DEMO_USERS.admin, DEMO_PASSWORD);
    await page.waitForURL('**/panel-control/monitor-map');
    const toast = page.getByText(MSG.bienvenido);
    await toast.waitFor();

    // On a phone the toast sits at the bottom, above the bottom bar: the top bar and the layout's
    // menu row under it stay uncovered and clickable.
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const toasts = await box(page.getByRole('region', { name: 'Notificaciones' }));
    const bottomBar = await box(page.getByRole('navigation', { name: 'Navegación inferior' }));
    const menuButton = page.getByRole('button', { name: 'Abrir navegación lateral' });
    const menu = await box(menuButton);
    const topBar = await box(page.locator('#top-bar'));
    expect(toasts.y + toasts.height).toBeLessThanOrEqual(bottomBar.y);
    expect(toasts.y).toBeGreaterThan(Math.max(topBar.y + topBar.height, menu.y + menu.height));
    await menuButton.click({ trial: true });
    await screenshot(page, 'movil-aviso-abajo');
    // With the side menu open the toast still leaves its header and first entries alone.
    await menuButton.click();
    const sideMenu = page.getByRole('navigation', { name: 'Menú principal' });
    const firstEntry = await box(sideMenu.getByRole('link').first());
    expect(toasts.y).toBeGreaterThan(firstEntry.y + firstEntry.height);
    await screenshot(page, 'movil-aviso-menu-abierto');
    // Escape closes the menu that covers the page, back to the button that opened it.
    await page.keyboard.press('Escape');
    await sideMenu.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Abrir navegación lateral');

    // Each bottom-bar label on one line, each tab a comfortable target.
    const tabs = page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link');
    for (const tab of await tabs.all()) {
      const label = tab.locator('.bottom-nav__label--short');
      const box = (await label.boundingBox())!;
      const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box.height, await tab.getAttribute('aria-label') ?? '').toBeLessThanOrEqual(lineHeight * 1.2);
      const target = (await tab.boundingBox())!;
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(24);
    }
    // The labels, full and short (the badge's count, a separate element, left out).
    expect(await tabs.evaluateAll((all) => all.map((t) => [...t.querySelectorAll('.bottom-nav__label')].map((l) => l.textContent).join('')))).toEqual([
      'Gestionar FlotaFlota',
      'Reservas por ValidarReservas',
      'Mapa de MonitoreoMapa',
      'Pagos PendientesPagos',
      'Servicios en CursoEn curso',
    ]);

    await page.goto(url('/panel-control/perfil'));
    const save = page.getByRole('button', { name: 'Guardar cambios' });
    await save.waitFor();
    expect(await save.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)');
    await shots('movil-perfil');
  });

  it('spreads the three tabs of marketplace staff across the bottom bar', async () => {
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/inicio'));
    await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('listitem').nth(2).waitFor();
    const bar = (await page.getByRole('navigation', { name: 'Navegación inferior' }).boundingBox())!;
    const tabs = await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('listitem').all();
    expect(tabs).toHaveLength(3);
    const boxes = await Promise.all(tabs.map(async (tab) => (await tab.boundingBox())!));
    for (const b of boxes) expect(b.width).toBeCloseTo(bar.width / 3, 0);
    expect(boxes[2]!.x + boxes[2]!.width).toBeCloseTo(bar.x + bar.width, 0);
    await screenshot(page, 'movil-plataforma-barra');
  });

  it("fits the lists to the phone's width: a few columns, the rest in each row's detail", async () => {
    const columnas = async () => (await page.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

    await entrarComo('admin');
    await page.goto(url('/panel-control/reservas'));
    await page.getByRole('button', { name: /^Ver detalle del servicio/ }).first().waitFor();
    // The client and the route under the departure: their own columns did not fit beside the action.
    expect(await columnas()).toEqual(['Salida', 'Acciones']);
    await page.getByRole('row').nth(1).getByText(/^→ /).waitFor();
    const textoFila = await page.getByRole('row').nth(1).innerText();
    expect(CLIENTS.some((c) => textoFila.includes(c)), textoFila).toBe(true);
    await screenshot(page, 'movil-reservas-lista');
    // It fits within a few pixels (172 px of sideways scrolling with every column).
    expect(await sobranteDeTabla()).toBeLessThanOrEqual(4);
    // The columns left out are in the detail.
    await page.getByRole('button', { name: /^Ver detalle del servicio/ }).first().click();
    await page.getByRole('dialog').getByText('Placas', { exact: false }).first().waitFor();
    await screenshot(page, 'movil-reservas-detalle');
    await page.keyboard.press('Escape');

    await page.goto(url('/panel-control/pagos'));
    await page.getByRole('button', { name: /^Ver detalle de / }).first().waitFor();
    expect(await columnas()).toEqual(['Conductor', 'Acciones']);
    // The amount, its offer and a recently changed account are said under the driver (the demo's WMN318).
    // The first of Luis's rows: the payments file, on the same stack, may add advances of his.
    const wmn = page.getByRole('row').filter({ hasText: 'WMN318' }).first();
    await wmn.getByText(/^Cuenta cambiada el \d+\/\d+\/\d{4}$/).waitFor();
    await wmn.getByText(/^de \$\s?[\d.]+$/).waitFor();
    await screenshot(page, 'movil-pagos-lista');
    expect(await sobranteDeTabla()).toBe(0);
    // The detail's ledger: one card per payment instead of a five-column table, nothing to scroll sideways.
    await page.getByRole('button', { name: /^Ver detalle de / }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Pagos registrados' }).waitFor();
    await dialog.getByText('Registrado por').first().waitFor();
    expect(await dialog.locator('table').count()).toBe(0);
    const desborde = await dialog.evaluate((d) =>
      Math.max(0, ...[d, ...d.querySelectorAll('*')].filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)).map((e) => e.scrollWidth - e.clientWidth)),
    );
    expect(desborde).toBeLessThanOrEqual(4);
    await dialog.getByText('Registrado por').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'movil-pagos-detalle');
    await page.keyboard.press('Escape');

    // Historial: the service lists' columns too (it showed all eight).
    await page.goto(url('/panel-control/historial'));
    await page.getByRole('button', { name: /^Ver detalle del servicio/ }).first().waitFor();
    expect(await columnas()).toEqual(['Salida', 'Acciones']);
    // Its rows are of every state: each says its own, and its value, under the route (they said neither).
    await page.getByRole('row').nth(1).getByText(/^(Validando pago|Reservado|Confirmado|En curso|Finalizado|Cancelado)$/).waitFor();
    await page.getByRole('row').nth(1).getByText(/^\$\s?[\d.]+$/).waitFor();
    expect(await sobranteDeTabla()).toBeLessThanOrEqual(4);
    // The four totals two by two: the first row starts within about the first screen (at 914 px before).
    expect((await page.getByRole('row').nth(1).boundingBox())!.y).toBeLessThan(850);
    await screenshot(page, 'movil-historial-lista');
  });

  it('takes a refused profile save to the first field in error, with the spec message', async () => {
    await entrarComo('admin');
    await page.goto(url('/panel-control/perfil'));
    await field('Teléfono móvil').fill('315');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Por favor, complete todos los campos requeridos', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(await field('Teléfono móvil').getAttribute('id'));
    const input = (await field('Teléfono móvil').boundingBox())!;
    expect(input.y).toBeGreaterThan(0);
    expect(input.y + input.height).toBeLessThan(PHONE.height);
    await screenshot(page, 'movil-perfil-campo-en-error');
  });

  it('offers the theme switch on the public pages', async () => {
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Cambiar a modo oscuro' }).click();
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await screenshot(page, 'movil-login-oscuro');
    await page.goto(url('/registro'));
    await page.getByRole('button', { name: 'Cambiar a modo claro' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('themeMode'))).toBe('light');
  });

  it('passes axe on the phone: sign-in, and the panel with a toast showing', async () => {
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    const login = await axeViolations();
    expect(login.filter((v) => v.impact === 'critical' || v.impact === 'serious'), describeViolations(login)).toEqual([]);

    await field('Correo electrónico').fill(DEMO_USERS.admin);
    await field('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(MSG.bienvenido).waitFor();
    await page.waitForURL('**/panel-control/monitor-map');
    const panel = await axeViolations();
    expect(panel.filter((v) => v.impact === 'critical' || v.impact === 'serious'), describeViolations(panel)).toEqual([]);
    // The toast area is a landmark of its own, and nothing sits outside the landmarks.
    expect(panel.map((v) => v.id)).not.toContain('region');
    expect(panel.map((v) => v.id)).not.toContain('aria-allowed-attr');
  });
});
