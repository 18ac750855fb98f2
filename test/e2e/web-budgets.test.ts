import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, table } from '../support/clients.js';
import { page, url, usePage } from '../support/e2e.js';

/*
 * The console's weight budgets (issue "Lean bundles"), measured on the built console as a first-time
 * visitor of /login downloads it: every script and stylesheet the page requests, each counted at its
 * gzip size (what CloudFront serves). A failure names the files, biggest first.
 */

const KB = 1024;
const DIST = join(import.meta.dirname, '../../web/dist');
const BUDGET = { loginJsGzip: 250 * KB, loginCssGzip: 80 * KB };
const gzipOf = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const list = (files: Archivo[]) =>
  files
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `${f.file} ${(f.gzip / KB).toFixed(1)} KB`)
    .join(', ');

usePage();

type Archivo = { file: string; gzip: number };
const total = (files: { gzip: number }[]) => files.reduce((sum, f) => sum + f.gzip, 0);

/**
 * What a first-time visitor's browser fetches until `listo` shows: every script, stylesheet and font.
 * What the console fetches on purpose after its first screen (the toasts' Flashbar 1.5 s after the
 * start, the service worker later, the trip link's map once the page is idle) is not the first load:
 * the page's clock stops once the screen shows, before those timers. Under load, networkidle came after
 * them and counted them (a red run at 256.6 KB in 37 files; 248.2 KB in 33 without them).
 */
async function primeraCarga(path: string, listo: () => Promise<void>): Promise<{ js: Archivo[]; css: Archivo[]; fonts: string[] }> {
  const requested = new Set<string>();
  page.on('request', (request) => {
    const ruta = new URL(request.url()).pathname;
    if (ruta.startsWith('/assets/')) requested.add(ruta.slice(1));
  });
  await page.clock.install();
  await page.goto(url(path));
  await listo();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.waitForLoadState('networkidle');
  const measure = (ext: string) => [...requested].filter((f) => f.endsWith(ext)).map((file) => ({ file, gzip: gzipOf(file) }));
  const [js, css] = [measure('.js'), measure('.css')];
  const fonts = [...requested].filter((f) => f.endsWith('.woff2'));
  console.log(`${path.split('.')[0]}: JS ${(total(js) / KB).toFixed(1)} KB gzip in ${js.length} files; CSS ${(total(css) / KB).toFixed(1)} KB gzip in ${css.length} files; fonts ${fonts.join(', ')}`);
  return { js, css, fonts };
}

/** Within the sign-in page's budgets, and not a byte of the map library on the way in. */
function dentroDelPresupuesto(pagina: string, js: Archivo[], css: Archivo[]) {
  expect(total(js), `JS de ${pagina}: ${list(js)}`).toBeLessThan(BUDGET.loginJsGzip);
  const conMapa = js.filter((f) => /maplibre|MapLibre/.test(readFileSync(join(DIST, f.file), 'utf8')));
  expect(conMapa.map((f) => f.file), `MapLibre en la primera carga de ${pagina}`).toEqual([]);
  expect(total(css), `CSS de ${pagina}: ${list(css)}`).toBeLessThanOrEqual(BUDGET.loginCssGzip);
}

describe('console weight budgets', () => {
  it('first load of /login stays within 250 KB of JS and 80 KB of CSS (gzip), without MapLibre, fonts fetched as files', async () => {
    const { js, css, fonts } = await primeraCarga('/login', () => page.getByRole('button', { name: 'Iniciar sesión' }).waitFor());
    dentroDelPresupuesto('/login', js, css);
    // Only the faces the page renders, each its own cached file.
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.length, fonts.join(', ')).toBeLessThan(8);
  });

  it("first load of a live trip link, on a phone, stays within the sign-in page's budget: the map comes after the trip's data", async () => {
    // The demo's trip under way (its link's secret is made by the seed).
    const { Item } = await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: 'demo-encurso-1' } }));
    await page.setViewportSize({ width: 390, height: 844 });
    const { js, css } = await primeraCarga(`/seguimiento/demo-encurso-1.${String(Item!.seguimiento)}`, () => page.getByText('Conductor', { exact: true }).waitFor());
    dentroDelPresupuesto('/seguimiento', js, css);
  });

  it('keeps fonts out of the stylesheets and heavy lazy chunks out of the service worker precache', () => {
    const assets = readdirSync(join(DIST, 'assets'));
    for (const css of assets.filter((f) => f.endsWith('.css')))
      expect(readFileSync(join(DIST, 'assets', css), 'utf8'), `${css} lleva fuentes en base64`).not.toMatch(/data:font\//);

    // The precache is the shell: index.html and what it references, plus the icons.
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const shell = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
    const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
    const lazy = precached.filter((u) => u.startsWith('assets/') && !shell.has(u));
    expect(lazy, 'el service worker precarga fragmentos perezosos').toEqual([]);
    expect(precached).toContain('index.html');
    expect(precached.filter((u) => u.endsWith('.woff2'))).toEqual([]);
    // The offline map's style and GeoJSON are kept at first use (runtime cache 'mapa'), not precached.
    expect(precached.filter((u) => u.startsWith('map/'))).toEqual([]);
    expect(sw).toMatch(/startsWith\("\/map\/"\)[\s\S]*cacheName:"mapa"/);
  });
});
