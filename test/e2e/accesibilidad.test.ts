import { describe, it } from 'vitest';
import { PANEL_SCREENS, screenHref } from '../../web/src/app/screens.js';
import { entrarComo, page, REGLAS_DE_COLOR, shots, sinViolacionesGraves, url, usePage } from '../support/e2e.js';
import { marca, viajeFinalizadoSinAnticipo } from '../support/e2e-pagos.js';

/*
 * Every screen of the console, in light and dark mode, passes axe (WCAG 2.2 A/AA and best practices)
 * with no serious or critical violation: the public pages, and each panel screen of screens.ts as a
 * user allowed to open it sees it (marketplace staff for theirs, the company admin for the rest).
 * The screens the other tests photograph are also checked in the state they leave them (shots()).
 * The shell is audited as a user sees it most days (issue 47): with pending payments on the bottom
 * bar's badge, at a desktop's width and at a phone's (Cloudscape's phone toolbar, the short tab labels).
 */

// One context for the file: each screen is reached inside the running console, as a user moves (issue 47's
// CI budget: booting the console for each of thirty screens was half of this file's time).
usePage({ contexto: 'archivo' });

/** Who the shared page is signed in as (null: nobody, the public pages). */
let sesion: 'admin' | 'plataforma' | null = null;

/** Signs the shared page in as `rol` (once per role), then opens `path` inside the running console. */
async function irComo(rol: 'admin' | 'plataforma', path: string) {
  if (sesion !== rol) {
    await entrarComo(rol);
    sesion = rol;
    await page.goto(url(path));
    return;
  }
  // React Router follows the browser's history: the same move as a menu link, without booting again.
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Audits the page as it stands with every rule, then in dark mode with the rules a theme can change
 * (colours: roles and names are the same in both themes). The context has no motion (usePage): colours
 * are read settled, not mid-transition.
 */
async function enAmbosModos(donde: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForLoadState('networkidle');
  await sinViolacionesGraves(`${donde}, modo claro`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.body.classList.contains('awsui-dark-mode'));
  await sinViolacionesGraves(`${donde}, modo oscuro`, REGLAS_DE_COLOR);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => !document.body.classList.contains('awsui-dark-mode'));
}

/** Opens a panel screen as `rol` and waits for it (the document title names it, its heading is there), then audits it. */
async function auditarPantalla(rol: 'admin' | 'plataforma', path: string, title: string) {
  await irComo(rol, path);
  await page.waitForFunction((t) => document.title.startsWith(`${t} ·`), title);
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await enAmbosModos(path);
}

describe('accessibility of every screen (axe, light and dark)', () => {
  it('public pages: landing, sign-in, sign-up and password recovery', async () => {
    for (const [path, listo] of [
      ['/', 'Iniciar sesión'],
      ['/login', 'Iniciar sesión'],
      ['/registro', 'Crear cuenta'],
      ['/cambiar-password', 'Enviar instrucciones'],
    ] as const) {
      await page.goto(url(path));
      await page.getByRole('button', { name: listo }).or(page.getByRole('link', { name: listo })).first().waitFor();
      await enAmbosModos(path);
    }
  });

  // One test per screen: a screen that fails says which, and the others still run.
  describe("the company admin's panel screens", () => {
    for (const s of PANEL_SCREENS.filter((s) => s.roles.includes('admin')))
      it(s.title, async () => {
        await auditarPantalla('admin', screenHref(s), s.title);
      });
  });

  describe("marketplace staff's own panel screens", () => {
    for (const s of PANEL_SCREENS.filter((s) => s.roles.length === 1 && s.roles[0] === 'plataforma'))
      it(s.title, async () => {
        await auditarPantalla('plataforma', screenHref(s), s.title);
      });
  });

  describe('the shell with pending payments on the badge, desktop and phone', () => {
    for (const ancho of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ])
      it(`${ancho.width} px`, async () => {
        // A payment of its own pending, whatever other tests paid: the badge shows a count.
        await viajeFinalizadoSinAnticipo(`Hotel Intercontinental, Cali (${marca()} insignia)`);
        await page.setViewportSize(ancho);
        // Signed in again: the bottom bar's count is read when the console starts (shots() audits it).
        sesion = null;
        await irComo('admin', '/panel-control/reservas');
        await page.waitForFunction(() => document.title.startsWith('Reservas por Validar ·'));
        await page.locator('.bottom-nav__badge').waitFor();
        await page.waitForLoadState('networkidle');
        await shots(`insignia-pagos-${ancho.width}`);
      });
  });
});
