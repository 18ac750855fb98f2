import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { ESBUILD_OPTIONS } from '../../infra/bundling.js';
import { ENTRIES, fromRoot } from '../../infra/paths.js';
import { MARCA_LECTOR, type RespuestaLectura } from '../../lambdas/adapters/pdf-lector.js';
import { fuecPdf } from '../../scripts/local/fuec-pdf.js';
import { pdfCon } from '../support/pdfs.js';

/**
 * In AWS the FUEC reader's worker is the API's own bundle, started again as a worker
 * (lambdas/adapters/pdf-lector.ts): every module is one file there. This builds the API as CDK does
 * (infra/bundling.ts) and starts it as the reader, so a bundle that cannot read is found before a deploy.
 */

// Under node_modules, so the bundle finds the packages that ship beside it (unpdf, the AWS SDK).
const CARPETA = fromRoot('node_modules/.cache/lector-pdf-bundle');
afterAll(() => rm(CARPETA, { recursive: true, force: true }));

async function leerConElBundle(bundle: string, bytes: Uint8Array): Promise<RespuestaLectura> {
  const trabajador = new Worker(new URL(pathToFileURL(bundle)), { workerData: MARCA_LECTOR });
  try {
    return await new Promise<RespuestaLectura>((resolve, reject) => {
      trabajador.once('message', resolve);
      trabajador.once('error', reject);
      trabajador.postMessage({ bytes, paginas: 5, decodificado: 32 * 1024 * 1024 });
    });
  } finally {
    await trabajador.terminate();
  }
}

describe('the FUEC reader in the API bundle', () => {
  it('reads a FUEC and stops a decompression bomb when the bundle is started as the reader', async () => {
    const result = await build({
      ...ESBUILD_OPTIONS,
      mainFields: [...ESBUILD_OPTIONS.mainFields],
      external: [...ESBUILD_OPTIONS.external],
      entryPoints: [fromRoot(ENTRIES.api)],
      write: false,
      logLevel: 'silent',
    });
    await mkdir(CARPETA, { recursive: true });
    const bundle = join(CARPETA, 'index.mjs');
    await writeFile(bundle, result.outputFiles![0]!.contents);

    const fuec = await fuecPdf({ placa: 'VCK-512', desde: '01/12/2026', hasta: '02/12/2026', origen: 'CALI', destino: 'PALMIRA' });
    const lectura = await leerConElBundle(bundle, fuec);
    expect('texto' in lectura && lectura.texto).toContain('PLACA: VCK-512');
    expect(await leerConElBundle(bundle, pdfCon({ relleno: 100 * 1024 * 1024, escritura: 'indirecto' }))).toEqual({ problema: 'pesado' });
  });
});
