import { fileSignature, SIGNATURE_BYTES } from '@shared/domain/file-signature.js';
import { UPLOAD_KINDS, uploadProblem } from '@shared/domain/uploads.js';
import { meResponseSchema, type MeResponse } from '@shared/schemas/empresa.js';
import { uploadTicketSchema, type ConfirmUpload, type UploadTicket } from '@shared/schemas/upload.js';
import { ApiError, llamar } from '../api-client.js';

/** What the API takes uploads of (profile photos, and later vehicle photos, documents, FUEC...). */
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Shown when a failure says nothing a person can act on. */
export const UPLOAD_FAILED = 'No se pudo subir el archivo. Inténtalo de nuevo.';

/** `accept` of a file picker: the types the API takes for this kind. */
export const acceptFor = (kind: UploadKind): string => UPLOAD_KINDS[kind].types.join(',');

/** What a file really is, from its first bytes (the API's own rule), whatever its name or declared type. */
export async function fileType(file: File): Promise<string | null> {
  return fileSignature(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
}

/**
 * The browser's check of a chosen file, for comfort and before any upload: the size and the real
 * type from the bytes, the same rule the API applies to the stored file, where it decides. `null`
 * when the file looks fine; a text renamed `.png` is flagged here.
 */
export async function checkFile(kind: UploadKind, file: File): Promise<string | null> {
  return uploadProblem(kind, { name: file.name, size: file.size, type: await fileType(file) });
}

/** The size check alone (what storage refuses), without reading the file. */
function sizeProblem(kind: UploadKind, file: File): string | null {
  const rules = UPLOAD_KINDS[kind];
  return file.size > rules.maxBytes ? rules.tooBig({ name: file.name, size: file.size, type: file.type || null }) : null;
}

/**
 * `POST /uploads`: a presigned POST for one file; the server picks the object key. The type sent is
 * the one read from the bytes, so a JPEG named `.png` (or with no extension) still goes through.
 */
export async function requestUpload(kind: UploadKind, file: File): Promise<UploadTicket> {
  const contentType = (await fileType(file)) ?? (file.type || 'application/octet-stream');
  return llamar('POST /uploads', { body: { kind, contentType, size: file.size, fileName: file.name.slice(0, 200) }, schema: uploadTicketSchema });
}

/** `POST /uploads/confirm`: the API checks the stored files and records them; answers the new `/me`. */
export const confirmUpload = (body: ConfirmUpload): Promise<MeResponse> =>
  llamar('POST /uploads/confirm', { body, schema: meResponseSchema });

/** A failed transfer to storage; `reason` when storage said something the person can fix. */
export class StorageUploadError extends Error {
  override name = 'StorageUploadError';
  constructor(readonly reason: string | null) {
    super(reason ?? 'El almacenamiento rechazó el archivo');
  }
}

/** S3 explains a refusal in XML; the one people can act on is the size (the policy's range). */
function storageReason(kind: UploadKind, file: File, xhr: XMLHttpRequest): string | null {
  const code = /<Code>([^<]+)<\/Code>/.exec(xhr.responseText ?? '')?.[1];
  return code === 'EntityTooLarge' ? sizeProblem(kind, file) : null;
}

/**
 * Sends the file to storage with the presigned POST: every policy field first, the file last (S3
 * ignores fields after `file`). XMLHttpRequest rather than fetch, for upload progress.
 */
export function postToStorage(kind: UploadKind, ticket: UploadTicket, file: File, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) body.append(name, value);
    body.append('file', file);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new StorageUploadError(storageReason(kind, file, xhr)));
    };
    xhr.onerror = () => reject(new StorageUploadError(null));
    xhr.ontimeout = xhr.onerror;
    xhr.send(body);
  });
}

/** Ticket, then the transfer: the upload id to confirm. */
export async function uploadFile(kind: UploadKind, file: File, onProgress: (percent: number) => void): Promise<string> {
  const ticket = await requestUpload(kind, file);
  await postToStorage(kind, ticket, file, onProgress);
  return ticket.uploadId;
}

/** Messages of our own making (API, storage) are shown as they are; anything else gets `fallback`. */
export function uploadErrorMessage(error: unknown, fallback = UPLOAD_FAILED): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof StorageUploadError) return error.reason ?? fallback;
  console.error(error);
  return fallback;
}
