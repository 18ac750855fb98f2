import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG, MSG } from '@shared/schemas/messages.js';
import { screenshot } from '../support/browser.js';
import { entrarComo, notificacion, openMenu, page, sideMenu, signIn, url, usePage } from '../support/e2e.js';
import { tabNames } from '../support/e2e-shell.js';

/*
 * The console shell (one of four shell files, with shell-navegacion, shell-carga and
 * shell-app-instalable): the way in, the landing, signing in and out, and the theme. Signing in is
 * what these tests check, so they sign in through the login screen.
 */

usePage({ viewport: { width: 1280, height: 800 } });

/** The landing's spinner before its welcome and form (docs/spec/01.md section 9). */
const INTRO_MS = 3000;

describe('console shell', () => {
  it('sends an anonymous visitor of the panel to /login', async () => {
    await page.goto(url('/panel-control/monitor-map'));
    await page.waitForURL('**/login');
    await page.getByLabel('Correo electrónico').waitFor();
  });

  it('shows the spec messages for an empty and a malformed sign-in', async () => {
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(MSG.emailRequerido).waitFor();
    await page.getByText(MSG.passwordRequerida).waitFor();
    await page.getByLabel('Correo electrónico').fill('laura@');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(MSG.emailInvalido).waitFor();
    await screenshot(page, 'login-errores');
  });

  it("replaces a failed sign-in's message with the next attempt's answer", async () => {
    const intentar = async (email: string, password: string) => {
      await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    };
    const incorrectos = page.getByText('Correo o contraseña incorrectos');
    await page.goto(url('/login'));
    await intentar(DEMO_USERS.admin, 'NoEsLaClave1!');
    await incorrectos.waitFor();
    await intentar(DEMO_USERS.conductor, DEMO_PASSWORD);
    await page.getByText(API_MSG.conductorSinConsola).waitFor();
    expect(await incorrectos.count()).toBe(0);
  });

  it('shows the landing welcome after the 3-second spinner', async () => {
    // When the landing's spinner first shows, on the page's clock (its 3 s start then).
    await page.addInitScript(() => {
      new MutationObserver((_, observador) => {
        if (!document.querySelector('.auth-page [role="status"]')) return;
        (window as unknown as { __intro: number }).__intro = Date.now();
        observador.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.clock.install();
    await page.goto(url('/'));
    const intro = (await (await page.waitForFunction(() => (window as unknown as { __intro?: number }).__intro, undefined, { polling: 20 })).jsonValue())!;
    // The clock held 0.1 s before the end of the spinner: only it shows, and 0.2 s on the welcome and the form.
    await page.clock.pauseAt(intro + INTRO_MS - 100);
    await page.getByRole('status').filter({ hasText: 'Cargando...' }).waitFor();
    expect(await page.getByLabel('Correo electrónico').count()).toBe(0);
    expect(await page.getByText('BackOffice Transportadoras Aliadas').count()).toBe(0);
    await page.clock.runFor(200);
    await page.getByText('BackOffice Transportadoras Aliadas').waitFor();
    await page.getByLabel('Correo electrónico').waitFor();
    await screenshot(page, 'landing');
  });

  it('takes a user whose session the API refuses to the sign-in, with the reason, signed out', async () => {
    await entrarComo('admin');
    // The API's answer to a revoked or expired session (its 401 is tested in test/integration/accounts.test.ts).
    await page.route(/\/me$/, (r) => r.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unauthenticated', message: API_MSG.sesionInvalida } }) }));
    await page.goto(url('/panel-control/gestiona-flota'));
    await page.waitForURL((u) => u.pathname === '/login');
    await notificacion(API_MSG.sesionInvalida).waitFor();
    // Signed out: the panel asks for a sign-in again, it does not reuse the refused tokens.
    await page.unroute(/\/me$/);
    await page.goto(url('/panel-control/gestiona-flota'));
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).waitFor();
  });

  it('signs a seeded admin in to the map, toggles the theme and signs out', async () => {
    await signIn(DEMO_USERS.admin, DEMO_PASSWORD);
    await page.getByText(MSG.bienvenido).waitFor();
    await page.waitForURL('**/panel-control/monitor-map');
    // Signed in, the focus is at the first page's start (the map's first control: its title is for screen readers only), not on <body>.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.panel-content')), { timeout: 15_000 }).toBe(true);
    const bottomNav = page.getByRole('navigation', { name: 'Navegación inferior' });
    await bottomNav.getByRole('link', { name: /Pagos Pendientes/ }).waitFor();
    // The spec's five tabs in its order, named in full (phones show the short word of each).
    expect(await tabNames()).toEqual(['Gestionar Flota', 'Reservas por Validar', 'Mapa de Monitoreo', 'Pagos Pendientes', 'Servicios en Curso']);
    await expect.poll(() => bottomNav.getByRole('link', { name: /Mapa de Monitoreo/ }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.title()).toBe('Mapa de Monitoreo · BackOffice Transportadoras Aliadas');

    // Keyboard: the first stop skips the bars to the page's title; a side-menu choice closes the menu
    // and the focus goes to the new page's title, not back to the page's start (<body>).
    const enfocado = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);
    await page.goto(url('/panel-control/reservas'));
    await page.getByRole('heading', { level: 1, name: /Reservas por Validar/ }).waitFor();
    await page.keyboard.press('Tab');
    expect(await enfocado()).toBe('A Saltar al contenido');
    await page.keyboard.press('Enter');
    expect(await enfocado()).toMatch(/^H1 Reservas por Validar/);
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Gestiona Flota' }).press('Enter');
    await page.waitForURL('**/panel-control/gestiona-flota');
    await expect.poll(enfocado).toMatch(/^H1 Gestión de Flota|^H1 Gestiona Flota/);
    // The same from the top bar's user menu, whose button stays where it is.
    await page.getByRole('button', { name: /Laura Gómez Restrepo/ }).press('Enter');
    await page.getByRole('menuitem', { name: 'Perfil de Usuario' }).press('Enter');
    await page.waitForURL('**/panel-control/perfil');
    await expect.poll(enfocado).toMatch(/^H1 /);
    // And from the bottom bar, the page's last stop: the focus goes up to the new page's title.
    await bottomNav.getByRole('link', { name: /Reservas por Validar/ }).press('Enter');
    await page.waitForURL('**/panel-control/reservas');
    await expect.poll(enfocado).toMatch(/^H1 Reservas por Validar/);
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Registrar Nuevo Usuario', disabled: false }).waitFor();
    await screenshot(page, 'shell-admin-claro');

    const before = await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'));
    expect(before).toBe(false);
    await page.getByRole('button', { name: /modo oscuro/i }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('themeMode'))).toBe('dark');
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: /modo claro/i }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    await screenshot(page, 'shell-admin-oscuro');

    await openMenu();
    await sideMenu().getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('usuario'))).toBeNull();
    await page.goto(url('/panel-control/monitor-map'));
    await page.waitForURL('**/login');
  });
});
