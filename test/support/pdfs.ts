import { deflateSync } from 'node:zlib';

/** A one-page PDF whose page draws 'FUEC PLACA XXX999' and then `relleno` spaces, in `veces` content streams. */
export function pdfCon({ relleno = 0, filtro = '/FlateDecode', veces = 1, imagen = false } = {}) {
  const contenido = Buffer.concat([Buffer.from('BT /F1 12 Tf 72 712 Td (FUEC PLACA XXX999) Tj ET\n'), Buffer.alloc(relleno, 32)]);
  const datos = filtro === '/FlateDecode' ? deflateSync(contenido, { level: 9 }) : contenido;
  const contents = Array.from({ length: veces }, () => '4 0 R').join(' ');
  const cabecera =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents[${contents}]/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n' +
    `4 0 obj<</Length ${datos.length}${filtro ? `/Filter${filtro}` : ''}${imagen ? '/Type/XObject/Subtype/Image/Width 1/Height 1' : ''}>>stream\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(cabecera, 'latin1'), datos, Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')]));
}
