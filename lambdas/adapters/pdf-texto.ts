import { constants, inflateSync } from 'node:zlib';
import { logger } from '../logger.js';

/**
 * What the FUEC check reads of a PDF: its text (empty for a scan), or why it cannot be read: the file
 * is damaged (`ilegible`), or decoding it would take more than a FUEC ever needs (`pesado`).
 */
export type LecturaPdf = { texto: string } | { problema: 'ilegible' | 'pesado' };

/**
 * Bounds on reading an uploaded PDF. A few kilobytes of compressed stream can decode to gigabytes (a
 * "PDF bomb": 204 KB took 4.3 s and 200 MB, measured), and pdf.js has no limit of its own. A FUEC is
 * one or two pages whose text, fonts and page contents decode to well under 10 MB.
 */
export const LIMITES_PDF = {
  /** Bytes all the streams pdf.js decodes to read text may decode to, measured before it starts. */
  decodificado: 32 * 1024 * 1024,
  /** Pages read: the FUEC's data is on its first page. */
  paginas: 5,
  /** Reading stops after this: also bounds what cannot be measured first (an encrypted PDF, a stream used many times). */
  plazoMs: 4000,
};

/**
 * At most this many bytes out per byte in, for filters that are not measured by decoding them here.
 * FlateDecode as a stream's first filter is decoded with zlib, up to what is left of the budget.
 */
const EXPANSION_MAXIMA: Record<string, number> = {
  FlateDecode: 1032, // deflate's own bound
  Fl: 1032,
  LZWDecode: 2731, // a 12-bit code (1.5 bytes) names up to 4 096 bytes
  LZW: 2731,
  RunLengthDecode: 64, // two bytes repeat one up to 128 times
  RL: 64,
  ASCII85Decode: 4, // 'z' is four zero bytes
  A85: 4,
  ASCIIHexDecode: 0.5,
  AHx: 0.5,
};

/**
 * How many bytes the PDF's streams decode to, images aside (reading text does not decode them), or
 * null when that is over `limite`. Null too for an encrypted PDF, whose streams cannot be measured
 * without decrypting them: for those the reading's deadline is the bound.
 */
export function decodificadoDe(pdf: Uint8Array, limite: number): number | null {
  const texto = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  if (/\/Encrypt\b/.test(texto)) return null;
  let total = 0;
  const inicio = /stream\r?\n/g;
  for (let m = inicio.exec(texto); m; m = inicio.exec(texto)) {
    if (texto.slice(m.index - 3, m.index) === 'end') continue;
    const desde = m.index + m[0].length;
    const fin = texto.indexOf('endstream', desde);
    if (fin < 0) break;
    inicio.lastIndex = fin + 'endstream'.length;
    // The stream's dictionary: from its object's 'obj' keyword to 'stream'.
    const diccionario = texto.slice(texto.lastIndexOf('obj', m.index), m.index);
    if (/\/Subtype\s*\/Image\b/.test(diccionario)) continue;
    const filtros = [...(/\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(diccionario)?.[1] ?? '').matchAll(/\/([A-Za-z0-9]+)/g)].map((f) => f[1]!);
    let bytes = fin - desde;
    for (const [i, filtro] of filtros.entries()) {
      const resto = limite - total;
      if (i === 0 && (filtro === 'FlateDecode' || filtro === 'Fl')) bytes = inflado(pdf.subarray(desde, fin), resto);
      else bytes *= EXPANSION_MAXIMA[filtro] ?? 1;
      if (bytes > resto) return null;
    }
    total += bytes;
  }
  return total;
}

/** The size of a deflate stream decoded, stopping past `resto` bytes (then resto + 1). */
function inflado(datos: Uint8Array, resto: number): number {
  try {
    // A sync flush at the end: a stream cut short (or padded before 'endstream') still counts what it holds.
    return inflateSync(datos, { maxOutputLength: resto + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return resto + 1;
    // Damaged data: pdf.js may still decode its first part, at most what deflate could make of it.
    return Math.min(resto + 1, datos.length * EXPANSION_MAXIMA.FlateDecode!);
  }
}

/**
 * The text of a PDF (the FUEC check), by unpdf (pdf.js's serverless build), within LIMITES_PDF. Loaded
 * on first use and shipped beside the API's bundle, not in it (infra/bundling.ts LAZY_MODULES): about
 * 1 MB that a cold start of every other route never pays.
 */
export async function leerPdf(bytes: Uint8Array, limites = LIMITES_PDF): Promise<LecturaPdf> {
  const cifrado = /\/Encrypt\b/.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  if (!cifrado && decodificadoDe(bytes, limites.decodificado) === null) return { problema: 'pesado' };
  const { getResolvedPDFJS } = await import('unpdf');
  const { getDocument } = await getResolvedPDFJS();
  // As unpdf's getDocumentProxy opens it, keeping the task: destroying it stops a reading in progress.
  const tarea = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: true, verbosity: 0 });
  let plazo: NodeJS.Timeout | undefined;
  const vencido = new Promise<'vencido'>((resolve) => (plazo = setTimeout(() => resolve('vencido'), limites.plazoMs)));
  const leer = async () => {
    const pdf = await tarea.promise;
    const paginas: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, limites.paginas); n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      // As unpdf's extractText joins them (mergePages).
      paginas.push(items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return paginas.join('\n').replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n');
  };
  try {
    const texto = await Promise.race([leer(), vencido]);
    if (texto === 'vencido') {
      logger.warn('pdf: lectura detenida por el plazo', { plazoMs: limites.plazoMs, bytes: bytes.length });
      return { problema: 'pesado' };
    }
    return { texto };
  } catch (err) {
    logger.warn('pdf ilegible', { error: (err as Error).message });
    return { problema: 'ilegible' };
  } finally {
    clearTimeout(plazo);
    // Stops a reading the deadline cut short, and frees the document's memory either way.
    void tarea.destroy().catch(() => undefined);
  }
}
