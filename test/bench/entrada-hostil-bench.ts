/**
 * The untrusted-input section of `npm run bench` (docs/architecture.md, "Untrusted input"):
 * - hostile PDFs read for the FUEC check (lambdas/adapters/pdf-texto.ts): how long each takes and how
 *   late this thread's timers ran meanwhile (the request loop's delay);
 * - quotas: one company user asking for 150 FUEC upload tickets as fast as it can (10 at a time), and
 *   the client app asking for 50 receipt tickets: how many are served, how many refused with a 429, the
 *   latency of each, and what the first refusal says.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { leerPdf } from '../../lambdas/adapters/pdf-texto.js';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import type { Stack } from '../../scripts/local/stack.js';
import { pdfCon, pdfFormas } from '../support/pdfs.js';

const MB = 1024 * 1024;
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1) : '-');

export async function pdfsHostilesBench(): Promise<void> {
  console.log('\nPDF hostiles leídos para el FUEC (hilo de trabajo con plazo de 4 s, 32 MB decodificados, 96 MB de memoria):');
  const casos: [string, Uint8Array][] = [
    ['12 formularios × 4 niveles', pdfFormas({ veces: 12, niveles: 4 })],
    ['12 formularios × 5 niveles', pdfFormas({ veces: 12, niveles: 5 })],
    ['bomba: 200 MB en un flujo', pdfCon({ relleno: 200 * MB })],
    ['40 MB con el filtro en una referencia indirecta', pdfCon({ relleno: 40 * MB, escritura: 'indirecto' })],
    ['40 MB con el filtro detrás de otra clave', pdfCon({ relleno: 40 * MB, escritura: 'escondido' })],
    ['4 MB dibujados 200 veces', pdfCon({ relleno: 4 * MB, veces: 200 })],
  ];
  for (const [nombre, pdf] of casos) {
    const demora = monitorEventLoopDelay({ resolution: 10 });
    demora.enable();
    const t = performance.now();
    const lectura = await leerPdf(pdf);
    const ms = performance.now() - t;
    demora.disable();
    const resultado = 'texto' in lectura ? `texto (${lectura.texto.length} caracteres)` : lectura.problema;
    console.log(`  ${nombre} (${(pdf.length / 1024).toFixed(1)} KB): ${resultado} en ${ms.toFixed(0)} ms; el bucle de peticiones se retrasó ${(demora.max / 1e6).toFixed(1)} ms como máximo`);
  }
}

async function rafaga(n: number, pedir: () => Promise<Response>) {
  const tiempos: Record<number, number[]> = {};
  let primerRechazo: { mensaje: string; reintentar: string | null } | null = null;
  let next = 0;
  const inicio = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < n) {
        next++;
        const t = performance.now();
        const res = await pedir();
        const cuerpo = (await res.json()) as { error?: { message: string } };
        (tiempos[res.status] ??= []).push(performance.now() - t);
        if (res.status === 429 && !primerRechazo) primerRechazo = { mensaje: cuerpo.error!.message, reintentar: res.headers.get('retry-after') };
      }
    }),
  );
  const total = performance.now() - inicio;
  const resumen = Object.entries(tiempos)
    .map(([status, ts]) => {
      const sorted = ts.sort((a, b) => a - b);
      return `${ts.length}×${status} (p50 ${pct(sorted, 50)} ms, p95 ${pct(sorted, 95)} ms)`;
    })
    .join(', ');
  return { resumen, total, primerRechazo: primerRechazo as { mensaje: string; reintentar: string | null } | null };
}

export async function cuotasBench(stack: Stack): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.staff, PASSWORD: DEMO_PASSWORD } }),
  );
  const token = auth.AuthenticationResult!.IdToken!;
  const fuec = JSON.stringify({ kind: 'fuec', contentType: 'application/pdf', size: 2 * MB, fileName: 'fuec.pdf' });
  const consola = await rafaga(150, () => fetch(`${stack.urls.api}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: fuec }));
  console.log(`\nCuotas: 150 boletos de FUEC de 2 MB pedidos por un operador, 10 a la vez: ${consola.resumen}, en ${(consola.total / 1000).toFixed(1)} s.`);
  if (consola.primerRechazo) console.log(`  primer rechazo: "${consola.primerRechazo.mensaje}" (Retry-After: ${consola.primerRechazo.reintentar} s)`);

  const path = '/integracion/cliente/uploads';
  const recibo = JSON.stringify({ kind: 'comprobanteCliente', contentType: 'application/pdf', size: 100_000, fileName: 'recibo.pdf' });
  const app = await rafaga(50, () =>
    fetch(`${stack.urls.api}${path}`, { method: 'POST', headers: { ...cabecerasApp('bench', 'POST', path, recibo), 'content-type': 'application/json' }, body: recibo }),
  );
  console.log(`  50 boletos de comprobante pedidos por la app de clientes: ${app.resumen}, en ${(app.total / 1000).toFixed(1)} s (su cuota: 2.000 por hora).`);
}

/**
 * Internal registration as an oracle (docs/decisions/0009, 0011): one company's admin registers five
 * addresses with accounts elsewhere and five new ones, then each again. Status and body are the same for
 * both kinds; the times should be too (the invitation hashes the password either way).
 */
export async function registroInternoBench(stack: Stack): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.admin3, PASSWORD: DEMO_PASSWORD } }),
  );
  const headers = { authorization: `Bearer ${auth.AuthenticationResult!.IdToken!}`, 'content-type': 'application/json' };
  const registrar = async (email: string) => {
    const t = performance.now();
    const res = await fetch(`${stack.urls.api}/usuarios`, { method: 'POST', headers, body: JSON.stringify({ email, verifyEmail: email, password: 'Equipo2026!', verifyPassword: 'Equipo2026!' }) });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t };
  };
  const ajenas = [DEMO_USERS.admin, DEMO_USERS.staff, DEMO_USERS.admin2, DEMO_USERS.plataforma, DEMO_USERS.conductor];
  const nuevas = ajenas.map((_, i) => `nueva${i}.${Date.now().toString(36)}@bench.demo`);
  const medir = async (correos: string[]) => {
    const r = [];
    for (const c of correos) r.push(await registrar(c));
    const ms = r.map((x) => x.ms).sort((a, b) => a - b);
    return `${[...new Set(r.map((x) => x.status))].join('/')} p50 ${pct(ms, 50)} ms (${ms.map((m) => m.toFixed(0)).join(', ')})`;
  };
  console.log('\nRegistro interno de otra empresa (POST /usuarios), 5 correos con cuenta en otra parte y 5 nuevos, uno tras otro:');
  console.log(`  primera vez: con cuenta ${await medir(ajenas)}; nuevos ${await medir(nuevas)}`);
  console.log(`  repetido: con cuenta ${await medir(ajenas)}; nuevos ${await medir(nuevas)}`);
}
