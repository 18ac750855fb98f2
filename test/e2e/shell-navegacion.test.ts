import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { MSG } from '@shared/schemas/messages.js';
import { screenshot } from '../support/browser.js';
import { entrarComo, notificacion, openMenu, page, sideMenu, signIn, sobranteDeTabla, url, usePage } from '../support/e2e.js';
import { bottomBar, tabNames } from '../support/e2e-shell.js';

/*
 * The console shell (one of four shell files, with shell-sesion, shell-carga and
 * shell-app-instalable): what each kind of user finds in the side menu and the bottom bar, the screens
 * closed to them, and the width a list shares with the side menu.
 */

usePage({ viewport: { width: 1280, height: 800 } });

describe('console shell', () => {
  it('sends a user with an incomplete company profile to the profile, with the gated entries disabled', async () => {
    await signIn(DEMO_USERS.admin2, DEMO_PASSWORD);
    await notificacion(MSG.completaPerfil).waitFor();
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
});
