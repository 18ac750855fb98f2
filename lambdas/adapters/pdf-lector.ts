import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/**
 * The worker thread that reads an uploaded PDF's text (docs/architecture.md, "Untrusted input"). pdf.js
 * runs here, never on the API's request loop: the thread that started it stops it at its deadline,
 * whatever pdf.js is doing (`pdf-texto.ts`). This module is the worker's entry: from the sources it is
 * loaded by this file's address; in a Lambda bundle, where every module is one file, by the bundle's.
 */

/** What the thread that asks for a reading sends and gets back. */
export type PedidoLectura = { bytes: Uint8Array; paginas: number; decodificado: number };
export type RespuestaLectura = { texto: string } | { problema: 'ilegible' | 'pesado'; motivo?: string };

/** The address to start this worker from (its own file, or the bundle that holds it). */
export const URL_LECTOR = import.meta.url;
/** Marks the worker's data, so a bundle started as a worker knows it is the reader. */
export const MARCA_LECTOR = 'lector-pdf';

/**
 * Bounds what pdf.js decodes, whatever the file's dictionaries say: every typed array it creates by
 * size is counted before it is allocated, and past `limite` bytes in all the reading stops. pdf.js
 * decodes streams into arrays it creates this way (DecodeStream.ensureBuffer); a filter hidden behind
 * an indirect reference or another key decodes the same way, so it is counted the same way.
 */
function contarAsignaciones(limite: number, alPasarse: () => void): void {
  const Original = Uint8Array;
  let total = 0;
  class Contado extends Original {
    constructor(...args: unknown[]) {
      const [tamano] = args;
      if (typeof tamano === 'number') {
        total += tamano;
        if (total > limite) {
          alPasarse();
          throw new RangeError('lector-pdf: límite de decodificación');
        }
      }
      super(...(args as [number]));
    }
  }
  globalThis.Uint8Array = Contado as Uint8ArrayConstructor;
}

async function leer({ bytes, paginas }: PedidoLectura): Promise<string> {
  const { getResolvedPDFJS } = await import('unpdf');
  const { getDocument } = await getResolvedPDFJS();
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: true, verbosity: 0 }).promise;
  const textos: string[] = [];
  for (let n = 1; n <= Math.min(pdf.numPages, paginas); n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent();
    // As unpdf's extractText joins them (mergePages).
    textos.push(items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  return textos.join('\n').replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n');
}

// One reading per worker: the thread that started it ends it after the answer.
if (!isMainThread && workerData === MARCA_LECTOR && parentPort) {
  const puerto = parentPort;
  puerto.once('message', (pedido: PedidoLectura) => {
    const responder = (r: RespuestaLectura) => puerto.postMessage(r);
    let pasado = false;
    contarAsignaciones(pedido.decodificado, () => {
      // Said at once: pdf.js may catch the error and go on, and the answer must not wait for it.
      if (!pasado) responder({ problema: 'pesado' });
      pasado = true;
    });
    leer(pedido).then(
      (texto) => !pasado && responder({ texto }),
      (err: unknown) => {
        if (!pasado) responder({ problema: 'ilegible', motivo: (err as Error).message });
      },
    );
  });
}
