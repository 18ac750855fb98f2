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
 * exits non-zero when a limit is broken. LOAD_SECONDS shortens or lengthens the run (300). The app's
 * process and memory are in carga-app.ts, the requests' figures in carga-peticiones.ts, the report and
 * its limits in carga-informe.ts.
 */
import '../../scripts/local/quiet-sdk.js';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readFileSync, rmSync } from 'node:fs';
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
import { arrancar, dataDir, logFile, matar, memoria, muestras, ocupado, PUERTOS } from './carga-app.js';
import { informe, type Reinicio } from './carga-informe.js';
import { estado, pedir, rutas } from './carga-peticiones.js';
import { cargar, empresa, enCurso, flota } from './mapa-bench-datos.js';

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
/** Memory is read this often. */
const MEMORIA_MS = 5000;

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
  // Each driver on a trip under way: the API takes a position only then.
  const randViajes = prng(46);
  await cargar(doc, 'services', conductores.map((c, i) => enCurso(randViajes, i, now.getTime(), c.empresa, c.vehiculoId)));
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
      if (at >= fin || estado.detenido) return;
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
    if (m && !estado.reiniciando) muestras.push({ t: performance.now() - inicio, fase, ...m });
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
  const reinicio: Reinicio = { caidaMs: 0, arranqueMs: 0, ofertasAntes: 0, faltantesTrasReinicio: [] };
  const caida = (async () => {
    await sleep(Math.max(0, mitad - performance.now()));
    estado.reiniciando = true;
    const muerte = performance.now();
    await matar();
    const t = performance.now();
    stack = await arrancar();
    fase = 2;
    estado.reiniciando = false;
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
  // Report (carga-informe.ts)

  console.log(`\nResultados de ${segundos.toFixed(0)} s (${usuarios.length} usuarios de consola, ${OFERENTES} de ellos ofertando; ${conductores.length} conductores; el cliente publica cada ${PUBLICACION_MS / 1000} s):`);
  fallos.push(...informe(segundos, reconocidas, reinicio, faltanAlFinal));
} catch (err) {
  fallos = [`la prueba no terminó: ${(err as Error).stack ?? String(err)}`];
} finally {
  estado.detenido = true;
  await matar();
  rmSync(dataDir, { recursive: true, force: true });
}

if (fallos.length) {
  console.error(`\nFALLA (${fallos.length}):\n${fallos.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nBien: sin errores fuera del reinicio, todas las ofertas reconocidas persisten y la memoria no crece. Detalle en test-results/load.json');
process.exit(0);
