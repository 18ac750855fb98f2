import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';
import { BOGOTA_TZ } from '@shared/constants.js';
import { METODOS_PAGO, type MetodoPago, type VehicleType } from '@shared/schemas/service.js';
import { servicioSimulado, TYPES } from './demo-data.js';
import { firmaEpayco, type CredencialesEpayco } from '@shared/domain/epayco.js';
import { registrarTransaccionEpayco } from './epayco.js';

/** ePayco's confirmation of an accepted card payment, signed as ePayco signs it (also used by the tests). */
export function confirmacionFirmada(c: CredencialesEpayco, t: { x_id_invoice: string; x_amount: string; x_ref_payco: string; x_transaction_id: string; x_currency_code?: string; x_cod_response?: string; x_test_request?: string; x_cust_id_cliente?: string }): Record<string, string> {
  const campos = { x_cust_id_cliente: c.p_cust_id_cliente, x_currency_code: 'COP', x_cod_response: '1', x_test_request: 'FALSE', x_response_reason_text: 'Aprobada', ...t };
  return { ...campos, x_signature: firmaEpayco(c, campos) };
}

/**
 * The client app, played locally for `npm start` (never by the tests' stacks): it publishes a realistic
 * request around Cali every `publishEveryMs` (the first one at once), and `acceptAfterMs` after
 * publishing one it looks at its offers. Seeing at least one open offer, it accepts the cheapest with
 * probability `acceptShare` (a random payment method), or else lets them all lapse; a service with no
 * offer yet is looked at again every `acceptAfterMs`, up to {@link REVISIONES} times, then left to expire
 * by itself (24 h). It only ever touches the services it published: they are tracked in memory and, with
 * `stateFile`, on disk, so a restart goes on tracking them. It signs each call as the client app does,
 * logs one Spanish line per action, and logs its errors instead of throwing them.
 */

export type ClientSimulatorOptions = {
  apiUrl: string;
  /** The client app's signing key (`clientAppSecret` of the stack). */
  secret: string;
  log: (line: string) => void;
  publishEveryMs?: number;
  acceptAfterMs?: number;
  /** Share (0 to 1) of services with an open offer whose cheapest offer it accepts. */
  acceptShare?: number;
  /** A JSON file keeping the services it still watches across restarts; memory only without it. */
  stateFile?: string;
  /** Vehicle types it publishes (all by default). */
  tipos?: readonly VehicleType[];
  /** Source of randomness (Math.random by default). */
  random?: () => number;
  /** ePayco's merchant credentials and its local stand-in: with them, a reservation paid by card is confirmed as ePayco would. */
  epayco?: { credenciales: CredencialesEpayco; url: string };
};

export type ClientSimulator = { stop: () => Promise<void> };

/** A service it published and still watches. */
type Seguido = { id: string; tipo: VehicleType; cliente: string; publicadoEn: string; venceEn: string; revisiones: number; revisadoEn?: string };

/** Looks at a service without offers this many times before leaving it to expire. */
export const REVISIONES = 5;

type OfertaCliente = { empresaAliada: string; empresa: string; precio: number; estado: string; vigente: boolean; creadoEn: string };

const corto = (id: string) => id.slice(0, 8);
// Colombian pesos as the console shows them ("$ 1.235.000"), with a plain space so the log greps well.
const cop = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const pesos = (n: number) => cop.format(n).replace(/\s/g, ' ');
const fechaHora = new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA_TZ, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));


export function startClientSimulator({
  apiUrl,
  secret,
  log,
  publishEveryMs = 3 * 60_000,
  acceptAfterMs = 4 * 60_000,
  acceptShare = 0.35,
  stateFile,
  tipos = TYPES,
  random = Math.random,
  epayco,
}: ClientSimulatorOptions): ClientSimulator {
  // One task at a time, so a slow API never makes two publications or two acceptances overlap.
  let stopped = false;
  let cola: Promise<void> = Promise.resolve();
  const seguidos = new Map<string, Seguido>(leerEstado(stateFile, log).map((s) => [s.id, s]));
  const guardar = () => {
    if (!stateFile) return;
    try {
      writeFileSync(`${stateFile}.tmp`, JSON.stringify({ servicios: [...seguidos.values()] }, null, 2));
      renameSync(`${stateFile}.tmp`, stateFile);
    } catch (e) {
      log(`[cliente] no pudo guardar ${stateFile}: ${errorText(e)}`);
    }
  };

  /** A signed call to the client-app routes; the JSON answer, or an error naming the status. */
  const llamar = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { ...cabecerasApp(secret, method, path, text), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(15_000),
    });
    const raw = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    const message = (json?.error as { message?: string } | undefined)?.message ?? raw.slice(0, 200);
    return { status: res.status, json, message };
  };

  const publicar = async () => {
    const body = servicioSimulado(random, new Date(), tipos);
    const res = await llamar('POST', '/integracion/cliente/servicios', body);
    if (res.status !== 201) throw new Error(`la API respondió ${res.status}: ${res.message}`);
    const now = new Date();
    const venceEn = typeof res.json?.venceEn === 'string' ? res.json.venceEn : new Date(now.getTime() + 86_400_000).toISOString();
    seguidos.set(body.id, { id: body.id, tipo: body.tipo, cliente: body.cliente, publicadoEn: now.toISOString(), venceEn, revisiones: 0 });
    guardar();
    log(
      `[cliente] publicó servicio ${corto(body.id)} (${body.tipo}, ${body.pasajeros} pasajeros) de ${body.cliente}: ` +
        `${body.origen.split(',')[0]} → ${body.destino}, sale ${fechaHora.format(new Date(body.fechaSalida)).replace(/\s/g, ' ')}`,
    );
  };

  const olvidar = (id: string) => {
    seguidos.delete(id);
    guardar();
  };

  /** Looks at one service's offers: accepts the cheapest open one, lets them lapse, or waits for one. */
  const revisar = async (s: Seguido) => {
    const lista = await llamar('GET', `/integracion/cliente/servicios/${s.id}/ofertas`);
    if (lista.status === 404) return olvidar(s.id); // the local data was wiped
    if (lista.status !== 200) throw new Error(`la API respondió ${lista.status}: ${lista.message}`);
    if (lista.json?.estado !== 'pendiente') return olvidar(s.id); // taken, or no longer open, some other way
    const abiertas = ((lista.json.items ?? []) as OfertaCliente[])
      .filter((o) => o.estado === 'enviada' && o.vigente)
      .sort((a, b) => a.precio - b.precio || a.creadoEn.localeCompare(b.creadoEn));
    const mejor = abiertas[0];
    if (!mejor) {
      s.revisiones += 1;
      s.revisadoEn = new Date().toISOString();
      if (s.revisiones < REVISIONES) return guardar();
      log(`[cliente] servicio ${corto(s.id)} (${s.tipo}) sin ofertas tras ${REVISIONES} revisiones: se deja vencer`);
      return olvidar(s.id);
    }
    if (random() >= acceptShare) {
      log(`[cliente] ${s.cliente} no aceptó ${abiertas.length === 1 ? 'la oferta' : `ninguna de las ${abiertas.length} ofertas`} del servicio ${corto(s.id)} (${s.tipo}): la deja vencer`);
      return olvidar(s.id);
    }
    const metodoPago: MetodoPago = METODOS_PAGO[Math.floor(random() * METODOS_PAGO.length)]!;
    const res = await llamar('POST', `/integracion/cliente/servicios/${s.id}/aceptar`, { empresaAliada: mejor.empresaAliada, metodoPago });
    if (res.status === 409) {
      // The offer lapsed or the service closed in between: the next look decides again.
      s.revisadoEn = new Date().toISOString();
      guardar();
      log(`[cliente] no pudo aceptar la oferta de ${mejor.empresa} en el servicio ${corto(s.id)}: ${res.message}`);
      return;
    }
    if (res.status !== 200) throw new Error(`la API respondió ${res.status}: ${res.message}`);
    log(`[cliente] aceptó la oferta de ${mejor.empresa} por ${pesos(mejor.precio)} (${metodoPago}) para el servicio ${corto(s.id)} (${s.tipo}) de ${s.cliente}`);
    olvidar(s.id);
    await pagar(s.id, metodoPago, mejor.precio);
  };

  /**
   * Pays the reservation as the client would: a transfer's receipt through the client app, or the card
   * payment confirmed by ePayco's signed callback (only with the merchant's credentials).
   */
  const pagar = async (id: string, metodo: MetodoPago, valor: number) => {
    if (metodo === 'transferencia') {
      const bytes = new TextEncoder().encode(`%PDF-1.4\n% Comprobante de transferencia ${id}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
      const ticket = await llamar('POST', '/integracion/cliente/uploads', { kind: 'comprobanteCliente', contentType: 'application/pdf', size: bytes.length, fileName: 'comprobante.pdf' });
      if (ticket.status !== 200) throw new Error(`no pudo pedir la carga del comprobante: ${ticket.message}`);
      const form = new FormData();
      for (const [k, v] of Object.entries(ticket.json?.fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'comprobante.pdf');
      const subida = await fetch(String(ticket.json?.url), { method: 'POST', body: form, signal: AbortSignal.timeout(15_000) });
      if (!subida.ok) throw new Error(`no pudo subir el comprobante: ${subida.status}`);
      const res = await llamar('POST', `/integracion/cliente/servicios/${id}/comprobante`, { archivo: ticket.json?.uploadId });
      if (res.status !== 201) throw new Error(`no pudo enviar el comprobante: ${res.message}`);
      return log(`[cliente] envió el comprobante de la transferencia del servicio ${corto(id)}`);
    }
    if (!epayco) return;
    const campos = confirmacionFirmada(epayco.credenciales, { x_id_invoice: id, x_amount: String(valor), x_ref_payco: String(Math.floor(random() * 1e9)), x_transaction_id: `${Date.now()}` });
    // ePayco knows the transaction before it confirms it (the API looks it up).
    await registrarTransaccionEpayco(epayco.url, campos);
    const res = await fetch(`${apiUrl}/integracion/epayco/confirmacion`, { method: 'POST', body: new URLSearchParams(campos), signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`ePayco no pudo confirmar el pago: ${res.status}`);
    log(`[cliente] pagó con ePayco el servicio ${corto(id)}: ${pesos(valor)} confirmados`);
  };

  /** Every service whose next look is due, one after another. */
  const revisarPendientes = async () => {
    const now = Date.now();
    for (const s of [...seguidos.values()]) {
      if (stopped) return;
      if (Date.parse(s.venceEn) <= now) {
        olvidar(s.id);
        continue;
      }
      if (Date.parse(s.revisadoEn ?? s.publicadoEn) + acceptAfterMs > now) continue;
      await revisar(s).catch((e: unknown) => log(`[cliente] error al revisar las ofertas del servicio ${corto(s.id)}: ${errorText(e)}`));
    }
  };

  let revisando = false;
  const encolar = (task: () => Promise<void>, onError: string) => {
    cola = cola.then(async () => {
      if (stopped) return;
      await task().catch((e: unknown) => log(`[cliente] ${onError}: ${errorText(e)}`));
    });
  };

  encolar(publicar, 'error al publicar un servicio');
  const publishTimer = setInterval(() => encolar(publicar, 'error al publicar un servicio'), publishEveryMs);
  const checkTimer = setInterval(() => {
    if (revisando) return;
    revisando = true;
    encolar(() => revisarPendientes().finally(() => (revisando = false)), 'error al revisar ofertas');
  }, Math.min(Math.max(Math.floor(acceptAfterMs / 4), 50), 15_000));
  publishTimer.unref();
  checkTimer.unref();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(publishTimer);
      clearInterval(checkTimer);
      await cola;
    },
  };
}

function leerEstado(stateFile: string | undefined, log: (line: string) => void): Seguido[] {
  if (!stateFile || !existsSync(stateFile)) return [];
  try {
    const data = JSON.parse(readFileSync(stateFile, 'utf8')) as { servicios?: Seguido[] };
    return (data.servicios ?? []).filter((s) => typeof s?.id === 'string' && typeof s.publicadoEn === 'string' && typeof s.venceEn === 'string').map((s) => ({ ...s, revisiones: Number(s.revisiones) || 0 }));
  } catch (e) {
    log(`[cliente] no pudo leer ${stateFile} (empieza de cero): ${errorText(e)}`);
    return [];
  }
}
