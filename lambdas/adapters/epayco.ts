import { config } from '../config.js';

/**
 * ePayco's own record of a transaction, by its reference (the public lookup its checkout uses:
 * GET /validation/v1/reference/{x_ref_payco}). The confirmation's response code, invoice and test flag
 * are not signed, so they are believed only when this record says the same. Null when ePayco does not
 * know the reference; throws when ePayco cannot be reached (the caller answers 503 and ePayco retries).
 */
export async function transaccionEpayco(ref: string): Promise<Record<string, string> | null> {
  const res = await fetch(`${config().epaycoApiUrl}/validation/v1/reference/${encodeURIComponent(ref)}`, { signal: AbortSignal.timeout(8000) });
  if (!res.ok) throw new Error(`ePayco respondió ${res.status}`);
  const body = (await res.json()) as { success?: boolean; data?: unknown };
  if (!body.success || !body.data || typeof body.data !== 'object') return null;
  // Its JSON carries some fields as numbers; the confirmation, a form, carries strings.
  return Object.fromEntries(Object.entries(body.data).flatMap(([k, v]) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [[k, String(v)]] : [])));
}
