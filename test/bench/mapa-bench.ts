/**
 * The map section of `npm run bench`: what one `GET /mapa` reads from DynamoDB as the services table
 * grows (1 000 and 100 000 stored services), and what N users polling the map every 5 s cost DynamoDB.
 * Reads are counted on the API's own DynamoDB client (the API runs in this process, so it is the same
 * instance); the bench's own writes and counts go through another client and are not counted. The
 * stored data is made in mapa-bench-datos.ts, the reads are counted in mapa-bench-lecturas.ts.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConsoleUser } from '../../scripts/lib/console-users.js';
import { localClient } from '../../scripts/local/dynamodb.js';
import { DEMO_PASSWORD } from '../../scripts/local/demo-users.js';
import type { Stack } from '../../scripts/local/stack.js';
import { claveMapa, MAX_SERVICIOS_MAPA } from '@shared/domain/mapa.js';
import type { VehicleType } from '@shared/schemas/service.js';
import { prng } from '../../scripts/local/prng.js';
import { cargar, contar, EMPRESAS_HISTORIAL, empresa, flota, historico, LOTES_PARALELOS, propio, table, vivo } from './mapa-bench-datos.js';
import { AUTH, contarLecturas, EMPRESA, FEED, LOG, PARTES, suma, type Lecturas, type Parte } from './mapa-bench-lecturas.js';

/** Live pending services (published in the last 20 h, not expired), spread over the 9 types. */
const VIVOS = 300;
/** The measured company's own services after pendiente, departing from a week ago on. */
const PROPIOS = 20;

/** The polling part: users per run, 3 per company, each company's fleet of 3 types. */
const USUARIOS_POR_EMPRESA = 3;
/** Every fleet here has 3 types, so each reload of the pending feed starts with 3 first-page queries. */
const TIPOS_POR_FLOTA = 3;
const INTERVALO_MS = 5000;
/** The first interval is not measured: each user's first answer is a 200 and its company's first load. */
const MEDIDA_MS = 25_000;
/** Fleets of the polling companies: a few common sets of 3 types (the pending feed is shared by set). */
const COMBINACIONES: (readonly VehicleType[])[] = [
  ['Bus', 'Buseta', 'Van'],
  ['Automovil', 'Suv', 'Van'],
  ['Buseta', 'Minivan', 'Van'],
  ['Bus', 'Buseton', 'Chiva'],
  ['4x4 Platon', 'Automovil', 'Suv'],
  ['Bus', 'Buseta', 'Buseton'],
];

const miles = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1) : '-');

/** Returns the polling users' sessions (3 per company), for the next sections of the bench to poll with. */
export async function mapaBench(stack: Stack, { TAMANOS = [1_000, 100_000], USUARIOS = [20, 50, 100, 200] } = {}): Promise<{ empresa: string; token: string }[]> {
  const { MAPA_CACHE_MS } = await import('../../lambdas/api/caches.js');
  const { cambios, CACHE_REGISTROS_MS, SINCRONIZAR_MS } = await import('../../lambdas/data/cambios.js');
  const lecturas = await contarLecturas();
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const users = { cognito, userPoolId: stack.userPoolId, ddb: doc, usuariosTable: table('usuarios') };
  const idToken = async (email: string) =>
    (await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } })))
      .AuthenticationResult!.IdToken!;
  const now = new Date();
  const ahora = now.getTime();

  // 1. Items one GET /mapa reads, with the table small and then large.
  const medida = 'bench-mapa';
  const nombreMedida = 'Transportes Mapa Bench S.A.S.';
  const tiposMedida: VehicleType[] = ['Bus', 'Buseta', 'Van'];
  const VEHICULOS_MEDIDA = 6;
  await cargar(doc, 'empresas', [empresa(medida, nombreMedida, now)]);
  await cargar(doc, 'vehiculos', flota(medida, nombreMedida, tiposMedida, VEHICULOS_MEDIDA, now));
  await createConsoleUser(users, { email: 'admin@mapa.bench', password: DEMO_PASSWORD, nombres: 'Paula', apellidos: 'Bench', role: 'admin', empresaId: medida, puesto: 'CEO', perfil: true });
  const tokenMedida = await idToken('admin@mapa.bench');
  const headers = { authorization: `Bearer ${tokenMedida}` };
  const subMedida = String(JSON.parse(Buffer.from(tokenMedida.split('.')[1]!, 'base64url').toString()).sub);

  const rand = prng(1971);
  const oferentes = [medida, 'bench-historial-1', 'bench-historial-2', 'bench-historial-3'];
  const vivos = Array.from({ length: VIVOS }, (_, i) => vivo(rand, i, ahora, oferentes));
  const propios = Array.from({ length: PROPIOS }, (_, i) => propio(rand, i, ahora, medida, tiposMedida));
  let guardados = 0;
  let historicos = 0;
  const vencidos = { pendientes: 0, finalizados: 0 };

  console.log(`\nGET /mapa: ítems leídos de DynamoDB por llamada, empresa con flota de 3 tipos (${tiposMedida.join(', ')}; ${VEHICULOS_MEDIDA} vehículos)`);
  const enFrio: { total: number; paginas: number }[] = [];
  for (const tamano of TAMANOS) {
    const t = performance.now();
    const nuevos = guardados === 0 ? [...vivos, ...propios] : [];
    while (nuevos.length < tamano - guardados) {
      const item = historico(rand, historicos++, ahora, medida);
      vencidos[item.estado === 'pendiente' ? 'pendientes' : 'finalizados']++;
      nuevos.push(item);
    }
    const generado = performance.now() - t;
    const ms = await cargar(doc, 'services', nuevos);
    guardados += nuevos.length;
    const total = await contar(doc, { TableName: table('services'), IndexName: 'byEstado', KeyConditionExpression: 'estado = :e', ExpressionAttributeValues: { ':e': 'pendiente' } });
    const enIndice = (await Promise.all(tiposMedida.map((tipo) => contar(doc, { TableName: table('services'), IndexName: 'pendientesPorTipo', KeyConditionExpression: 'mapa = :k', ExpressionAttributeValues: { ':k': claveMapa(tipo) } })))).reduce((a, b) => a + b, 0);
    const vigentes = (await Promise.all(tiposMedida.map((tipo) => contar(doc, { TableName: table('services'), IndexName: 'pendientesPorTipo', KeyConditionExpression: 'mapa = :k AND expiresAt > :now', ExpressionAttributeValues: { ':k': claveMapa(tipo), ':now': Math.floor(Date.now() / 1000) } })))).reduce((a, b) => a + b, 0);
    const deLaEmpresa = await contar(doc, { TableName: table('services'), IndexName: 'byEmpresaAliada', KeyConditionExpression: 'empresaAliada = :e', ExpressionAttributeValues: { ':e': medida } });
    console.log(
      `  tabla con ${miles(guardados)} servicios (${VIVOS} pendientes vigentes de los 9 tipos, ${PROPIOS} propios recientes, ${miles(historicos)} históricos: ${miles(vencidos.pendientes)} pendientes vencidos que siguen en el índice y ${miles(vencidos.finalizados)} finalizados de ${EMPRESAS_HISTORIAL} empresas, un 5 % de la medida); ` +
        `${miles(nuevos.length)} escritos en ${(ms / 1000).toFixed(1)} s (${miles(nuevos.length / (ms / 1000))} ítems/s, ${LOTES_PARALELOS} BatchWrite de 25 en paralelo; generarlos ${(generado / 1000).toFixed(1)} s)`,
    );
    console.log(
      `    índice pendientesPorTipo, particiones de sus 3 tipos: ${miles(enIndice)} ítems, ${vigentes} sin vencer (${miles(total)} pendientes en toda la tabla); ` +
        `índice byEmpresaAliada de la empresa: ${miles(deLaEmpresa)} servicios (${PROPIOS} de la última semana o por venir)`,
    );
    for (const cache of ['fría', 'caliente'] as const) {
      // Cold: every cache is stale, as for the first poll after MAPA_CACHE_MS that follows a change of
      // the company and its user (or the first request a new container serves); warm: right after.
      if (cache === 'fría') {
        await cambios.anunciar({ tipo: 'empresa', id: medida }, { tipo: 'usuario', id: subMedida });
        await sleep(Math.max(MAPA_CACHE_MS, SINCRONIZAR_MS) + 100);
      }
      lecturas.reiniciar();
      const res = await fetch(`${stack.urls.api}/mapa`, { headers });
      if (res.status !== 200) throw new Error(`GET /mapa respondió ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { servicios: { estado: string }[] };
      const l = lecturas.tomar();
      // The log is read once a second per container, whatever the requests: apart from the request's own reads.
      const [a, b, c, todo] = [suma(l, FEED), suma(l, EMPRESA), suma(l, AUTH), suma(l, [...FEED, ...EMPRESA, ...AUTH, 'otras'])];
      if (cache === 'fría') enFrio.push({ total: todo.items, paginas: a.peticiones });
      const propiosEnMapa = body.servicios.filter((s) => s.estado !== 'pendiente' && s.estado !== 'ofertas').length;
      const d = suma(l, LOG);
      const auth = `autenticación ${c.items} (usuario y empresa por perfilCompleto: ${c.peticiones} GetItem)`;
      const log = `aparte, el registro de cambios que el contenedor lee una vez por segundo: ${d.items} ítems (${d.peticiones} consulta)`;
      const partes =
        a.peticiones + b.peticiones + c.peticiones
          ? `feed de pendientes ${a.items} (${a.peticiones} consultas al índice pendientesPorTipo) + parte de la empresa ${b.items} ` +
            `(flota ${l.flota.items} y servicios propios ${l.propios.items}; ${b.peticiones} consultas a byEmpresaAliada) + ${auth}; ${log}`
          : `feed, parte de la empresa, usuario y empresa salen de la caché del contenedor (0 lecturas); ${log}`;
      console.log(
        `    caché ${cache.padEnd(8)} ${String(todo.items).padStart(3)} ítems leídos = ${partes}; ` +
          `${todo.peticiones} peticiones a DynamoDB, ${todo.rcu} RCU; ${body.servicios.length} marcadores (${propiosEnMapa} propios)`,
      );
    }
  }
  // newestAcross reads a first page of ceil(50 / types) per type, and a type whose page ran dry
  // before the 50 were chosen only for what is still missing: what it reads beyond the 50 it keeps
  // is the unchosen rest of the last page of each type.
  const pagina = Math.ceil(MAX_SERVICIOS_MAPA / tiposMedida.length);
  const maxFrio = Math.max(...enFrio.map((e) => e.total));
  const ultimaFria = enFrio[enFrio.length - 1]!;
  console.log(
    `  → ${enFrio.map((e) => e.total).join(' y ')} ítems en frío con ${TAMANOS.map(miles).join(' y ')} servicios: no crece con la tabla; ${maxFrio <= 100 ? 'cumple' : 'NO cumple'} el máximo de 100 del issue. ` +
      `Feed: una primera página de ${pagina} por tipo (${tiposMedida.length} × ${pagina} = ${tiposMedida.length * pagina}) y, si un tipo se agota antes de elegir ${MAX_SERVICIOS_MAPA}, otra solo por lo que falta ` +
      `(${ultimaFria.paginas} consultas aquí; el reparto de los ${MAX_SERVICIOS_MAPA} más nuevos entre tipos cambia con los pendientes de demostración del seed): lo leído son los ${MAX_SERVICIOS_MAPA} elegidos ` +
      `más lo que queda sin elegir de la última página de cada tipo, más los ya salidos que el filtro descarta; ` +
      `empresa: la flota entera (${VEHICULOS_MEDIDA} vehículos; crece con la flota de la empresa, no con la tabla) + hasta ${MAX_SERVICIOS_MAPA} propios (${PROPIOS} aquí); autenticación: 2; registro de cambios (por contenedor y segundo, no por petición): lo cambiado desde la lectura anterior, más 2 s de margen`,
  );

  // 2. N users of distinct companies polling the map every 5 s.
  const empresas = Math.ceil(Math.max(...USUARIOS) / USUARIOS_POR_EMPRESA);
  let t = performance.now();
  const sondeo = Array.from({ length: empresas }, (_, i) => ({ id: `bench-sondeo-${String(i).padStart(2, '0')}`, nombre: `Transportes Sondeo ${i + 1} S.A.S.`, tipos: COMBINACIONES[i % COMBINACIONES.length]! }));
  await cargar(doc, 'empresas', sondeo.map((e) => empresa(e.id, e.nombre, now)));
  await cargar(doc, 'vehiculos', sondeo.flatMap((e) => flota(e.id, e.nombre, e.tipos, 3, now)));
  const cuentas = sondeo.flatMap((e, i) =>
    Array.from({ length: USUARIOS_POR_EMPRESA }, (_, u) => ({ email: `${u === 0 ? 'admin' : `operador${u}`}@sondeo${i}.bench`, role: u === 0 ? ('admin' as const) : ('user' as const), empresa: e })),
  );
  for (const [i, c] of cuentas.entries()) {
    await createConsoleUser(users, { email: c.email, password: DEMO_PASSWORD, nombres: 'Usuario', apellidos: `Sondeo ${i}`, role: c.role, empresaId: c.empresa.id, puesto: 'COORDINADOR_COMERCIAL', perfil: true });
  }
  const creados = performance.now() - t;
  t = performance.now();
  const sesiones: { empresa: string; tipos: string; token: string; etag?: string }[] = [];
  let siguiente = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (siguiente < cuentas.length) {
        const c = cuentas[siguiente++]!;
        sesiones.push({ empresa: c.empresa.id, tipos: c.empresa.tipos.join('|'), token: await idToken(c.email) });
      }
    }),
  );
  sesiones.sort((a, b) => a.empresa.localeCompare(b.empresa));
  console.log(
    `\nSondeo de GET /mapa cada ${INTERVALO_MS / 1000} s con If-None-Match (como el navegador), ${USUARIOS_POR_EMPRESA} usuarios por empresa, flotas de 3 tipos en ${COMBINACIONES.length} combinaciones; ` +
      `${INTERVALO_MS / 1000} s de arranque y ${MEDIDA_MS / 1000} s medidos por N; caché de ${MAPA_CACHE_MS / 1000} s por contenedor (aquí uno). ` +
      `Usuario, empresa y parte de la empresa quedan en la caché del contenedor hasta que el registro de cambios los nombra (o ${CACHE_REGISTROS_MS / 60_000} min); el contenedor lee el registro como mucho cada ${SINCRONIZAR_MS / 1000} s. ` +
      `Nadie publica durante el sondeo, así que tras la primera respuesta casi todo es 304 (la ETag se calcula sobre la respuesta entera). ` +
      `Preparación: ${empresas} empresas y ${cuentas.length} usuarios de Cognito en ${(creados / 1000).toFixed(1)} s, sesiones en ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  type Nivel = { n: number; empresas: number; combinaciones: number; segundos: number; api: number; ok: number; noModificado: number; tiempos: number[]; l: Lecturas };
  const niveles: Nivel[] = [];
  let topeFeed = 0;
  for (const n of USUARIOS) {
    const activos = sesiones.slice(0, n);
    const azar = prng(n);
    const t0 = performance.now() + 50;
    const inicio = t0 + INTERVALO_MS;
    const fin = inicio + MEDIDA_MS;
    const tiempos: number[] = [];
    let ok = 0;
    let noModificado = 0;
    const medir = (async () => {
      await sleep(inicio - performance.now());
      lecturas.reiniciar();
      await sleep(fin - performance.now());
      return lecturas.tomar();
    })();
    await Promise.all(
      activos.map(async (s) => {
        // Browsers opened at different moments: each user's polls are spread over the interval.
        const desfase = azar() * INTERVALO_MS;
        for (let k = 0; t0 + desfase + k * INTERVALO_MS < fin; k++) {
          const at = t0 + desfase + k * INTERVALO_MS;
          if (at > performance.now()) await sleep(at - performance.now());
          const started = performance.now();
          const res = await fetch(`${stack.urls.api}/mapa`, { headers: { authorization: `Bearer ${s.token}`, ...(s.etag ? { 'if-none-match': s.etag } : {}) } });
          await res.arrayBuffer();
          if (res.status !== 200 && res.status !== 304) throw new Error(`GET /mapa respondió ${res.status}`);
          s.etag = res.headers.get('etag') ?? s.etag;
          if (started < inicio || started >= fin) continue;
          tiempos.push(performance.now() - started);
          if (res.status === 200) ok++;
          else noModificado++;
        }
      }),
    );
    const l = await medir;
    tiempos.sort((a, b) => a - b);
    const nivel: Nivel = {
      n, empresas: new Set(activos.map((s) => s.empresa)).size, combinaciones: new Set(activos.map((s) => s.tipos)).size, segundos: MEDIDA_MS / 1000, api: tiempos.length, ok, noModificado, tiempos, l,
    };
    niveles.push(nivel);
    const s = nivel.segundos;
    const [a, b, c, d, todo] = [suma(l, FEED), suma(l, EMPRESA), suma(l, AUTH), suma(l, LOG), suma(l, PARTES)];
    const recargasEmpresa = l.flota.peticiones / s;
    console.log(
      `  N=${String(n).padEnd(3)} (${nivel.empresas} empresas, ${nivel.combinaciones} combinaciones de tipos): ${(nivel.api / s).toFixed(1)} req/s a la API (${ok} × 200, ${noModificado} × 304), ` +
        `p50 ${pct(tiempos, 50)} ms, p95 ${pct(tiempos, 95)} ms, máx ${pct(tiempos, 100)} ms`,
    );
    console.log(
      `    DynamoDB ${(todo.peticiones / s).toFixed(1)} peticiones/s: (a) feed de pendientes ${(a.peticiones / s).toFixed(1)}/s, (b) parte de la empresa ${(b.peticiones / s).toFixed(1)}/s, ` +
        `(c) autenticación y perfil ${(c.peticiones / s).toFixed(1)}/s, (d) registro de cambios ${(d.peticiones / s).toFixed(1)}/s${l.otras.peticiones ? `, otras ${(l.otras.peticiones / s).toFixed(1)}/s` : ''}; ` +
        `${miles(todo.items / s)} ítems leídos/s (a ${miles(a.items / s)}, b ${miles(b.items / s)}, c ${miles(c.items / s)}), ${(todo.rcu / s).toFixed(1)} RCU/s`,
    );
    const porRecarga = l.recargas ? a.peticiones / (l.recargas / TIPOS_POR_FLOTA) : 0;
    console.log(
      `    lectura: (a) ${(l.recargas / TIPOS_POR_FLOTA / s).toFixed(2)} recargas/s del feed para ${nivel.combinaciones} combinaciones (tope 1 cada ${MAPA_CACHE_MS / 1000} s por combinación = ` +
        `${(nivel.combinaciones / (MAPA_CACHE_MS / 1000)).toFixed(2)}/s), ${porRecarga.toFixed(1)} consultas y ${l.recargas ? miles(a.items / (l.recargas / TIPOS_POR_FLOTA)) : '-'} ítems por recarga; ` +
        `(b) ${recargasEmpresa.toFixed(2)} recargas/s para ${nivel.empresas} empresas (solo tras un cambio o ${CACHE_REGISTROS_MS / 60_000} min), 2 consultas cada una; ` +
        `(c) ${(c.peticiones / Math.max(1, nivel.api)).toFixed(2)} GetItem por petición; (d) ${(d.peticiones / s).toFixed(2)} consultas/s (tope ${(1000 / SINCRONIZAR_MS).toFixed(0)} por contenedor)`,
    );
    topeFeed = Math.max(topeFeed, (nivel.combinaciones / (MAPA_CACHE_MS / 1000)) * porRecarga);
  }
  const primero = niveles[0]!;
  const ultimo = niveles[niveles.length - 1]!;
  const porSeg = (nv: Nivel, partes: readonly Parte[]) => (suma(nv.l, partes).peticiones / nv.segundos).toFixed(1);
  console.log(
    `  → (a) feed de pendientes: ${niveles.map((nv) => porSeg(nv, FEED)).join(' / ')} consultas/s para N=${USUARIOS.join('/')}: acotado, ` +
      `×${(suma(ultimo.l, FEED).peticiones / Math.max(1, suma(primero.l, FEED).peticiones)).toFixed(1)} con ×${(ultimo.n / primero.n).toFixed(0)} usuarios, y se acerca al tope de ` +
      `${ultimo.combinaciones} combinaciones × 1 recarga cada ${MAPA_CACHE_MS / 1000} s ≈ ${topeFeed.toFixed(1)} consultas/s (con N pequeño hay combinaciones que nadie pide cada ${MAPA_CACHE_MS / 1000} s); ` +
      `crece solo con las combinaciones de tipos distintas (a lo sumo 84 de 3 de los 9 tipos) y con los contenedores`,
  );
  const total = (nv: Nivel) => suma(nv.l, PARTES).peticiones / nv.segundos;
  console.log(
    `  → (b) parte de la empresa: ${niveles.map((nv) => porSeg(nv, EMPRESA)).join(' / ')} consultas/s para ${niveles.map((nv) => nv.empresas).join('/')} empresas; ` +
      `(c) autenticación y perfil: ${niveles.map((nv) => porSeg(nv, AUTH)).join(' / ')} GetItem/s; (d) registro de cambios: ${niveles.map((nv) => porSeg(nv, LOG)).join(' / ')} consultas/s: ` +
      `tras la primera petición de cada usuario solo se leen de nuevo cuando el registro de cambios los nombra (o a los ${CACHE_REGISTROS_MS / 60_000} min)`,
  );
  console.log(
    `  → DynamoDB en total: ${niveles.map((nv) => total(nv).toFixed(1)).join(' / ')} peticiones/s para N=${USUARIOS.join('/')} ` +
      `(×${(total(ultimo) / Math.max(0.1, total(primero))).toFixed(1)} con ×${(ultimo.n / primero.n).toFixed(0)} usuarios y ×${(ultimo.empresas / primero.empresas).toFixed(0)} empresas): ` +
      `${total(ultimo) <= 1.5 * total(primero) + 1 ? 'plano' : 'NO plano'}; lo que queda crece con las combinaciones de tipos que se piden y con los contenedores, no con usuarios ni empresas`,
  );
  return sesiones.map(({ empresa, token }) => ({ empresa, token }));
}
