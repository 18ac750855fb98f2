import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG, MSG } from '@shared/schemas/messages.js';
import { ESPERA_SPINNER_MS } from '../../web/src/components/loading-screen.js';
import { TOAST_DURATION_MS } from '../../web/src/lib/toast.js';
import { screenshot } from '../support/browser.js';
import { entrarComo, field, openMenu, page, relojHasta, retener, sideMenu, signIn, sobranteDeTabla, url, usePage } from '../support/e2e.js';

// The service worker is what some of these tests are about.
usePage({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

/** The landing's spinner before its welcome and form (docs/spec/01.md section 9). */
const INTRO_MS = 3000;
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

/**
 * Installs the page's clock held still from the first page on: its timers (a toast's 5 s, a spinner's
 * second) fire only when the test moves it (page.clock.runFor).
 */
async function relojQuieto() {
  const ahora = Date.now();
  await page.clock.install({ time: ahora });
  await page.clock.pauseAt(ahora + 1000);
}

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
    await entrarComo('staff');
    await page.goto(url('/panel-control/monitor-map'));
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Gestiona Flota', disabled: false }).waitFor();
    expect(await sideMenu().getByText('Registrar Nuevo Usuario').count()).toBe(0);
  });

  it('shares a list’s width again when the side menu opens beside it, and closes the menu on a choice', async () => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await entrarComo('plataforma');
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
    // docs/spec/01.md: a choice closes the menu; the next list has the whole width again.
    await sideMenu().getByRole('link', { name: 'Saldos por Pagar', exact: true }).click();
    await page.waitForURL('**/panel-control/saldos');
    await sideMenu().waitFor({ state: 'hidden' });
    await expect.poll(ancho, { timeout: 5000 }).toBeGreaterThan(anchoSinMenu - 40);
    expect(await sobranteDeTabla()).toBe(0);
  });

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
