/**
 * `npm run bench:web`: Lighthouse (desktop preset) on the built console served by a local stack of its
 * own as CloudFront serves it: TLS, HTTP/2 and compression (the local certificate is self-signed, so this
 * browser ignores it). Each page is measured RUNS times (5; `RUNS=1` for a smoke check) from a cold HTTP
 * cache with no service worker (Lighthouse clears both; the sign-in stays in localStorage, which it keeps).
 * Scores move with the machine's load, so nothing is asserted: it prints each page's runs, their median
 * against the issue's threshold, accessibility, benchmarkIndex and the metrics, and writes them all to
 * test-results/bench-web.json. Exits 1 only when something crashed.
 */
import '../../scripts/local/quiet-sdk.js';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { freePort } from '../../scripts/local/ports.js';
import { seed } from '../../scripts/local/seed.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { startStack, type Stack } from '../../scripts/local/stack.js';
import { panelPath } from '../../web/src/app/screens.js';
import { BROWSER_ARGS, CHROMIUM } from '../support/browser.js';

const RUNS = Number(process.env.RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`RUNS debe ser un entero positivo (es ${process.env.RUNS})`);

/**
 * The issue's thresholds: 95 on the sign-in, 90 on the others. Medians measured (7 runs each, this
 * machine, the same hour): sign-in 99-100, fleet and Reservas 93-96, the map 95 and 96 in two series
 * (single runs 91-97). In fresh-clone CI the map's medians were 93, 95, 90, 95, 94 and 94 in its last six runs
 * (single runs 82-97): its slow runs are MapLibre's WebGL start-up on SwiftShader, the two cores shared
 * with the GPU process.
 */
const LOGIN_MIN = 95;
const PANEL_MIN = 90;
// The map last, in its own browser: each browser is closed after its last page, so nothing of one
// page (the map draws and polls) runs while another is measured.
const PAGES = [
  { nombre: 'Iniciar sesión', path: '/login', rendimiento: LOGIN_MIN, sesion: false, perfil: 'software' },
  { nombre: 'Gestiona Flota', path: panelPath('gestiona-flota'), rendimiento: PANEL_MIN, sesion: true, perfil: 'software' },
  { nombre: 'Reservas por Validar', path: panelPath('reservas'), rendimiento: PANEL_MIN, sesion: true, perfil: 'software' },
  { nombre: 'Mapa de Monitoreo', path: panelPath('monitor-map'), rendimiento: PANEL_MIN, sesion: true, perfil: 'webgl' },
] as const;
const METRICAS = { 'first-contentful-paint': 'FCP ms', 'largest-contentful-paint': 'LCP ms', 'total-blocking-time': 'TBT ms', 'cumulative-layout-shift': 'CLS', 'speed-index': 'SI ms' };

interface Medicion {
  rendimiento: number;
  accesibilidad: number;
  fallas: string[];
  metricas: Record<string, number>;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster), to read noisy runs. */
  benchmarkIndex: number;
}

/**
 * Two browsers, as Chromium runs on a desktop without a usable GPU. This machine has none, so SwiftShader
 * stands in for it on the CPU's two cores:
 * - `software`: pages composited in software, what Chromium does itself without a GPU. Compositing them
 *   through SwiftShader made the main thread wait 75-300 ms for the GPU process at first paint, in a task
 *   Lighthouse counts as blocking (sign-in 88-92 on a slow run, 99-100 without that wait).
 * - `webgl`: the map's WebGL runs in the GPU process (SwiftShader), composited there too; software
 *   compositing would read every WebGL frame back, which measured the map's blocking time at 600-900 ms
 *   instead of 200-370. The page's tiles are rasterized on the CPU's raster threads, as Chromium does
 *   on a GPU it does not trust with raster: raster through SwiftShader kept the GPU process busy while
 *   MapLibre waited on it for its WebGL context (map median 90, single runs 85-94, against 95 and
 *   91-96 with CPU raster; 7 runs each, same hour).
 */
type Perfil = 'software' | 'webgl';
type Navegador = { context: BrowserContext; port: number; userDataDir: string; conSesion: boolean; calentado: boolean };
const browsers = new Map<Perfil, Navegador>();
/** The middle value (the upper of the two middle ones for an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The console over TLS and HTTP/2 with compression, as CloudFront serves it (set once the stack is up). */
let consoleH2 = '';
const url = (path: string) => `${consoleH2}${path}`;

async function medir(path: string, run: number, port: number): Promise<Medicion> {
  const result = await lighthouse(url(path), { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, desktopConfig);
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${path}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse en ${path}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  // What keeps accessibility below 100: the audits that failed.
  const fallas = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${ref.id}: ${audits[ref.id]?.title}`);
  const metricas = Object.fromEntries(
    Object.keys(METRICAS).map((id) => {
      const v = audits[id]?.numericValue ?? NaN;
      return [id, id === 'cumulative-layout-shift' ? Number(v.toFixed(3)) : Math.round(v)];
    }),
  );
  // Each whole report, to open in the Lighthouse viewer when a score drops.
  writeFileSync(join('test-results', `lighthouse${path.replaceAll('/', '-')}-${run + 1}.json`), JSON.stringify(result.lhr));
  return { rendimiento: score('performance'), accesibilidad: score('accessibility'), fallas, metricas, benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex) };
}

/** The browser of one profile, started on first use. */
async function navegador(perfil: Perfil): Promise<Navegador> {
  const existing = browsers.get(perfil);
  if (existing) return existing;
  const port = await freePort();
  const userDataDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  // WebGL in the GPU process's software renderer instead of --disable-gpu's fallback inside the page's
  // thread; the other pages composited in software (see `Perfil`).
  const gpu = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', perfil === 'software' ? '--disable-gpu-compositing' : '--disable-gpu-rasterization'];
  // One browser whose default profile Lighthouse drives through its debugging port.
  const context = await chromium
    .launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      args: [...BROWSER_ARGS.filter((a) => a !== '--disable-gpu'), ...gpu, '--ignore-certificate-errors', `--remote-debugging-port=${port}`],
      ignoreHTTPSErrors: true,
      locale: 'es-CO',
    })
    .catch((err: unknown) => {
      rmSync(userDataDir, { recursive: true, force: true });
      throw err;
    });
  const b: Navegador = { context, port, userDataDir, conSesion: false, calentado: false };
  browsers.set(perfil, b);
  return b;
}

async function cerrar(perfil: Perfil) {
  const b = browsers.get(perfil);
  browsers.delete(perfil);
  try {
    await b?.context.close();
  } finally {
    if (b) rmSync(b.userDataDir, { recursive: true, force: true });
  }
}

/**
 * One discarded run of a browser's first page: the browser's own first load pays its start-up (GPU
 * process, font and code caches; for the map, SwiftShader's first WebGL context and shader compiler),
 * which scored the first /login 73-87 against 97-99 for the next ones, and the first map 82-87 (three
 * series) against mostly 91-96. A browser in daily use has paid it long before. Each measured run still
 * starts from an empty HTTP cache, no service worker and no shader cache (Lighthouse clears them).
 */
async function calentar(b: Navegador, path: string) {
  if (b.calentado) return;
  await lighthouse(url(path), { port: b.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
  b.calentado = true;
}

/** Signs in once in a browser's profile (the session lives in localStorage, which Lighthouse keeps). */
async function iniciarSesion(b: Navegador) {
  if (b.conSesion) return;
  const page = await b.context.newPage();
  await page.bringToFront();
  // This profile is a real one, so Chromium offers to install the app: the console's dialog asks first.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Instalar aplicación' }), () => page.getByRole('button', { name: 'Más tarde' }).click());
  await page.goto(url('/login'));
  await page.getByLabel('Correo electrónico', { exact: true }).fill(DEMO_USERS.admin);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL(/\/panel-control/);
  await page.close();
  b.conSesion = true;
}

/** One page's figures, printed and kept for bench-web.json. */
function informar(p: (typeof PAGES)[number], runs: Medicion[]) {
  const serie = (f: (r: Medicion) => number) => runs.map(f).join('/');
  const rendimiento = median(runs.map((r) => r.rendimiento));
  const accesibilidad = median(runs.map((r) => r.accesibilidad));
  const alcanza = rendimiento >= p.rendimiento;
  const fallas = [...new Set(runs.flatMap((r) => r.fallas))];
  console.log(`\n${p.nombre} (${p.path}), perfil ${p.perfil}, ${runs.length} corrida(s)`);
  console.log(`  rendimiento ${serie((r) => r.rendimiento)}, mediana ${rendimiento}; umbral ${p.rendimiento}: ${alcanza ? 'alcanza' : 'NO alcanza'}`);
  console.log(`  accesibilidad ${serie((r) => r.accesibilidad)}, mediana ${accesibilidad}${fallas.length ? `; fallan: ${fallas.join('; ')}` : ''}`);
  console.log(`  benchmarkIndex ${serie((r) => r.benchmarkIndex)}`);
  for (const [id, nombre] of Object.entries(METRICAS)) console.log(`  ${nombre.padEnd(7)} ${serie((r) => r.metricas[id]!)}, mediana ${median(runs.map((r) => r.metricas[id]!))}`);
  return { nombre: p.nombre, path: p.path, perfil: p.perfil, umbral: p.rendimiento, mediana: rendimiento, alcanza, accesibilidad, fallas, runs };
}

const dataDir = mkdtempSync(join(tmpdir(), 'transportadoras-bench-web-'));
let stack: Stack | undefined;
const paginas: ReturnType<typeof informar>[] = [];
let error: string | undefined;
mkdirSync('test-results', { recursive: true });
try {
  // Reports of an earlier run (it may have had more runs) would read as this one's.
  for (const f of readdirSync('test-results')) if (/^lighthouse-.*-\d+\.json$/.test(f)) rmSync(join('test-results', f));
  stack = await startStack({ dataDir, persistDynamo: false, signUpKey: 'bench', clientAppSecret: 'bench', providerAppSecret: 'bench', web: 'preview', jobsIntervalMs: false });
  await seed(stack);
  consoleH2 = stack.urls.consoleH2!;
  console.log(`Lighthouse, preset de escritorio, mediana de ${RUNS} corrida(s) por página`);
  for (const [n, p] of PAGES.entries()) {
    const runs: Medicion[] = [];
    try {
      const b = await navegador(p.perfil);
      if (p.sesion) await iniciarSesion(b);
      await calentar(b, p.path);
      for (let i = 0; i < RUNS; i++) runs.push(await medir(p.path, i, b.port));
    } finally {
      if (!PAGES.slice(n + 1).some((q) => q.perfil === p.perfil)) await cerrar(p.perfil);
    }
    paginas.push(informar(p, runs));
  }
  console.log('\nCifras en test-results/bench-web.json; cada informe en test-results/lighthouse-*.json');
} catch (err) {
  console.error(err);
  error = String(err);
  process.exitCode = 1;
} finally {
  // Also after a crash: the pages measured until then, and the error.
  try {
    writeFileSync('test-results/bench-web.json', JSON.stringify({ fecha: new Date().toISOString(), corridas: RUNS, paginas, ...(error ? { error } : {}) }, null, 2));
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  }
  await Promise.allSettled([...browsers.keys()].map(cerrar));
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
