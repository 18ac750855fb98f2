import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, type TestContext } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { stack } from './clients.js';

/*
 * What the end-to-end files share: the browser and page lifecycle, and the steps every file takes on the
 * console. Each test file has its own copy of this module, so `page` is that file's page.
 */

let browser: Browser;
let context: BrowserContext;
/** The page of the running test (set before each test; a live binding, read it when a test runs). */
export let page: Page;

interface PageOptions {
  viewport?: { width: number; height: number };
  /**
   * Blocked unless a file tests the service worker (shell-app-instalable.test.ts): a test's context is new, so each
   * would register it and download the shell again in its first seconds; and a page's routes must see
   * every request, which a service worker's cached copy answers past.
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * 'archivo': one context for the whole file, its tests going on from the page the last one left
   * (accesibilidad.test.ts audits thirty screens: each moves within the running console instead of
   * booting it again). Every other file: a new context per test.
   */
  contexto?: 'prueba' | 'archivo';
}

/**
 * Registers the hooks of an e2e file: one browser for the file, and for each test a context of its own
 * (Spanish, light mode, without motion, nothing stored), closed after it with whatever it routed or
 * stored. A test signs in with `entrarComo` unless signing in is what it tests.
 */
export function usePage({ viewport = { width: 1280, height: 860 }, serviceWorkers = 'block', contexto = 'prueba' }: PageOptions = {}): void {
  const abrirContexto = async () => {
    // Without motion: no frame is drawn for a transition, and nothing waits for one to settle.
    context = await browser.newContext({ locale: 'es-CO', viewport, colorScheme: 'light', reducedMotion: 'reduce', serviceWorkers });
    page = await context.newPage();
    errores.length = 0;
    page.on('pageerror', (e) => anotar(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && anotar(`console: ${m.text()}`));
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    if (contexto === 'archivo') await abrirContexto();
  });
  afterAll(async () => {
    await browser?.close();
  });
  if (contexto === 'prueba') beforeEach(abrirContexto);
  // A failure in CI leaves only its log: say there what the page showed, before the test's context goes.
  afterEach(async (c) => {
    await describirFallo(c);
    if (contexto === 'prueba') await context.close();
    else errores.length = 0;
  });
}

export type DemoRole = keyof typeof DEMO_USERS;

/**
 * Gives this test's context the saved sign-in of a demo user: the page opened next is already signed in,
 * as after 'Iniciar sesión'. Each stack's sign-in is made once through the login screen, the first time
 * a test of this worker asks for it, and saved under test-results/sesiones (its stack is this worker's
 * alone, so no other worker writes the file).
 */
export async function entrarComo(rol: DemoRole): Promise<void> {
  await context.setStorageState(await sesionGuardada(rol));
}

async function sesionGuardada(rol: DemoRole): Promise<string> {
  // Named by the stack's app client (new for every stack): a file of an earlier run is never taken.
  const archivo = join(sesionesDir, `${stack().userPoolClientId}-${rol}.json`);
  if (existsSync(archivo)) return archivo;
  const ctx = await browser.newContext({ locale: 'es-CO' });
  try {
    const p = await ctx.newPage();
    await p.goto(url('/login'));
    await p.getByLabel('Correo electrónico', { exact: true }).fill(DEMO_USERS[rol]);
    await p.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await p.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await p.waitForURL(/\/panel-control\//);
    mkdirSync(sesionesDir, { recursive: true });
    await ctx.storageState({ path: `${archivo}.tmp` });
    renameSync(`${archivo}.tmp`, archivo);
    return archivo;
  } finally {
    await ctx.close();
  }
}
const sesionesDir = join(import.meta.dirname, '../../test-results/sesiones');

/**
 * Opens a console address and waits until the new screen shows (the document title names it), not only
 * until the URL changed: the previous screen stays up while a lazy route's code arrives.
 */
export async function abrir(path: string, titulo?: string | RegExp): Promise<void> {
  await page.goto(url(path));
  if (titulo) await page.waitForFunction((t) => (typeof t === 'string' ? document.title.startsWith(`${t} ·`) : new RegExp(t).test(document.title)), typeof titulo === 'string' ? titulo : titulo.source);
}

/** Fails the network for a pattern while `accion` runs, and restores it whatever happens. */
export async function sinRed<T>(patron: string | RegExp, accion: () => Promise<T>): Promise<T> {
  const cortar = (route: Route) => route.abort('internetdisconnected');
  await page.route(patron, cortar);
  try {
    return await accion();
  } finally {
    await page.unroute(patron, cortar);
  }
}

/** The page's last errors (uncaught, console), for a failure's report. */
const errores: string[] = [];
function anotar(linea: string) {
  errores.push(linea.slice(0, 300));
  if (errores.length > 8) errores.shift();
}

/**
 * Adds to a failed test's message the page's address, its open dialogs, the start of its visible text and
 * its last errors, and saves a screenshot (fallo-*.png): CI keeps only the log.
 */
async function describirFallo({ task }: TestContext) {
  const error = task.result?.state === 'fail' ? task.result.errors?.[0] : undefined;
  if (!page || page.isClosed() || !error) return;
  const estado = await page
    .evaluate(() => ({
      dialogos: [...document.querySelectorAll('[role="dialog"]')].filter((d) => d.checkVisibility()).map((d) => d.getAttribute('aria-label') ?? d.textContent?.slice(0, 80)),
      texto: document.body.innerText.replace(/\s+/g, ' ').slice(0, 1200),
    }))
    .catch((e: Error) => ({ dialogos: [], texto: `(no se pudo leer la página: ${e.message})` }));
  await screenshot(page, `fallo-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined);
  error.message += `\n--- la página: ${page.url()}\ndiálogos: ${JSON.stringify(estado.dialogos)}\ntexto: ${estado.texto}\nerrores: ${errores.join(' | ') || 'ninguno'}`;
}

/**
 * Holds a request back (ms, or until a promise settles), then lets it on to the next handler or the
 * network. A page.unroute() made while it waits has Playwright let the request on itself, and the
 * fallback() after it then rejects outside any test (a red CI run, stop 40): that rejection is dropped.
 */
export async function retener(route: Route, hasta: number | Promise<unknown> = 1500) {
  await (typeof hasta === 'number' ? new Promise((listo) => setTimeout(listo, hasta)) : hasta);
  await route.fallback().catch((e: Error) => {
    if (!/already handled/i.test(e.message)) throw e;
  });
}

/** A console address on the local stack. */
export const url = (path: string) => `${stack().consoleUrl}${path}`;

/** A form control by its exact label. */
export const field = (label: string) => page.getByLabel(label, { exact: true });

/**
 * Chooses `opcion` in a Cloudscape Select and waits until the Select shows it. A click on an option is
 * lost when the list moves under the pointer between press and release (a long form, a busy machine:
 * twice in full runs, never alone); the list then stays open, and the option is clicked again, as a
 * user would.
 */
export async function elegir(select: Locator, opcion: string) {
  const item = page.getByRole('option', { name: opcion, exact: true });
  for (let intento = 1; ; intento++) {
    if (!(await item.isVisible())) await select.click();
    await item.click();
    try {
      return await expect.poll(() => select.innerText(), { timeout: 3_000 }).toContain(opcion);
    } catch (error) {
      if (intento === 3) throw error;
    }
  }
}

export const sideMenu = () => page.getByRole('navigation', { name: 'Menú principal' });
export const openMenu = () => page.getByRole('button', { name: 'Abrir navegación lateral' }).click();

/** How far the first table's scroll box can scroll sideways (0: it fits). */
export const sobranteDeTabla = () =>
  page.locator('table').first().evaluate((t) => {
    let e = t.parentElement;
    while (e && !['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) e = e.parentElement;
    return e ? e.scrollWidth - e.clientWidth : 0;
  });

/** A toast with this text (the side menu and the bottom bar may say the same words, e.g. 'Completa tu perfil'). */
export const notificacion = (texto: string) => page.getByRole('region', { name: 'Notificaciones' }).getByText(texto, { exact: true });

/** Closes the toasts, so a screenshot shows the screen itself. */
export async function dismissToasts() {
  const close = page.getByRole('button', { name: 'Cerrar notificación' });
  while ((await close.count()) > 0) await close.first().click();
}

/**
 * The same screen in light and dark mode (the console follows the system until the user picks one),
 * photographed each time and audited once per screen state (`estadoDePantalla`): every axe rule in light
 * mode, and in dark mode the rules a theme can change (colours). The page, its roles and names are the
 * same in both themes, so a second full audit found nothing more; a state photographed again (a list
 * before and after a change) found nothing more either, and auditing it cost a second each time.
 */
export async function shots(name: string) {
  await dismissToasts();
  const estado = await estadoDePantalla();
  const auditar = !auditados.has(estado);
  auditados.add(estado);
  await screenshot(page, `${name}-claro`);
  if (auditar) await sinViolacionesGraves(`${name}, modo claro`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.body.classList.contains('awsui-dark-mode'));
  await screenshot(page, `${name}-oscuro`);
  if (auditar) await sinViolacionesGraves(`${name}, modo oscuro`, REGLAS_DE_COLOR);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => !document.body.classList.contains('awsui-dark-mode'));
}

/** The screen states this file's shots() audited. */
const auditados = new Set<string>();

/**
 * What makes a screen state for axe: the screen, the window's width (phone or desktop layout), its
 * visible headings and dialogs, whether a field says it is invalid (a form's errors add their own
 * roles and names) and whether the bottom bar shows a count.
 */
function estadoDePantalla(): Promise<string> {
  return page.evaluate(() => {
    // Cloudscape's modal is fixed: visible by its boxes, not by an offsetParent.
    const visibles = (selector: string) => [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length > 0);
    const texto = (e: Element | null) => e?.textContent?.trim() ?? '';
    const dialogos = visibles('[role="dialog"], [role="alertdialog"]').map((d) =>
      d.getAttribute('aria-label') ?? (d.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => texto(document.getElementById(id))).join(' '),
    );
    const titulos = visibles('h1, h2, h3').map(texto);
    const invalido = document.querySelector('[aria-invalid="true"]') !== null;
    // The badge's count changes the tab's name (issue 47: a state audited before the count came hid it).
    const insignia = document.querySelector('.bottom-nav__badge') !== null;
    return [location.pathname, `${window.innerWidth} px`, ...dialogos, ...titulos, invalido ? 'con errores' : '', insignia ? 'con insignia' : ''].join(' · ');
  });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

/** The axe rules whose answer depends on the colours, so on the theme. */
export const REGLAS_DE_COLOR = ['color-contrast', 'link-in-text-block'];

/**
 * axe on the current page: every rule of WCAG 2.x A and AA (each version's tags: the list once lacked
 * `wcag21a`, so label-content-name-mismatch never ran) and best practices, named one by one so that the
 * experimental ones and those off by default (target-size) run too; or only `reglas`. A rule axe adds
 * under any of these tags runs without a change here.
 */
export async function axeViolations(reglas?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (reglas) => {
    const axe = (window as unknown as { axe: { getRules: () => { ruleId: string; tags: string[] }[]; run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const todas = axe.getRules();
    const nuestra = (tags: string[]) => !tags.includes('deprecated') && tags.some((t) => /^wcag2\d*a{1,2}$/.test(t) || t === 'best-practice');
    // Only the rules this axe knows (a rule named here and missing from a later axe is skipped, not an error).
    const values = reglas ? reglas.filter((r) => todas.some((x) => x.ruleId === r)) : todas.filter((r) => nuestra(r.tags)).map((r) => r.ruleId);
    const result = await axe.run(document, { runOnly: { type: 'rule', values } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, reglas);
}

export const describeViolations = (violations: AxeViolation[]) => violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');

/** Every screen the tests photograph, in each theme: no serious or critical axe violation. */
export async function sinViolacionesGraves(donde: string, reglas?: string[]) {
  const violaciones = await axeViolations(reglas);
  const graves = violaciones.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(graves, `axe en ${donde}:\n${describeViolations(graves)}`).toEqual([]);
}

/**
 * Words of the page's tables that break over two lines inside them ("Comprobant-e"), as "header: word"
 * or "cell: word"; a break after a hyphen ("34-" "00") is the browser's and not counted.
 */
export function palabrasPartidas(): Promise<string[]> {
  return page.evaluate(() => {
    const partidas: string[] = [];
    for (const celda of document.querySelectorAll('table th, table td')) {
      const textos = document.createTreeWalker(celda, NodeFilter.SHOW_TEXT);
      for (let n = textos.nextNode() as Text | null; n; n = textos.nextNode() as Text | null) {
        for (const m of n.data.matchAll(/[^\s-]+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) partidas.push(`${celda.tagName === 'TH' && celda.closest('thead') ? 'header' : 'cell'}: ${m[0]}`);
        }
      }
    }
    return partidas;
  });
}

/**
 * Signs in from the login screen (opened unless the page is already on it). Waits for the form first:
 * after a link click the URL says /login while the previous page still shows until the lazy chunk of
 * the login page arrives, and that page may have its own "Correo electrónico" field.
 */
export async function signIn(email: string, password: string) {
  if (!page.url().endsWith('/login')) await page.goto(url('/login'));
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).waitFor();
  await field('Correo electrónico').fill(email);
  await field('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Signs out from the side menu and waits for the landing page. */
export async function signOut() {
  await openMenu();
  await sideMenu().getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/**
 * With the page's clock paused, moves it on by small steps until `listo` (the page settles what the
 * network answered on its own zero-delay timers, so a paused page would not); says how far it moved.
 */
export async function relojHasta(listo: () => Promise<boolean>): Promise<number> {
  let avance = 0;
  await expect
    .poll(async () => {
      if (await listo()) return true;
      await page.clock.runFor(10);
      avance += 10;
      return false;
    })
    .toBe(true);
  return avance;
}

/** Whether an element sits in its dialog's footer (Cloudscape's Modal footer: issue 47 puts the decisions there). */
export const enPieDeDialogo = (l: Locator): Promise<boolean> => l.evaluate((e) => !!e.closest('[role="dialog"] [class*="awsui_footer_"]'));
