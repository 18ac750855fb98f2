/**
 * The payments section of `npm run bench`: what `GET /pagos/resumen` (the 'Pagos Pendientes' badge,
 * polled every 5 s by every console user) reads from DynamoDB, once and while many users poll it,
 * with nobody paying and with a payout every 5 s. Reads are counted on the API's own DynamoDB client
 * (same process); the bench's own writes go through another client and are not counted.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { localClient } from '../../scripts/local/dynamodb.js';
import { prng } from '../../scripts/local/prng.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import type { Stack } from '../../scripts/local/stack.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { localTableName } from '@shared/tables.js';
import { cargar, servicio } from './mapa-bench-datos.js';

const INTERVALO_MS = 5000;
/** The first interval is not measured: each user's first answer is a 200 and its company's first count. */
const MEDIDA_MS = 25_000;
/** Per polling company: services waiting for the advance, for the balance, and for the client's payment. */
const ANTICIPOS = 2;
const SALDOS = 1;
const DIA = 86_400_000;

type Sesion = { empresa: string; token: string; etag?: string };
type Cuenta = { consultas: number; items: number; rcu: number };

/** Every Query and GetItem the API's client sends, by index (or table) and in total. */
async function contarLecturas() {
  const { ddb } = await import('../../lambdas/adapters/clients/dynamodb.js');
  let porParte = new Map<string, Cuenta>();
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TableName?: string; IndexName?: string; ReturnConsumedCapacity?: string };
      const consulta = context.commandName === 'QueryCommand';
      if (!consulta && context.commandName !== 'GetItemCommand') return next(args);
      input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const o = out.output as { ScannedCount?: number; Item?: unknown; ConsumedCapacity?: { CapacityUnits?: number } };
      const parte = input.IndexName ?? String(input.TableName).replace(/^.*-/, '');
      const c = porParte.get(parte) ?? { consultas: 0, items: 0, rcu: 0 };
      c.consultas++;
      c.items += consulta ? (o.ScannedCount ?? 0) : o.Item ? 1 : 0;
      c.rcu += o.ConsumedCapacity?.CapacityUnits ?? 0;
      porParte.set(parte, c);
      return out;
    },
    { step: 'initialize', name: 'benchPagosLecturas' },
  );
  return { reiniciar: () => void (porParte = new Map()), tomar: () => new Map(porParte) };
}

const total = (m: Map<string, Cuenta>, sin: string[] = []) =>
  [...m].filter(([k]) => !sin.includes(k)).reduce((s, [, c]) => ({ consultas: s.consultas + c.consultas, items: s.items + c.items, rcu: s.rcu + c.rcu }), { consultas: 0, items: 0, rcu: 0 });
const detalle = (m: Map<string, Cuenta>, s = 1) =>
  [...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, c]) => `${k} ${(c.consultas / s).toFixed(s === 1 ? 0 : 1)}${s === 1 ? '' : '/s'}`).join(', ') || 'ninguna';
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1) : '-');

/** `sesiones`: the map bench's polling users (3 per company, companies without any payment yet). */
export async function pagosBench(stack: Stack, sesiones: Sesion[], { USUARIOS = [50, 200] } = {}): Promise<void> {
  const lecturas = await contarLecturas();
  const doc = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const staff = (await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.plataforma, PASSWORD: DEMO_PASSWORD } })))
    .AuthenticationResult!.IdToken!;
  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${stack.urls.api}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });

  // What each polling company owes: advances (confirmed trips), a balance (a finished one) and a client's payment to check.
  const rand = prng(2026);
  const ahora = Date.now();
  const empresas = [...new Set(sesiones.map((s) => s.empresa))];
  const anticipos: string[] = [];
  const items = empresas.flatMap((empresaAliada, e) => {
    const base = { empresaAliada, valorOferta: 1_000_000 + e * 1001, metodoPago: e % 2 ? ('epayco' as const) : ('transferencia' as const), oferentes: [empresaAliada], fuec: true };
    const salida = (dias: number) => ({ fechaSalida: new Date(ahora + dias * DIA).toISOString(), creadoEn: new Date(ahora - 3 * DIA).toISOString() });
    const a = Array.from({ length: ANTICIPOS }, (_, i) => {
      anticipos.push(`bench-anticipo-${e}-${i}`);
      return servicio(rand, { ...base, ...salida(2 + i), id: `bench-anticipo-${e}-${i}`, estado: 'confirmado', tipo: 'Buseta', pagarAnticipoConductor: true });
    });
    const s = Array.from({ length: SALDOS }, (_, i) =>
      servicio(rand, { ...base, ...salida(-1 - i), id: `bench-saldo-${e}-${i}`, estado: 'finalizado', tipo: 'Van', pagarAnticipoConductor: true, anticipoConductorPagado: true, pagarSaldoConductor: true, recorridoIniciado: true }),
    );
    const v = servicio(rand, { ...base, ...salida(5), id: `bench-validar-${e}`, estado: 'validar', tipo: 'Bus', fuec: false });
    return [...a, ...s, v];
  });
  await cargar(doc, 'services', items);
  let guardados = 0;
  let desde: Record<string, unknown> | undefined;
  do {
    const pagina = await doc.send(new ScanCommand({ TableName: localTableName('local', 'services'), Select: 'COUNT', ExclusiveStartKey: desde }));
    guardados += pagina.Count ?? 0;
    desde = pagina.LastEvaluatedKey;
  } while (desde);

  console.log(
    `\nGET /pagos/resumen (el contador 'Pagos Pendientes', sondeado cada ${INTERVALO_MS / 1000} s por cada usuario): ${empresas.length} empresas con ${ANTICIPOS} anticipos, ${SALDOS} saldo y 1 pago por validar cada una ` +
      `(${items.length} servicios por pagar) en una tabla de ${guardados} servicios`,
  );

  // 1. One request, cold: a company's count and staff's (every company's, plus payments to validate and rewards).
  const { cambios, SINCRONIZAR_MS } = await import('../../lambdas/data/cambios.js');
  const { CONTEOS_TODAS_MS } = await import('../../lambdas/api/caches.js');
  for (const [quien, token, empresa] of [['empresa', sesiones[0]!.token, sesiones[0]!.empresa], ['plataforma', staff, '*']] as const) {
    await cambios.anunciar({ tipo: 'empresa', id: empresa });
    await sleep(SINCRONIZAR_MS + 100);
    for (const cache of ['fría', 'caliente']) {
      lecturas.reiniciar();
      const res = await api('/pagos/resumen', token);
      const cuerpo = await res.text();
      const l = lecturas.tomar();
      const t = total(l, ['cambios']);
      console.log(`  ${quien.padEnd(10)} caché ${cache.padEnd(8)} ${res.status} ${cuerpo}: ${t.items} ítems leídos en ${t.consultas} peticiones (${detalle(new Map([...l].filter(([k]) => k !== 'cambios')))}), ${t.rcu} RCU`);
    }
  }

  // 2. N users polling (plus one staff member), quiet and then with a payout every 5 s.
  console.log(`  sondeo con If-None-Match, ${INTERVALO_MS / 1000} s de arranque y ${MEDIDA_MS / 1000} s medidos; caché por contenedor (aquí uno) hasta que el registro de cambios nombra la empresa`);
  let pagados = 0;
  for (const n of USUARIOS) {
    for (const pagando of [false, true]) {
      const activos: Sesion[] = [...sesiones.slice(0, n).map((s) => ({ ...s, etag: undefined })), { empresa: '*', token: staff }];
      const azar = prng(n + (pagando ? 1 : 0));
      const t0 = performance.now() + 50;
      const inicio = t0 + INTERVALO_MS;
      const fin = inicio + MEDIDA_MS;
      const tiempos: number[] = [];
      const estados = { 200: 0, 304: 0 };
      let pagos = 0;
      const medir = (async () => {
        await sleep(inicio - performance.now());
        lecturas.reiniciar();
        await sleep(fin - performance.now());
        return lecturas.tomar();
      })();
      const pagar = (async () => {
        if (!pagando) return;
        await sleep(inicio - performance.now());
        while (performance.now() < fin - INTERVALO_MS / 2) {
          const id = anticipos[pagados++]!;
          const res = await api(`/plataforma/servicios/${id}/pago-conductor`, staff, { method: 'POST', body: JSON.stringify({ tipo: 'anticipo', fecha: hoyEnBogota(), referencia: `BENCH-${pagados}`, cuentaVista: null }) });
          if (res.status !== 201) throw new Error(`pago-conductor respondió ${res.status}: ${await res.text()}`);
          pagos++;
          await sleep(INTERVALO_MS);
        }
      })();
      await Promise.all([
        pagar,
        ...activos.map(async (s) => {
          const desfase = azar() * INTERVALO_MS;
          for (let k = 0; t0 + desfase + k * INTERVALO_MS < fin; k++) {
            const at = t0 + desfase + k * INTERVALO_MS;
            if (at > performance.now()) await sleep(at - performance.now());
            const started = performance.now();
            const res = await api('/pagos/resumen', s.token, { headers: s.etag ? { 'if-none-match': s.etag } : {} });
            await res.arrayBuffer();
            if (res.status !== 200 && res.status !== 304) throw new Error(`GET /pagos/resumen respondió ${res.status}`);
            s.etag = res.headers.get('etag') ?? s.etag;
            if (started < inicio || started >= fin) continue;
            tiempos.push(performance.now() - started);
            estados[res.status]++;
          }
        }),
      ]);
      const l = await medir;
      tiempos.sort((a, b) => a - b);
      const seg = MEDIDA_MS / 1000;
      const conteos = total(l, ['cambios', 'usuarios', 'empresas']);
      const todo = total(l);
      console.log(
        `  N=${String(n).padEnd(3)} + 1 de plataforma (${new Set(activos.map((s) => s.empresa)).size - 1} empresas), ${pagando ? `un anticipo pagado cada ${INTERVALO_MS / 1000} s (${pagos})` : 'sin pagos'}: ` +
          `${(tiempos.length / seg).toFixed(1)} req/s (${estados[200]} × 200, ${estados[304]} × 304), p50 ${pct(tiempos, 50)} ms, p95 ${pct(tiempos, 95)} ms; ` +
          `DynamoDB ${(todo.consultas / seg).toFixed(1)} peticiones/s (${detalle(l, seg)}), ${(todo.items / seg).toFixed(1)} ítems/s, ${(todo.rcu / seg).toFixed(1)} RCU/s; ` +
          `conteos: ${(conteos.consultas / seg).toFixed(1)} consultas/s`,
      );
    }
  }
  console.log(
    `  → sin pagos, los conteos no leen nada tras la primera respuesta (solo el registro de cambios, una consulta por segundo y contenedor); ` +
      `cada pago relee los 2 conteos de su empresa una vez, sea cual sea el número de usuarios, y los de plataforma (todas las empresas) solo en el contenedor que registró el pago; ` +
      `los cambios de otras empresas no los releen: duran ${CONTEOS_TODAS_MS / 1000} s. Lo que lee un reconteo de plataforma crece con los pagos pendientes (no con la tabla ni con los usuarios)`,
  );
}
