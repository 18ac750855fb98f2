import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/seed.js';
import { API_MSG, MSG } from '../../shared/schemas/messages.js';
import { ESPERA_SPINNER_MS } from '../../web/src/components/loading-screen.js';
import { screenshot } from '../support/browser.js';
import { openMenu, page, retener, sideMenu, signIn, sobranteDeTabla, url, usePage } from '../support/e2e.js';

usePage({ viewport: { width: 1280, height: 800 } });

const bottomBar = () => page.getByRole('navigation', { name: 'Navegación inferior' });
/** The tabs' names, without the pending-payments count the badge adds ('Pagos Pendientes, 3 pendientes'). */
const tabNames = () => bottomBar().getByRole('link').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label')?.replace(/, \d+ pendientes$/, '')));

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
    await page.goto(url('/'));
    await page.getByText('BackOffice Transportadoras Aliadas').waitFor({ timeout: 10_000 });
    await page.getByLabel('Correo electrónico').waitFor();
    await screenshot(page, 'landing');
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

  it('sends a user with an incomplete company profile to the profile, with the gated entries disabled', async () => {
    await signIn(DEMO_USERS.admin2, DEMO_PASSWORD);
    await page.getByText(MSG.completaPerfil, { exact: true }).waitFor();
    await page.waitForURL('**/panel-control/perfil');
    await openMenu();
    for (const entry of ['Mapa de Monitoreo', 'Gestiona Flota', 'Registrar Nuevo Usuario'])
      await sideMenu().getByRole('link', { name: entry, disabled: true }).waitFor();
    await sideMenu().getByRole('link', { name: 'Perfil de Usuario', disabled: false }).waitFor();
    // The bottom bar locks the same screens, by the same rule.
    for (const tab of ['Gestionar Flota', 'Mapa de Monitoreo']) await bottomBar().getByRole('link', { name: tab, disabled: true }).waitFor();
    for (const tab of ['Reservas por Validar', 'Pagos Pendientes', 'Servicios en Curso'])
      await bottomBar().getByRole('link', { name: tab, disabled: false }).waitFor();
    await bottomBar().getByRole('link', { name: 'Mapa de Monitoreo' }).click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/panel-control/perfil');
    await screenshot(page, 'shell-perfil-incompleto');

    // A typed address to a gated screen is closed the same way, and says why.
    await page.goto(url('/panel-control/gestiona-flota'));
    await page.getByRole('heading', { name: 'Gestiona Flota', level: 1 }).waitFor();
    await page.getByText('Completa tu perfil y sube una foto corporativa para usar esta sección.').waitFor();
    await screenshot(page, 'pantalla-bloqueada');
    await page.getByRole('link', { name: 'Ir a Perfil de Usuario' }).click();
    await page.waitForURL('**/panel-control/perfil');
    await expect.poll(() => page.title()).toBe('Cuenta · BackOffice Transportadoras Aliadas');

    // The tabs left open are open indeed: their lists, empty, and no error.
    await bottomBar().getByRole('link', { name: 'Pagos Pendientes' }).click();
    await page.getByText('No hay anticipos Por Pagar').first().waitFor();
    expect(await page.getByText('Completa tu perfil y sube una foto corporativa para usar esta sección.').count()).toBe(0);
  });

  it('lands marketplace staff on their own start page, never gated on a company profile', async () => {
    await signIn(DEMO_USERS.plataforma, DEMO_PASSWORD);
    await page.waitForURL('**/panel-control/inicio');
    await page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
    await page.getByText(MSG.bienvenido).waitFor();
    expect(await page.getByText(MSG.completaPerfil, { exact: true }).count()).toBe(0);
    for (const section of ['Proveedores', 'Pagos de clientes', 'Pagos a conductores', 'Servicios'])
      await page.getByRole('heading', { name: section, level: 2 }).waitFor();
    await bottomBar().getByRole('link', { name: 'Pagos Pendientes' }).waitFor();
    expect(await tabNames()).toEqual(['Reservas por Validar', 'Pagos Pendientes', 'Servicios en Curso']);
    await openMenu();
    expect(await sideMenu().getByRole('link', { disabled: true }).count()).toBe(0);
    for (const entry of ['Inicio', 'Perfil de Usuario', 'Usuarios', 'Pagos Epayco por Validar', 'Anticipos por Pagar'])
      await sideMenu().getByRole('link', { name: entry, exact: true }).waitFor();
    for (const entry of ['Mapa de Monitoreo', 'Gestiona Flota', 'Registrar Nuevo Usuario'])
      expect(await sideMenu().getByText(entry).count()).toBe(0);
    await screenshot(page, 'inicio-plataforma');

    // Its links lead to the screens; a company's screen stays closed to them.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Saldos por Pagar' }).first().click();
    await page.waitForURL('**/panel-control/saldos');

    await page.goto(url('/panel-control/monitor-map'));
    await page.getByText('No tienes permiso para ver esta sección').waitFor();
    await page.getByText('Esta sección es solo para el personal de la empresa.').waitFor();
    await screenshot(page, 'sin-permiso-plataforma');
    // A typed address opens its screen under its own title (here a payments list, staff only).
    await page.goto(url('/panel-control/validarEpayco'));
    await page.getByRole('heading', { name: 'Pagos Epayco por Validar', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Pagos Epayco por Validar · BackOffice Transportadoras Aliadas');
  });

  it('hides the admin-only entry from staff users', async () => {
    await signIn(DEMO_USERS.staff, DEMO_PASSWORD);
    await page.waitForURL('**/panel-control/monitor-map');
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Gestiona Flota', disabled: false }).waitFor();
    expect(await sideMenu().getByText('Registrar Nuevo Usuario').count()).toBe(0);
  });

  it('shares a list’s width again when the side menu opens beside it, and closes the menu on a choice', async () => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signIn(DEMO_USERS.plataforma, DEMO_PASSWORD);
    await page.waitForURL('**/panel-control/inicio');
    // A list opened with the menu closed shares the whole width; the menu opened beside it, the list
    // shares what is left (it scrolled 150-240 px sideways, its columns measured once).
    await page.goto(url('/panel-control/anticipos'));
    await page.getByRole('button', { name: /^Registrar pago de / }).first().waitFor();
    expect(await sobranteDeTabla()).toBe(0);
    const ancho = async () => (await page.locator('table').first().boundingBox())?.width ?? 0;
    const anchoSinMenu = await ancho();
    await openMenu();
    await expect.poll(ancho, { timeout: 5000 }).toBeLessThan(anchoSinMenu - 200);
    expect(await sobranteDeTabla()).toBe(0);
    const menu = (await sideMenu().boundingBox())!;
    expect((await page.locator('#contenido').boundingBox())!.x).toBeGreaterThanOrEqual(menu.x + menu.width);
    await screenshot(page, 'menu-abierto-1920');
    // Spec 01: a choice closes the menu; the next list has the whole width again.
    await sideMenu().getByRole('link', { name: 'Saldos por Pagar', exact: true }).click();
    await page.waitForURL('**/panel-control/saldos');
    await sideMenu().waitFor({ state: 'hidden' });
    await expect.poll(ancho, { timeout: 5000 }).toBeGreaterThan(anchoSinMenu - 40);
    expect(await sobranteDeTabla()).toBe(0);
  });

  it('offers installation only when the browser does, and then calls its prompt', async () => {
    await page.goto(url('/login'));
    await page.getByLabel('Correo electrónico').waitFor();
    expect(await page.getByRole('button', { name: 'Instalar ahora' }).count()).toBe(0);

    // Chromium offers installation with this event; headless never does, so the test plays the browser.
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
    await screenshot(page, 'instalar-app');
    await page.getByRole('button', { name: 'Instalar ahora' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await page.getByRole('button', { name: 'Instalar ahora' }).waitFor({ state: 'detached' });

    // "Más tarde" is remembered: the next visit's offer does not bring the dialog back.
    await page.evaluate(() => window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: () => Promise.resolve() })));
    await page.getByRole('button', { name: 'Más tarde' }).click();
    await page.reload();
    await page.getByLabel('Correo electrónico').waitFor();
    const ofrecida = await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      window.dispatchEvent(offer);
      return offer.defaultPrevented;
    });
    // Still taken from the browser's own mini-infobar, and no dialog of ours.
    expect(ofrecida).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Instalar aplicación' }).count()).toBe(0);
    await page.evaluate(() => localStorage.removeItem('instalacion-pospuesta-hasta'));
  });

  it('closes a toast by itself after 5 seconds, and reads it out to screen readers', async () => {
    await signIn(DEMO_USERS.staff, DEMO_PASSWORD);
    const toast = page.getByText(MSG.bienvenido);
    await toast.waitFor();
    const shown = Date.now();
    // Inside a polite live region (the toast area, always on the page), so a screen reader reads it out.
    expect(await page.locator('[aria-live="polite"]').filter({ has: toast }).count()).toBe(1);
    await toast.waitFor({ state: 'detached', timeout: 8_000 });
    // Seen up to ~2 s after it was raised when the machine is busy (the panel now opens on the WebGL
    // map), so it must last at least 3 s from being seen, and be gone within 8.
    expect(Date.now() - shown).toBeGreaterThan(3_000);
  });
  it('shows a load’s message at once and its spinner only after a second', async () => {
    await signIn(DEMO_USERS.admin, DEMO_PASSWORD);
    await page.waitForURL('**/panel-control/monitor-map');
    // When each first shows, timed in the page: the loading message, then a spinner in its place.
    await page.addInitScript(() => {
      const carga: { mensaje?: number; spinner?: number } = ((window as unknown as { __carga: typeof carga }).__carga = {});
      new MutationObserver(() => {
        const lugar = document.querySelector('.loading-screen__spinner');
        if (lugar) carga.mensaje ??= performance.now();
        if (lugar?.firstElementChild) carga.spinner ??= performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    // `/me` slow to answer: the screen shows its loading state meanwhile.
    await page.route(/\/me$/, (route) => retener(route, route.request().method() === 'GET' ? 2500 : 0));
    await page.goto(url('/panel-control/monitor-map'));
    await page.getByRole('status').filter({ hasText: 'Cargando...' }).first().waitFor();
    await page.locator('.loading-screen__spinner > *').first().waitFor();
    const { mensaje, spinner } = await page.evaluate(() => (window as unknown as { __carga: { mensaje: number; spinner: number } }).__carga);
    expect(spinner - mensaje).toBeGreaterThanOrEqual(ESPERA_SPINNER_MS - 20);
    await screenshot(page, 'cargando');
    await page.unroute(/\/me$/);
    await page.getByRole('region', { name: 'Mapa de servicios' }).waitFor();
  });

  it('fetches a panel address code and data side by side, and registers the service worker only once the page is up', async () => {
    const registrado = () => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));
    // A first visit: no service worker at the load event nor a second later (registered then, it would
    // compete with the page's own requests), and one a few seconds on.
    await page.goto(url('/login'));
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    expect(await registrado()).toBe(false);
    await expect.poll(registrado, { timeout: 20_000 }).toBe(true);

    await signIn(DEMO_USERS.admin, DEMO_PASSWORD);
    await page.waitForURL('**/panel-control/monitor-map');
    // What happened, in order: requests asked for, and `/me` answered.
    const eventos: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET') eventos.push(new URL(r.url()).pathname);
    });
    page.on('requestfinished', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith('/me')) eventos.push('/me respondido');
    });
    // `/me` slow to answer: the screen waits for it (who may see what), its data need not.
    await page.route(/\/me$/, (route) => retener(route, route.request().method() === 'GET' ? 1500 : 0));
    // Opened on the fleet's address, as a bookmark or a reload does.
    await page.goto(url('/panel-control/gestiona-flota'));
    await page.getByRole('table', { name: 'Vehículos de la flota' }).getByRole('row').nth(1).waitFor();
    await page.unroute(/\/me$/);
    const indice = (match: (e: string) => boolean) => eventos.findIndex(match);
    const chunk = indice((e) => /^\/assets\/fleet-page-.*\.js$/.test(e));
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
