import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { VENTANA_FIRMA_MS } from '../adapters/storage.js';

/** The query of a presigned S3 link (its credential, date and signature). */
const FIRMA_S3 = /\?[^"?]*X-Amz-Signature=[^"]*/g;

/**
 * The answer's tag. File links are signed by each container with its own credentials, so the same
 * data reads differently from two containers: the tag leaves their signatures out. An answer with
 * links also carries its signing window (storage.readUrl), so once a window ends the caller gets the
 * links anew, before the ones it holds expire.
 */
export function etiquetaDe(body: string, now = Date.now()): string {
  const sinFirmas = body.replace(FIRMA_S3, '');
  const ventana = sinFirmas === body ? '' : `|${Math.floor(now / VENTANA_FIRMA_MS)}`;
  return `W/"${createHash('sha1').update(sinFirmas + ventana).digest('base64url')}"`;
}

/**
 * A JSON answer with an ETag, and 304 without a body when the caller already has it. Lists the
 * console polls are revalidated by the browser's own cache (`no-cache` = ask each time), so an
 * unchanged list costs the query but not the download or the re-render.
 */
export function jsonWithEtag(c: Context, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = etiquetaDe(body);
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  const sent = c.req.header('If-None-Match');
  // If-None-Match compares weakly (RFC 9110): W/"x" and "x" are the same tag.
  const debil = (t: string) => t.trim().replace(/^W\//, '');
  if (sent && (sent.trim() === '*' || sent.split(',').some((t) => debil(t) === debil(etag)))) return c.body(null, 304, headers);
  return c.body(body, 200, { ...headers, 'Content-Type': 'application/json; charset=UTF-8' });
}
