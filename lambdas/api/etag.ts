import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * A JSON answer with an ETag, and 304 without a body when the caller already has it. Lists the
 * console polls are revalidated by the browser's own cache (`no-cache` = ask each time), so an
 * unchanged list costs the query but not the download or the re-render.
 */
export function jsonWithEtag(c: Context, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  const sent = c.req.header('If-None-Match');
  // If-None-Match compares weakly (RFC 9110): W/"x" and "x" are the same tag.
  const debil = (t: string) => t.trim().replace(/^W\//, '');
  if (sent && (sent.trim() === '*' || sent.split(',').some((t) => debil(t) === debil(etag)))) return c.body(null, 304, headers);
  return c.body(body, 200, { ...headers, 'Content-Type': 'application/json; charset=UTF-8' });
}
