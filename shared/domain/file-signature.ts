/**
 * A file's real type from its first bytes ("magic numbers"), for the kinds the console uploads. One
 * rule for both ends: the browser flags a renamed file as soon as it is chosen, and the API decides
 * on the stored bytes. Never the name or the declared type.
 */
export type SignatureType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'application/pdf';

/** How many leading bytes `fileSignature` needs. */
export const SIGNATURE_BYTES = 16;

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Each type's bytes at their offsets (WebP: a RIFF container whose form type is WEBP). */
const SIGNATURES: readonly { type: SignatureType; parts: readonly { at: number; bytes: readonly number[] }[] }[] = [
  { type: 'image/jpeg', parts: [{ at: 0, bytes: [0xff, 0xd8, 0xff] }] },
  { type: 'image/png', parts: [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  { type: 'image/gif', parts: [{ at: 0, bytes: ascii('GIF87a') }] },
  { type: 'image/gif', parts: [{ at: 0, bytes: ascii('GIF89a') }] },
  { type: 'image/webp', parts: [{ at: 0, bytes: ascii('RIFF') }, { at: 8, bytes: ascii('WEBP') }] },
  { type: 'application/pdf', parts: [{ at: 0, bytes: ascii('%PDF-') }] },
];

/** The type the bytes say, or null when they are none of the known kinds. */
export function fileSignature(head: Uint8Array): SignatureType | null {
  const match = SIGNATURES.find(({ parts }) => parts.every(({ at, bytes }) => bytes.every((b, i) => head[at + i] === b)));
  return match?.type ?? null;
}

/** How far from a PDF's end its `%%EOF` may be: readers tolerate trailing bytes within this window. */
const PDF_FIN_BYTES = 1024;
const PDF_FIN = ascii('%%EOF');

const PDF_OBJETO = ascii('endobj');

/** Whether `patron` occurs in `bytes` from `desde` (a plain scan: files here are a few MB at most). */
function contiene(bytes: Uint8Array, patron: readonly number[], desde = 0): boolean {
  for (let i = desde; i <= bytes.length - patron.length; i++) if (patron.every((b, j) => bytes[i + j] === b)) return true;
  return false;
}

/**
 * A whole file with a PDF's header that is not a whole PDF: without its end marker (cut off
 * mid-upload, or something else behind the header), or without a single object (every PDF has at
 * least its catalog; `%PDF-%%EOF` is not a document).
 */
export function pdfIncompleto(bytes: Uint8Array): boolean {
  if (fileSignature(bytes) !== 'application/pdf') return false;
  return !contiene(bytes, PDF_FIN, Math.max(0, bytes.length - PDF_FIN_BYTES)) || !contiene(bytes, PDF_OBJETO);
}

/** The type of a whole file, as the API decides it: its signature, and for a PDF its end marker too. */
export const tipoDeArchivo = (bytes: Uint8Array): SignatureType | null => (pdfIncompleto(bytes) ? null : fileSignature(bytes));
