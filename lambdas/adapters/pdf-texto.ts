import { logger } from '../logger.js';

/**
 * The text of a PDF (the FUEC check), by unpdf (pdf.js's serverless build). Loaded on first use and
 * shipped beside the API's bundle, not in it (infra/bundling.ts LAZY_MODULES): about 1 MB that a cold
 * start of every other route never pays. Null when the PDF cannot be read.
 */
export async function textoDePdf(bytes: Uint8Array): Promise<string | null> {
  try {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch (err) {
    logger.warn('pdf sin texto legible', { error: (err as Error).message });
    return null;
  }
}
