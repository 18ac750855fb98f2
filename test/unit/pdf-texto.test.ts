import { describe, expect, it } from 'vitest';
import { decodificadoDe, leerPdf, LIMITES_PDF } from '../../lambdas/adapters/pdf-texto.js';
import { fuecPdf } from '../../scripts/local/fuec-pdf.js';
import { pdfCon } from '../support/pdfs.js';

/**
 * Reading an uploaded FUEC's PDF within bounds (lambdas/adapters/pdf-texto.ts): its text, a damaged
 * file refused, and files built to decode to far more than they weigh ("PDF bombs") stopped before
 * pdf.js decodes them, or by the deadline where they cannot be measured first.
 */

const MB = 1024 * 1024;

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

  it('reads a stream that decodes to a few megabytes, and refuses one that decodes past the limit without decoding it whole', async () => {
    expect(await leerPdf(pdfCon({ relleno: 2 * MB }))).toEqual({ texto: 'FUEC PLACA XXX999' });
    // 200 MB of page content in about 200 KB: refused on zlib's measure, stopped at the limit.
    const bomba = pdfCon({ relleno: 200 * MB });
    expect(bomba.length).toBeLessThan(MB);
    expect(decodificadoDe(bomba, LIMITES_PDF.decodificado)).toBeNull();
    expect(await leerPdf(bomba)).toEqual({ problema: 'pesado' });
  });

  it('charges the filters it does not decode at their worst case, and does not count images', () => {
    // 100 KB of LZW could be 270 MB.
    expect(decodificadoDe(pdfCon({ relleno: 100 * 1024, filtro: '/LZWDecode' }), LIMITES_PDF.decodificado)).toBeNull();
    expect(decodificadoDe(pdfCon({ relleno: 1000, filtro: '/LZWDecode' }), LIMITES_PDF.decodificado)).toBeGreaterThan(1000);
    // Reading text does not decode an image, however large.
    expect(decodificadoDe(pdfCon({ relleno: 200 * MB, imagen: true }), LIMITES_PDF.decodificado)).toBe(0);
    expect(decodificadoDe(pdfCon({ relleno: 1000 }), LIMITES_PDF.decodificado)).toBe(1000 + 'BT /F1 12 Tf 72 712 Td (FUEC PLACA XXX999) Tj ET\n'.length);
  });

  it('stops at the deadline what cannot be measured first: one stream drawn many times', async () => {
    // 4 MB (under the limit) drawn 200 times: 800 MB of decoding, stopped.
    const repetido = pdfCon({ relleno: 4 * MB, veces: 200 });
    expect(decodificadoDe(repetido, LIMITES_PDF.decodificado)).not.toBeNull();
    expect(await leerPdf(repetido, { ...LIMITES_PDF, plazoMs: 300 })).toEqual({ problema: 'pesado' });
  });
});
