/**
 * `npm run load`: load and soak test of the whole local app, `npm start` as a person runs it (its own
 * data directory, the simulators off), driven from outside over loopback:
 * - 50 company users (10 companies × 5) poll the map and the payments badge every 5 s with
 *   If-None-Match, as the console does; 5 of them (one per company) also send an offer every 10 s
 *   on a pending service of their map;
 * - 100 drivers report their position every 5 s; the client app publishes a service every 30 s;
 * - half-way the app is killed (SIGKILL to its process group, a crash) and started again on the same
 *   data, while the clients go on;
 * - afterwards every offer the API acknowledged (201) must be there, asked through the client app.
 * Prints count, errors and p50/p95/max per route and the resident memory of the app's Node process
 * and of DynamoDB Local every 5 s (with its slope per phase), writes test-results/load.json, and
 * exits non-zero when a limit below is broken. LOAD_SECONDS shortens or lengthens the run (300).
 */
import '../../scripts/local/quiet-sdk.js';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';
import { createConsoleUser } from '../../scripts/lib/console-users.js';
import { servicioSimulado } from '../../scripts/local/demo-data.js';
import { localClient } from '../../scripts/local/dynamodb.js';
import { prng } from '../../scripts/local/prng.js';
import { DEMO_PASSWORD } from '../../scripts/local/demo-users.js';
import { VEHICLE_TYPES } from '@shared/schemas/service.js';
import { localTableName } from '@shared/tables.js';
import { cargar, empresa, flota } from './mapa-bench.js';

const root = join(import.meta.dirname, '..', '..');
const DURACION_MS = 1000 * (Number(process.env.LOAD_SECONDS) > 0 ? Number(process.env.LOAD_SECONDS) : 300);
const EMPRESAS = 10;
const USUARIOS_POR_EMPRESA = 5;
const OFERENTES = 5;
const CONDUCTORES = 100;
const SONDEO_MS = 5000;
const OFERTA_MS = 10_000;
/** A new request every 30 s: busier than the marketplace today, and each one changes every map. */
const PUBLICACION_MS = 30_000;
/** Services on the map before the clients start, so the offerers have something from the first second. */
const SERVICIOS_INICIALES = 60;
/** Memory is read this often; the first minute of each phase (start-up, caches filling) is left out of the slope. */
const MEMORIA_MS = 5000;
const CALENTAMIENTO_MS = 60_000;

/** Limits: any of them broken makes the run fail. */
const LIMITES = {
  /** p95 of any route, in ms, outside the restart. */
  p95Ms: 1000,
  /** Growth of the app's resident memory in the second phase (after its warm-up), in MB per minute. */
  pendienteMbMin: 10,
  /** The app must answer again within this long after the kill. */
  reinicioMs: 120_000,
};

/** The fixed ports of `npm start` (scripts/start.ts): a running `npm start` would be measured instead. */
const PUERTOS = { dynamodb: 8000, s3: 4569, cognito: 9229, lambda: 9230, api: 3001, web: 5173 };

type StackJson = { urls: { api: string; cognito: string; dynamodb: string }; userPoolId: string; userPoolClientId: string; pid: number };

const ocupado = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

// ---------------------------------------------------------------------------------------------------
// The app under test: `tsx scripts/start.ts` in its own process group

const dataDir = mkdtempSync(join(tmpdir(), 'transportadoras-carga-'));
mkdirSync(join(root, 'test-results'), { recursive: true });
const logFile = join(root, 'test-results', 'load-stack.log');
const logFd = openSync(logFile, 'w');
let app: ChildProcess | null = null;

async function arrancar(): Promise<StackJson> {
  rmSync(join(dataDir, 'stack.json'), { force: true });
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: root,
    detached: true, // its own process group: the kill takes DynamoDB Local's JVM with it, as a crash would
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, LOCAL_DATA_DIR: dataDir, SIMULADOR_CLIENTES: '0', SIMULADOR_CONDUCTORES: '0', SIGNUP_KEY: 'carga' },
  });
  app = child;
  let salio = false;
  child.once('exit', () => (salio = true));
  const hasta = Date.now() + 180_000;
  while (Date.now() < hasta) {
    if (salio) throw new Error(`npm start terminó antes de estar listo; mire ${logFile}`);
    if (existsSync(join(dataDir, 'stack.json'))) return JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as StackJson;
    await sleep(250);
  }
  throw new Error(`npm start no estuvo listo en 180 s; mire ${logFile}`);
}

async function matar(): Promise<void> {
  const child = app;
  if (!child?.pid || child.exitCode !== null) return;
  const fin = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    return;
  }
  await fin;
  // The JVM may take a moment to release its port after the signal.
  for (let i = 0; i < 100 && (await Promise.all(Object.values(PUERTOS).map(ocupado))).some(Boolean); i++) await sleep(100);
}

// ---------------------------------------------------------------------------------------------------
// Memory: resident set of every process in the app's group, from /proc

type Muestra = { t: number; fase: 1 | 2; appMb: number; javaMb: number };
const muestras: Muestra[] = [];

function memoria(): { appMb: number; javaMb: number } | null {
  const pgid = app?.pid;
  if (!pgid) return null;
  let appKb = 0;
  let javaKb = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
      const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(campos[2]) !== pgid) continue;
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // The API runs inside the Node process that runs start.ts (tsx's own launcher is a small one).
      if (cmd.startsWith('java')) javaKb += rss;
      else appKb = Math.max(appKb, rss);
    } catch {
      // the process ended in between
    }
  }
  return { appMb: appKb / 1024, javaMb: javaKb / 1024 };
}

/** Least-squares slope of the app's memory, MB per minute. */
function pendiente(ms: Muestra[]): number | null {
  if (ms.length < 3) return null;
  const n = ms.length;
  const mx = ms.reduce((a, m) => a + m.t, 0) / n;
  const my = ms.reduce((a, m) => a + m.appMb, 0) / n;
  const num = ms.reduce((a, m) => a + (m.t - mx) * (m.appMb - my), 0);
  const den = ms.reduce((a, m) => a + (m.t - mx) ** 2, 0);
  return den ? (num / den) * 60_000 : null;
}

// ---------------------------------------------------------------------------------------------------
// Requests: per route, latency of every answer; errors outside the restart window

type Ruta = { n: number; ok: number; noModificado: number; errores: number; sinConexion: number; tiempos: number[]; ejemplos: string[] };
const rutas = new Map<string, Ruta>();
const ruta = (nombre: string): Ruta => {
  let r = rutas.get(nombre);
  if (!r) rutas.set(nombre, (r = { n: 0, ok: 0, noModificado: 0, errores: 0, sinConexion: 0, tiempos: [], ejemplos: [] }));
  return r;
};
/** From the kill until the app answers again: refused connections then are the restart, not errors. */
let reiniciando = false;
let detenido = false;

async function pedir(nombre: string, url: string, init: RequestInit, esperado: number[]): Promise<Response | null> {
  const r = ruta(nombre);
  const t = performance.now();
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    await res.clone().arrayBuffer();
  } catch (err) {
    if (reiniciando) r.sinConexion++;
    else {
      r.n++;
      r.errores++;
      if (r.ejemplos.length < 5) r.ejemplos.push(`sin respuesta: ${(err as Error).cause ?? (err as Error).message}`);
    }
    return null;
  }
  r.n++;
  r.tiempos.push(performance.now() - t);
  if (res.status === 304) r.noModificado++;
  else if (esperado.includes(res.status)) r.ok++;
  else {
    r.errores++;
    if (r.ejemplos.length < 5) r.ejemplos.push(`${res.status}: ${(await res.clone().text()).slice(0, 200)}`);
  }
  return res;
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
const ms = (v: number) => `${v.toFixed(0)} ms`;

// ---------------------------------------------------------------------------------------------------

for (const [nombre, port] of Object.entries(PUERTOS)) {
  if (await ocupado(port)) {
    console.error(`El puerto ${port} (${nombre}) está ocupado: detenga npm start u otro proceso que lo use antes de la prueba de carga.`);
    process.exit(2);
  }
}

let fallos: string[] = [];
try {
  const t0 = performance.now();
  console.log(`Prueba de carga: npm start en ${dataDir} (registro: ${logFile})`);
  let stack = await arrancar();
  console.log(`  listo en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const appSecret = readFileSync(join(dataDir, 'client-app-key'), 'utf8').trim();

  // The load's companies, fleets (every type, so every service can be offered on), users and drivers.
  const t1 = performance.now();
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const deps = { cognito, userPoolId: stack.userPoolId, ddb: doc, usuariosTable: localTableName('local', 'usuarios') };
  const now = new Date();
  const empresas = Array.from({ length: EMPRESAS }, (_, i) => ({ id: `carga-${String(i).padStart(2, '0')}`, nombre: `Transportes Carga ${i + 1} S.A.S.` }));
  const vehiculosPorEmpresa = CONDUCTORES / EMPRESAS;
  await cargar(doc, 'empresas', empresas.map((e) => empresa(e.id, e.nombre, now)));
  await cargar(doc, 'vehiculos', empresas.flatMap((e) => flota(e.id, e.nombre, VEHICLE_TYPES, vehiculosPorEmpresa, now)));
  const usuarios = empresas.flatMap((e, i) =>
    Array.from({ length: USUARIOS_POR_EMPRESA }, (_, u) => ({ email: `${u === 0 ? 'admin' : `operador${u}`}@carga${i}.test`, empresa: e.id, role: u === 0 ? ('admin' as const) : ('user' as const) })),
  );
  const conductores = empresas.flatMap((e, i) =>
    Array.from({ length: vehiculosPorEmpresa }, (_, v) => ({ email: `conductor${v + 1}@carga${i}.test`, empresa: e.id, vehiculoId: `veh-${e.id}-${String(v + 1).padStart(3, '0')}` })),
  );
  const enParalelo = async <T>(n: number, items: T[], fn: (item: T, i: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }));
  };
  await enParalelo(8, usuarios, async (u, i) => {
    await createConsoleUser(deps, { email: u.email, password: DEMO_PASSWORD, nombres: 'Usuario', apellidos: `Carga ${i}`, role: u.role, empresaId: u.empresa, puesto: 'COORDINADOR_COMERCIAL', perfil: true });
  });
  await enParalelo(8, conductores, async (c, i) => {
    await createConsoleUser(deps, { email: c.email, password: DEMO_PASSWORD, nombres: 'Conductor', apellidos: `Carga ${i}`, role: 'conductor', empresaId: c.empresa, vehiculoId: c.vehiculoId, perfil: true });
  });
  const tokens = new Map<string, string>();
  const iniciarSesion = async (email: string) => {
    const out = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
    );
    tokens.set(email, out.AuthenticationResult!.IdToken!);
  };
  await enParalelo(8, [...usuarios.map((u) => u.email), ...conductores.map((c) => c.email)], iniciarSesion);

  // The client app: signed like the real one.
  const rand = prng(2026);
  const publicar = async () => {
    const body = JSON.stringify(servicioSimulado(rand, new Date()));
    const path = '/integracion/cliente/servicios';
    await pedir('POST /integracion/cliente/servicios', `${stack.urls.api}${path}`, { method: 'POST', headers: { ...cabecerasApp(appSecret, 'POST', path, body), 'content-type': 'application/json' }, body }, [201]);
  };
  for (let i = 0; i < SERVICIOS_INICIALES; i++) await publicar();
  rutas.clear();
  console.log(
    `  preparación ${((performance.now() - t1) / 1000).toFixed(1)} s: ${EMPRESAS} empresas con ${vehiculosPorEmpresa} vehículos cada una, ` +
      `${usuarios.length} usuarios de consola y ${conductores.length} conductores en Cognito, ${SERVICIOS_INICIALES} servicios publicados`,
  );

  // -------------------------------------------------------------------------------------------------
  // The run

  const inicio = performance.now();
  const mitad = inicio + DURACION_MS / 2;
  const fin = inicio + DURACION_MS;
  let fase: 1 | 2 = 1;
  const api = () => stack.urls.api;
  const conToken = (email: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${tokens.get(email)}`, ...extra });
  /** Offers the API acknowledged: each must still be there after the crash and at the end. */
  const reconocidas: { servicio: string; empresa: string; precio: number; fase: 1 | 2 }[] = [];

  /** Runs `fn` every `cada` ms from `desfase` until the end (phones and browsers started at different moments). */
  const cadaTanto = async (desfase: number, cada: number, fn: (k: number) => Promise<void>) => {
    for (let k = 0; ; k++) {
      const at = inicio + desfase + k * cada;
      if (at >= fin || detenido) return;
      if (at > performance.now()) await sleep(at - performance.now());
      await fn(k);
    }
  };

  const consola = usuarios.map(async (u, i) => {
    const etags: Record<string, string> = {};
    const sondear = async (path: string) => {
      const res = await pedir(`GET ${path}`, `${api()}${path}`, { headers: conToken(u.email, etags[path] ? { 'if-none-match': etags[path] } : {}) }, [200]);
      const etag = res?.headers.get('etag');
      if (etag) etags[path] = etag;
      return res;
    };
    const ofertadas = new Set<string>();
    const oferente = i % USUARIOS_POR_EMPRESA === 0 && i / USUARIOS_POR_EMPRESA < OFERENTES;
    let pendientes: string[] = [];
    await Promise.all([
      cadaTanto((i / usuarios.length) * SONDEO_MS, SONDEO_MS, async () => {
        const mapa = await sondear('/mapa');
        if (mapa?.status === 200) {
          const feed = (await mapa.json()) as { servicios: { id: string; estado: string }[] };
          pendientes = feed.servicios.filter((s) => s.estado === 'pendiente').map((s) => s.id);
        }
        await sondear('/pagos/resumen');
      }),
      oferente
        ? cadaTanto(1000 + (i / usuarios.length) * OFERTA_MS, OFERTA_MS, async (k) => {
            const id = pendientes.find((s) => !ofertadas.has(s));
            if (!id) return;
            ofertadas.add(id);
            const precio = 400_000 + 1000 * ((i * 37 + k * 11) % 500);
            const res = await pedir('POST /servicios/:id/ofertas', `${api()}/servicios/${id}/ofertas`, {
              method: 'POST', headers: conToken(u.email, { 'content-type': 'application/json' }), body: JSON.stringify({ precio }),
            }, [201]);
            if (res?.status === 201) reconocidas.push({ servicio: id, empresa: u.empresa, precio: ((await res.json()) as { precio: number }).precio, fase });
          })
        : Promise.resolve(),
    ]);
  });

  const choferes = conductores.map((c, i) =>
    cadaTanto((i / conductores.length) * SONDEO_MS, SONDEO_MS, async (k) => {
      await pedir('POST /integracion/conductor/posicion', `${api()}/integracion/conductor/posicion`, {
        method: 'POST', headers: conToken(c.email, { 'content-type': 'application/json' }),
        body: JSON.stringify({ lat: 3.45 + Math.sin(k / 10 + i) * 0.02, lng: -76.53 + Math.cos(k / 10 + i) * 0.02, velocidad: 30 + (k % 20) }),
      }, [204]);
    }),
  );

  const cliente = cadaTanto(2500, PUBLICACION_MS, publicar);

  const medidor = cadaTanto(0, MEMORIA_MS, async () => {
    const m = memoria();
    if (m && !reiniciando) muestras.push({ t: performance.now() - inicio, fase, ...m });
  });

  /** Asks the client app for each acknowledged offer of the list; returns the missing ones. */
  const faltantes = async (lista: typeof reconocidas) => {
    const porServicio = new Map<string, typeof reconocidas>();
    for (const o of lista) porServicio.set(o.servicio, [...(porServicio.get(o.servicio) ?? []), o]);
    const faltan: string[] = [];
    for (const [servicio, ofertas] of porServicio) {
      const path = `/integracion/cliente/servicios/${servicio}/ofertas`;
      const res = await fetch(`${api()}${path}`, { headers: cabecerasApp(appSecret, 'GET', path) });
      const items = res.status === 200 ? ((await res.json()) as { items: { empresaAliada: string; precio: number }[] }).items : [];
      for (const o of ofertas) if (!items.some((it) => it.empresaAliada === o.empresa && it.precio === o.precio)) faltan.push(`${o.empresa} en ${servicio} (${o.precio})`);
    }
    return faltan;
  };

  // Half-way: the crash and the restart on the same data.
  const reinicio = { caidaMs: 0, arranqueMs: 0, ofertasAntes: 0, faltantesTrasReinicio: [] as string[] };
  const caida = (async () => {
    await sleep(Math.max(0, mitad - performance.now()));
    reiniciando = true;
    const muerte = performance.now();
    await matar();
    const t = performance.now();
    stack = await arrancar();
    fase = 2;
    reiniciando = false;
    reinicio.arranqueMs = performance.now() - t;
    reinicio.caidaMs = performance.now() - muerte;
    const antes = reconocidas.filter((o) => o.fase === 1);
    reinicio.ofertasAntes = antes.length;
    reinicio.faltantesTrasReinicio = await faltantes(antes);
    console.log(
      `  reinicio: caída (SIGKILL al grupo) a los ${((muerte - inicio) / 1000).toFixed(0)} s; la API respondió de nuevo ${(reinicio.caidaMs / 1000).toFixed(1)} s después ` +
        `(arranque ${(reinicio.arranqueMs / 1000).toFixed(1)} s); ${antes.length - reinicio.faltantesTrasReinicio.length} de ${antes.length} ofertas reconocidas antes de la caída siguen ahí`,
    );
  })();

  // Progress every minute, so a long run shows it is alive.
  const progreso = cadaTanto(60_000, 60_000, async () => {
    const total = [...rutas.values()].reduce((a, r) => a + r.n, 0);
    const errores = [...rutas.values()].reduce((a, r) => a + r.errores, 0);
    const m = muestras.at(-1);
    console.log(`  ${((performance.now() - inicio) / 1000).toFixed(0)} s: ${total} peticiones, ${errores} errores, ${reconocidas.length} ofertas; memoria de la app ${m?.appMb.toFixed(0) ?? '?'} MB`);
  });

  await Promise.all([...consola, ...choferes, cliente, medidor, caida, progreso]);
  const segundos = (performance.now() - inicio) / 1000;
  const faltanAlFinal = await faltantes(reconocidas);

  // -------------------------------------------------------------------------------------------------
  // Report

  console.log(`\nResultados de ${segundos.toFixed(0)} s (${usuarios.length} usuarios de consola, ${OFERENTES} de ellos ofertando; ${conductores.length} conductores; el cliente publica cada ${PUBLICACION_MS / 1000} s):`);
  const filas = [...rutas.entries()].map(([nombre, r]) => {
    const t = [...r.tiempos].sort((a, b) => a - b);
    return { ruta: nombre, peticiones: r.n, porSegundo: +(r.n / segundos).toFixed(2), ok: r.ok, noModificado: r.noModificado, errores: r.errores, sinConexionEnElReinicio: r.sinConexion, p50Ms: +pct(t, 50).toFixed(1), p95Ms: +pct(t, 95).toFixed(1), p99Ms: +pct(t, 99).toFixed(1), maxMs: +(t.at(-1) ?? 0).toFixed(1), ejemplosDeError: r.ejemplos };
  });
  for (const f of filas) {
    console.log(
      `  ${f.ruta.padEnd(38)} ${String(f.peticiones).padStart(6)} (${f.porSegundo}/s) · ${f.ok} ok, ${f.noModificado} × 304, ${f.errores} errores, ${f.sinConexionEnElReinicio} sin conexión en el reinicio · ` +
        `p50 ${ms(f.p50Ms)}, p95 ${ms(f.p95Ms)}, p99 ${ms(f.p99Ms)}, máx ${ms(f.maxMs)}`,
    );
    for (const e of f.ejemplosDeError) console.log(`      ${e}`);
  }
  const fases = ([1, 2] as const).map((n) => {
    const deFase = muestras.filter((m) => m.fase === n);
    const estable = deFase.filter((m) => m.t - deFase[0]!.t >= CALENTAMIENTO_MS);
    const p = pendiente(estable);
    return {
      fase: n,
      muestras: deFase.length,
      appMbInicio: +(deFase[0]?.appMb ?? 0).toFixed(0),
      appMbFin: +(deFase.at(-1)?.appMb ?? 0).toFixed(0),
      appMbMax: +Math.max(0, ...deFase.map((m) => m.appMb)).toFixed(0),
      javaMbFin: +(deFase.at(-1)?.javaMb ?? 0).toFixed(0),
      pendienteMbMin: p === null ? null : +p.toFixed(2),
    };
  });
  for (const f of fases) {
    console.log(
      `  memoria, fase ${f.fase} (${f.fase === 1 ? 'antes' : 'después'} del reinicio): app ${f.appMbInicio} → ${f.appMbFin} MB (máx ${f.appMbMax}), ` +
        `pendiente tras el primer minuto ${f.pendienteMbMin ?? '?'} MB/min; DynamoDB Local ${f.javaMbFin} MB`,
    );
  }
  console.log(`  ofertas reconocidas: ${reconocidas.length} (${reinicio.ofertasAntes} antes de la caída); faltan al final: ${faltanAlFinal.length}`);

  // The limits.
  for (const f of filas) {
    if (f.errores) fallos.push(`${f.ruta}: ${f.errores} errores fuera del reinicio`);
    if (f.p95Ms > LIMITES.p95Ms) fallos.push(`${f.ruta}: p95 ${ms(f.p95Ms)} > ${LIMITES.p95Ms} ms`);
  }
  if (!reconocidas.length) fallos.push('ninguna oferta fue reconocida: la prueba no probó la persistencia');
  if (reinicio.faltantesTrasReinicio.length) fallos.push(`tras el reinicio faltan ofertas reconocidas: ${reinicio.faltantesTrasReinicio.join('; ')}`);
  if (faltanAlFinal.length) fallos.push(`al final faltan ofertas reconocidas: ${faltanAlFinal.join('; ')}`);
  if (reinicio.caidaMs > LIMITES.reinicioMs) fallos.push(`la API tardó ${(reinicio.caidaMs / 1000).toFixed(0)} s en volver`);
  const p2 = fases[1]!.pendienteMbMin;
  if (p2 !== null && p2 > LIMITES.pendienteMbMin) fallos.push(`la memoria de la app crece ${p2} MB/min tras el reinicio (límite ${LIMITES.pendienteMbMin})`);

  writeFileSync(
    join(root, 'test-results', 'load.json'),
    JSON.stringify({ segundos: +segundos.toFixed(1), limites: LIMITES, rutas: filas, reinicio, ofertas: { reconocidas: reconocidas.length, faltanAlFinal }, memoria: { fases, muestras }, fallos }, null, 2),
  );
} catch (err) {
  fallos = [`la prueba no terminó: ${(err as Error).stack ?? String(err)}`];
} finally {
  detenido = true;
  await matar();
  rmSync(dataDir, { recursive: true, force: true });
}

if (fallos.length) {
  console.error(`\nFALLA (${fallos.length}):\n${fallos.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nBien: sin errores fuera del reinicio, todas las ofertas reconocidas persisten y la memoria no crece. Detalle en test-results/load.json');
process.exit(0);
