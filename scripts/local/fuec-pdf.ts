import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A FUEC as a PDF with real text (pdf-lib), carrying these plate, dates ('dd/mm/yyyy') and route: the
 * demo trips' FUEC files and the FUEC check's tests.
 */
export async function fuecPdf(d: { placa: string; desde: string; hasta: string; origen: string; destino: string }): Promise<Uint8Array> {
  return textoPdf([
    'FORMATO UNICO DE EXTRACTO DEL CONTRATO - FUEC No. 376012323202600210001',
    'RAZON SOCIAL: TRANSPORTES DEL VALLE S.A.S.  NIT 900123456',
    'CONTRATANTE: UNIVERSIDAD ICESI  NIT 890316745',
    `ORIGEN: ${d.origen}   DESTINO: ${d.destino}`,
    `VIGENCIA DEL CONTRATO  FECHA INICIAL: ${d.desde}  FECHA VENCIMIENTO: ${d.hasta}`,
    `VEHICULO  PLACA: ${d.placa}  MARCA: MERCEDES-BENZ  CLASE: VAN`,
    'CONDUCTOR: JHON JAIRO PAZ  C.C. 16789234  LICENCIA VIGENTE HASTA 15/05/2029',
  ]);
}

/** A one-page PDF with these lines of text: the demo's documents and receipts, which a viewer opens. */
export async function textoPdf(lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((text, i) => page.drawText(text, { x: 36, y: 740 - i * 20, size: 10, font }));
  return doc.save();
}

/** 'dd/mm/yyyy' of an instant in Bogotá, as a FUEC prints it. */
export const fechaFuec = (iso: string, dias = 0) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.parse(iso) + dias * 86_400_000));
