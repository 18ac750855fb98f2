import { createHash } from 'node:crypto';
import * as z from '../schemas/zod-es.js';
import type { Service } from '../schemas/service.js';

/**
 * ePayco's confirmation (docs/product.md, ePayco): the server-to-server call that says how a
 * client's card payment ended. Only a correctly signed call from our merchant, accepted, not a test in
 * production, for the reservation's exact amount and currency moves the reservation on; the ePayco
 * reference (`x_ref_payco`) makes it idempotent.
 */

/** The fields we read (ePayco sends more; they are ignored). Strings, as the form post carries them. */
const campo = z.string().trim().min(1).max(200);
export const confirmacionEpaycoSchema = z.object({
  x_cust_id_cliente: campo,
  x_ref_payco: campo,
  x_transaction_id: campo,
  x_id_invoice: campo,
  x_amount: campo,
  x_currency_code: campo,
  x_cod_response: campo,
  x_response_reason_text: z.string().max(500).optional(),
  x_test_request: z.string().max(10).optional(),
  x_signature: z.string().trim().regex(/^[0-9a-fA-F]{64}$/),
});
export type ConfirmacionEpayco = z.infer<typeof confirmacionEpaycoSchema>;

/** The merchant's credentials (Secrets Manager in AWS, never in the repository). */
export type CredencialesEpayco = { p_cust_id_cliente: string; p_key: string };
export const credencialesEpaycoSchema = z.object({ p_cust_id_cliente: z.string().min(1), p_key: z.string().min(1) });

/** SHA-256 hex of `p_cust_id_cliente^p_key^x_ref_payco^x_transaction_id^x_amount^x_currency_code`. */
export function firmaEpayco(c: CredencialesEpayco, t: Pick<ConfirmacionEpayco, 'x_ref_payco' | 'x_transaction_id' | 'x_amount' | 'x_currency_code'>): string {
  return createHash('sha256').update([c.p_cust_id_cliente, c.p_key, t.x_ref_payco, t.x_transaction_id, t.x_amount, t.x_currency_code].join('^')).digest('hex');
}

export const MONEDA = 'COP';
/** `x_cod_response`: 1 accepted, 2 rejected, 3 pending, 4 failed. */
export const RESPUESTAS_EPAYCO: Record<string, string> = { '1': 'Aceptada', '2': 'Rechazada', '3': 'Pendiente', '4': 'Fallida' };

/** What a correctly signed confirmation does to its reservation. */
export type Dictamen = { resultado: 'aceptada' } | { resultado: 'rechazada'; motivo: string } | { resultado: 'ignorada'; motivo: string };

const esPrueba = (v: string | undefined) => /^(true|1|yes|si)$/i.test(v?.trim() ?? '');

/**
 * Why a signed confirmation disagrees with ePayco's own record of its transaction (null when they
 * agree). The signature covers reference, transaction, amount and currency only: the response code,
 * the invoice (our reservation) and the test flag are believed only as ePayco's record states them.
 */
export function discrepancia(t: ConfirmacionEpayco, registro: ConfirmacionEpayco): string | null {
  for (const k of ['x_signature', 'x_ref_payco', 'x_transaction_id', 'x_id_invoice', 'x_cod_response', 'x_cust_id_cliente'] as const) {
    if (t[k].toLowerCase() !== registro[k].toLowerCase()) return `${k} no coincide con el registro de ePayco`;
  }
  if (esPrueba(t.x_test_request) !== esPrueba(registro.x_test_request)) return 'x_test_request no coincide con el registro de ePayco';
  return null;
}

/** A charge's amount as a number of pesos (ePayco writes '800000' or '800000.00'); null when it is none (a mismatch, only logged). */
export const montoCobrado = (t: Pick<ConfirmacionEpayco, 'x_amount'>): number | null => (/^\d+(\.\d{1,2})?$/.test(t.x_amount) && Number(t.x_amount) > 0 ? Number(t.x_amount) : null);

/** An amount in pesos as the console writes it ("$ 800.000"); ePayco's cents, if any, kept. */
const pesos = (v: number) => new Intl.NumberFormat('es-CO', { style: 'currency', currency: MONEDA, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(v);

type ReservaCobrada = Pick<Service, 'id' | 'estado' | 'metodoPago' | 'valorOferta'> & { pagoValidadoEn?: string | null };

/**
 * Why a reservation does not take an ePayco charge now, in the words staff and the company read beside
 * a charge to refund (null when it waits for one).
 */
export function motivoNoEspera(s: Omit<ReservaCobrada, 'id' | 'valorOferta'>): string | null {
  if (s.estado === 'validar' && s.metodoPago === 'epayco') return null;
  if (s.estado === 'cancelado') return 'la reserva estaba cancelada';
  if (s.estado === 'pendiente') return 'la solicitud aún no tenía una oferta aceptada';
  if (s.estado === 'validar') return 'la reserva se paga por transferencia';
  return 'la reserva ya estaba pagada';
}

/**
 * The decision on a signed confirmation for the reservation it names. A mismatch (another merchant,
 * a test in production, another amount or currency, a reservation not waiting for ePayco) is ignored:
 * it changes nothing and is logged (an accepted one is also kept to refund, with this reason). A
 * declined or failed payment is recorded as refused; a pending one waits for its final confirmation.
 */
export function dictaminar(t: ConfirmacionEpayco, s: ReservaCobrada | null, c: CredencialesEpayco, produccion: boolean): Dictamen {
  if (t.x_cust_id_cliente !== c.p_cust_id_cliente) return { resultado: 'ignorada', motivo: 'el comercio no es el nuestro' };
  if (produccion && esPrueba(t.x_test_request)) return { resultado: 'ignorada', motivo: 'transacción de prueba en producción' };
  if (!s) return { resultado: 'ignorada', motivo: 'la reserva no existe' };
  const noEspera = motivoNoEspera(s);
  if (noEspera) return { resultado: 'ignorada', motivo: noEspera };
  if (t.x_currency_code.toUpperCase() !== MONEDA) return { resultado: 'ignorada', motivo: `se cobró en ${t.x_currency_code.toUpperCase()} y la reserva se paga en ${MONEDA}` };
  const monto = montoCobrado(t);
  if (monto === null || monto !== s.valorOferta) {
    const cobrado = monto === null ? `«${t.x_amount}»` : pesos(monto);
    return { resultado: 'ignorada', motivo: `se cobraron ${cobrado} y la reserva vale ${s.valorOferta === null ? 'otro valor' : pesos(s.valorOferta)}` };
  }
  if (t.x_cod_response === '1') return { resultado: 'aceptada' };
  if (t.x_cod_response === '2' || t.x_cod_response === '4') {
    return { resultado: 'rechazada', motivo: `ePayco: ${RESPUESTAS_EPAYCO[t.x_cod_response]}${t.x_response_reason_text ? ` (${t.x_response_reason_text})` : ''}` };
  }
  return { resultado: 'ignorada', motivo: `respuesta ${RESPUESTAS_EPAYCO[t.x_cod_response] ?? t.x_cod_response}: se espera la confirmación final` };
}

/**
 * An accepted charge of our merchant (not a test in production) for an existing reservation that did
 * not apply: the reservation no longer waited for it (paid already, or cancelled), or it was of
 * another amount or currency. The client was charged, so it is recorded for staff to refund, not only
 * logged (an amount that is no positive number of pesos is logged only: there is nothing to refund).
 */
export const cobroPorReembolsar = (t: ConfirmacionEpayco, c: CredencialesEpayco, produccion: boolean): boolean =>
  t.x_cod_response === '1' && t.x_cust_id_cliente === c.p_cust_id_cliente && !(produccion && esPrueba(t.x_test_request)) && montoCobrado(t) !== null;

/**
 * A confirmation of our merchant that took no money (pending, declined or failed, as ePayco's own
 * record says) and changes nothing here: the reservation no longer waits for it, or ePayco's final
 * word is still to come. There is nothing to apply nor to refund, so it is acknowledged and ePayco
 * stops retrying it (a 409 had it retried for days); a later confirmation of the same reference counts.
 */
export const sinCobro = (t: ConfirmacionEpayco, c: CredencialesEpayco): boolean => t.x_cod_response !== '1' && t.x_cust_id_cliente === c.p_cust_id_cliente;
