import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { leerPdf, LIMITES_PDF } from '../../lambdas/adapters/pdf-texto.js';
import { fuecPdf } from '../../scripts/local/fuec-pdf.js';
import { pdfCon, pdfFormas } from '../support/pdfs.js';

/**
 * Reading an uploaded FUEC's PDF within bounds (lambdas/adapters/pdf-texto.ts, docs/architecture.md
 * "Untrusted input"): its text, a damaged file refused, and hostile files (issue 46) stopped by the
 * worker's limits while this thread's loop stays free.
 */

const MB = 1024 * 1024;

/**
 * How late this thread's timers may run while a hostile PDF is read: far below the seconds the reading
 * blocked the loop for before issue 46 (9 s and more), and above what a busy machine (the suite's lint,
 * types and build beside it on 2 cores) adds on its own, which reached 115 ms.
 */
const DEMORA_MAX_MS = 400;

/** Runs `leer` and measures how late this thread's timers ran meanwhile (the request loop's delay). */
async function conDemora<T>(leer: () => Promise<T>): Promise<{ resultado: T; demoraMaxMs: number; ms: number }> {
  const demora = monitorEventLoopDelay({ resolution: 10 });
  demora.enable();
  const inicio = performance.now();
  const resultado = await leer();
  const ms = performance.now() - inicio;
  demora.disable();
  return { resultado, demoraMaxMs: demora.max / 1e6, ms };
}

describe('reading a PDF for the FUEC check', () => {
  it('reads the text of a real FUEC, and an empty text from a page without any (a scan)', async () => {
    const fuec = await fuecPdf({ placa: 'VCK-512', desde: '01/12/2026', hasta: '02/12/2026', origen: 'CALI', destino: 'PALMIRA' });
    const lectura = await leerPdf(fuec);
    expect('texto' in lectura && lectura.texto).toContain('PLACA: VCK-512');
    expect('texto' in lectura && lectura.texto).toContain('ORIGEN: CALI DESTINO: PALMIRA');
    const enBlanco = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    expect(await leerPdf(enBlanco)).toEqual({ texto: '' });
  });

  it('calls a file that only starts like a PDF damaged', async () => {
    expect(await leerPdf(new TextEncoder().encode('%PDF-1.4\n%basura \x00\x01\x02 stream endstream\n%%EOF'))).toEqual({ problema: 'ilegible' });
    expect(await leerPdf(new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))).toEqual({ problema: 'ilegible' });
  });

  it('reads a stream that decodes to a few megabytes, and stops one that decodes past the limit (200 MB in 200 KB)', async () => {
    expect(await leerPdf(pdfCon({ relleno: 2 * MB }))).toEqual({ texto: 'FUEC PLACA XXX999' });
    const bomba = pdfCon({ relleno: 200 * MB });
    expect(bomba.length).toBeLessThan(MB);
    const { resultado, demoraMaxMs } = await conDemora(() => leerPdf(bomba));
    expect(resultado).toEqual({ problema: 'pesado' });
    expect(demoraMaxMs).toBeLessThan(DEMORA_MAX_MS);
  });

  it('bounds what is decoded whatever the dictionary says: a filter behind an indirect reference or another key', async () => {
    // 40 MB of page content in 41 KB, its filter where a reading of the dictionary's text missed it.
    for (const escritura of ['indirecto', 'escondido'] as const) {
      const pdf = pdfCon({ relleno: 40 * MB, escritura });
      expect(pdf.length).toBeLessThan(64 * 1024);
      expect(await leerPdf(pdf), escritura).toEqual({ problema: 'pesado' });
      // The same files, small, are read: the filter is honoured, not the file refused for its form.
      expect(await leerPdf(pdfCon({ relleno: 1000, escritura })), escritura).toEqual({ texto: 'FUEC PLACA XXX999' });
    }
    // One stream under the limit drawn 200 times is 800 MB decoded: stopped all the same.
    expect(await leerPdf(pdfCon({ relleno: 4 * MB, veces: 200 }))).toEqual({ problema: 'pesado' });
  });

  it('stops at its deadline a page of forms drawn inside forms, and the loop that asked stays free meanwhile', async () => {
    // 12 forms 5 levels deep: 248,832 words in 1.4 KB. It ran for minutes on the request loop before issue 46.
    const pdf = pdfFormas({ veces: 12, niveles: 5 });
    expect(pdf.length).toBeLessThan(2048);
    const plazoMs = 1500;
    const { resultado, demoraMaxMs, ms } = await conDemora(() => leerPdf(pdf, { ...LIMITES_PDF, plazoMs }));
    expect(resultado).toEqual({ problema: 'pesado' });
    expect(ms).toBeGreaterThanOrEqual(plazoMs);
    expect(ms).toBeLessThan(plazoMs + 2000);
    expect(demoraMaxMs).toBeLessThan(DEMORA_MAX_MS);
  });

  it('reads a few PDFs at once and answers ocupado, at once, past the ones it lets wait', async () => {
    // A deadline that a small file's reading (its worker's start included) meets on a busy machine too.
    const limites = { ...LIMITES_PDF, simultaneas: 1, enEspera: 1, plazoMs: 2500 };
    const lento = pdfFormas({ veces: 12, niveles: 5 });
    const lecturas = [leerPdf(lento, limites), leerPdf(pdfCon(), limites), leerPdf(pdfCon(), limites)];
    expect(await lecturas[2]).toEqual({ problema: 'ocupado' });
    expect(await lecturas[0]).toEqual({ problema: 'pesado' });
    expect(await lecturas[1]).toEqual({ texto: 'FUEC PLACA XXX999' });
  });
});
