import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { pdfIncompleto, tipoDeArchivo } from '@shared/domain/file-signature.js';
import { bucketName } from '../config.js';
import { s3 } from './clients/s3.js';

const UPLOAD_TTL_SECONDS = 300;
const READ_TTL_SECONDS = 3600;
/** Read URLs signed within one window of this length are the same (see `readUrl`). */
export const VENTANA_FIRMA_MS = 5 * 60_000;

/**
 * What a waiting upload really is: its size, its type from its bytes, and the bytes (null when too big);
 * `incompleto`, a PDF without its end marker or without any object (shared/domain/file-signature.ts).
 */
export type TakenFile = { size: number; mime: string | null; bytes: Uint8Array | null; incompleto?: boolean };

/** The only place that speaks S3: presigned uploads, real-type checks, writes, private reads. */
export const storage = {
  /** A browser upload whose policy fixes the key, the content type and the size range. */
  async presignPost(key: string, contentType: string, maxBytes: number) {
    const expiresAt = new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000).toISOString();
    const { url, fields } = await createPresignedPost(s3(), {
      Bucket: bucketName(),
      Key: key,
      Conditions: [
        ['content-length-range', 1, maxBytes],
        ['eq', '$Content-Type', contentType],
      ],
      Fields: { 'Content-Type': contentType },
      Expires: UPLOAD_TTL_SECONDS,
    });
    return { url, fields, expiresAt };
  },

  /**
   * Reads a waiting upload whole (never more than `maxBytes`), leaving it in place. The caller then writes
   * exactly these bytes, once checked, to their final key: a client re-posting other bytes with the same
   * presigned POST meanwhile changes nothing that is recorded. Undefined when there is no object, null
   * when the read was cut off.
   */
  async peek(key: string, maxBytes: number): Promise<TakenFile | null | undefined> {
    let obj;
    try {
      obj = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
    } catch (err) {
      if ((err as Error).name === 'NoSuchKey' || (err as Error).name === 'NotFound') return undefined;
      throw err;
    }
    let file: TakenFile | null;
    const size = obj.ContentLength ?? 0;
    if (size > maxBytes) {
      obj.Body?.transformToWebStream().cancel().catch(() => undefined);
      file = { size, mime: null, bytes: null };
    } else {
      // A body cut off mid-read (the object replaced meanwhile, as s3rver allows: the stream may end
      // early without an error) counts as not uploaded.
      const bytes = await obj.Body!.transformToByteArray().catch(() => null);
      // The shared signature check, the browser's too, and a PDF's end marker (the file-type package cost ~60 KB of the minified API bundle).
      file = bytes && (obj.ContentLength === undefined || bytes.length === size) ? { size: bytes.length, mime: tipoDeArchivo(bytes), bytes, incompleto: pdfIncompleto(bytes) } : null;
    }
    return file;
  },

  /** Writes an object, with tags when given (the bucket's lifecycle rules read them). */
  async put(key: string, bytes: Uint8Array, contentType: string, etiquetas?: Record<string, string>): Promise<void> {
    const Tagging = etiquetas && new URLSearchParams(etiquetas).toString();
    await s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: bytes, ContentType: contentType, Tagging }));
  },

  /** Replaces an object's tags. */
  async etiquetar(key: string, etiquetas: Record<string, string>): Promise<void> {
    const TagSet = Object.entries(etiquetas).map(([Key, Value]) => ({ Key, Value }));
    await s3().send(new PutObjectTaggingCommand({ Bucket: bucketName(), Key: key, Tagging: { TagSet } }));
  },

  async delete(key: string): Promise<void> {
    await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
  },

  /**
   * Short-lived read URL for a private object, signed as of the start of the current window
   * (VENTANA_FIRMA_MS): within it the same object gets the same URL, so a polled list answers 304
   * when nothing changed and the browser keeps its copy of each photo. Valid READ_TTL_SECONDS at least.
   * `nombre`: the file is a document the console previews in a frame (issue 47): served `inline` under
   * that name, not the key's last segment, should the browser save it or title a tab with it.
   */
  readUrl(key: string, nombre?: string): Promise<string> {
    const now = Date.now();
    const inicio = now - (now % VENTANA_FIRMA_MS);
    const ResponseContentDisposition = nombre === undefined ? undefined : disposicionEnLinea(nombre);
    return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucketName(), Key: key, ResponseContentDisposition }), {
      signingDate: new Date(inicio),
      expiresIn: READ_TTL_SECONDS + VENTANA_FIRMA_MS / 1000,
    });
  },
};

/** `inline` with the name twice (RFC 6266): plain ASCII for old clients, UTF-8 for the accents. */
export function disposicionEnLinea(nombre: string): string {
  const ascii = nombre.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').trim() || 'archivo';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nombre).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
