import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { logger } from '../logger.js';
import { MARCA_LECTOR, URL_LECTOR, type PedidoLectura, type RespuestaLectura } from './pdf-lector.js';

/**
 * What the FUEC check reads of a PDF: its text (empty for a scan), or why it cannot be read: the file
 * is damaged (`ilegible`), reading it would take more than a FUEC ever needs (`pesado`), or this server
 * is already reading as many PDFs as it reads at once, with more waiting (`ocupado`).
 */
export type LecturaPdf = { texto: string } | { problema: 'ilegible' | 'pesado' | 'ocupado' };

/**
 * Bounds on reading an uploaded PDF (docs/architecture.md, "Untrusted input"). pdf.js has no limit of
 * its own: a few kilobytes can decode to gigabytes (a "PDF bomb"), or draw one form inside another
 * until the page takes minutes (1,650 bytes, 12 forms 4 levels deep: 9.4 s on the request loop,
 * measured before this). A FUEC is one or two pages whose text, fonts and page contents decode to
 * well under 10 MB and read in well under a second.
 */
export const LIMITES_PDF = {
  /** Bytes pdf.js may decode in all (counted as it allocates, whatever the dictionaries say). */
  decodificado: 32 * 1024 * 1024,
  /** Pages read: the FUEC's data is on its first page. */
  paginas: 5,
  /** The worker is stopped after this, whatever it is doing. */
  plazoMs: 4000,
  /** The worker's JavaScript heap (objects, strings): past it the worker is stopped. */
  memoriaMb: 96,
  /** Readings at once in one process (in AWS a function instance serves one request at a time). */
  simultaneas: 2,
  /** Readings waiting for a free place; one more is answered `ocupado` at once. */
  enEspera: 8,
};
export type LimitesPdf = typeof LIMITES_PDF;

/**
 * Starts the reader. In a bundle it is plain JavaScript, started by the bundle's address. From the
 * sources (the local stack, the tests) it is a TypeScript file: a worker does not inherit tsx's loader
 * (nor takes `--import tsx`), so a one-line script registers tsx in the worker, then loads the reader.
 */
function nuevoLector(opciones: WorkerOptions): Worker {
  if (!URL_LECTOR.endsWith('.ts')) return new Worker(new URL(URL_LECTOR), opciones);
  // require.resolve finds the CommonJS entry; the worker imports its ES module beside it.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const arranque = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(URL_LECTOR)}); })`;
  return new Worker(arranque, { ...opciones, eval: true });
}

let leyendo = 0;
const esperando: (() => void)[] = [];

/**
 * The text of a PDF (the FUEC check), read by pdf.js (unpdf's serverless build) in a worker thread of
 * its own, within LIMITES_PDF: the request loop only waits for a message, so a hostile file delays no
 * other request. unpdf is loaded by the worker and ships beside the API's bundle, not in it
 * (infra/bundling.ts LAZY_MODULES).
 */
export async function leerPdf(bytes: Uint8Array, limites: LimitesPdf = LIMITES_PDF): Promise<LecturaPdf> {
  if (leyendo >= limites.simultaneas) {
    if (esperando.length >= limites.enEspera) return { problema: 'ocupado' };
    await new Promise<void>((resolve) => esperando.push(resolve));
  }
  leyendo++;
  try {
    return await enTrabajador(bytes, limites);
  } finally {
    leyendo--;
    esperando.shift()?.();
  }
}

function enTrabajador(bytes: Uint8Array, limites: LimitesPdf): Promise<LecturaPdf> {
  const inicio = performance.now();
  const trabajador = nuevoLector({
    workerData: MARCA_LECTOR,
    resourceLimits: { maxOldGenerationSizeMb: limites.memoriaMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  return new Promise<LecturaPdf>((resolve) => {
    const terminar = (lectura: LecturaPdf, detalle?: Record<string, unknown>) => {
      clearTimeout(plazo);
      trabajador.removeAllListeners();
      // Errors after the answer (a worker stopped mid-reading) have nothing left to say.
      trabajador.on('error', () => undefined);
      void trabajador.terminate();
      if ('problema' in lectura) logger.warn('pdf: lectura rechazada', { problema: lectura.problema, bytes: bytes.length, ms: Math.round(performance.now() - inicio), ...detalle });
      resolve(lectura);
    };
    const plazo = setTimeout(() => terminar({ problema: 'pesado' }, { motivo: 'plazo' }), limites.plazoMs);
    trabajador.on('message', (r: RespuestaLectura) => ('texto' in r ? terminar(r) : terminar({ problema: r.problema }, { motivo: r.motivo ?? 'decodificado' })));
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) is a file too heavy to read; any other failure, one that cannot be read.
    trabajador.on('error', (err: NodeJS.ErrnoException) =>
      terminar({ problema: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'pesado' : 'ilegible' }, { motivo: err.code ?? err.message }),
    );
    trabajador.on('exit', (code) => terminar({ problema: 'ilegible' }, { motivo: `salida ${code}` }));
    const pedido: PedidoLectura = { bytes, paginas: limites.paginas, decodificado: limites.decodificado };
    trabajador.postMessage(pedido);
  });
}
