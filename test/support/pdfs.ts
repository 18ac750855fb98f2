import { deflateSync } from 'node:zlib';

const CATALOGO = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n';
const FUENTE = '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n';
const FIN = 'trailer<</Root 1 0 R>>\n%%EOF\n';

/**
 * Where a stream's filter is written: in its dictionary (`directo`), as an indirect reference to another
 * object (`indirecto`), or after a nested dictionary that names another filter first (`escondido`): the
 * last two once escaped a check that read the dictionary's text (issue 46).
 */
type Escritura = 'directo' | 'indirecto' | 'escondido';

/** A one-page PDF whose page draws 'FUEC PLACA XXX999' and then `relleno` spaces, in `veces` content streams. */
export function pdfCon({ relleno = 0, filtro = '/FlateDecode', veces = 1, imagen = false, escritura = 'directo' as Escritura } = {}) {
  const contenido = Buffer.concat([Buffer.from('BT /F1 12 Tf 72 712 Td (FUEC PLACA XXX999) Tj ET\n'), Buffer.alloc(relleno, 32)]);
  const datos = filtro === '/FlateDecode' ? deflateSync(contenido, { level: 9 }) : contenido;
  const contents = Array.from({ length: veces }, () => '4 0 R').join(' ');
  const filtroEscrito = !filtro ? '' : { directo: `/Filter${filtro}`, indirecto: '/Filter 6 0 R', escondido: `/X<</Filter/ASCIIHexDecode>>/Filter${filtro}` }[escritura];
  const cabecera =
    CATALOGO +
    `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents[${contents}]/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
    FUENTE +
    (escritura === 'indirecto' ? `6 0 obj ${filtro} endobj\n` : '') +
    `4 0 obj<</Length ${datos.length}${filtroEscrito}${imagen ? '/Type/XObject/Subtype/Image/Width 1/Height 1' : ''}>>stream\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(cabecera, 'latin1'), datos, Buffer.from('\nendstream\nendobj\n' + FIN)]));
}

/**
 * A page that draws a form `veces` times, which draws the next form `veces` times, `niveles` deep; the
 * last one writes a word. Tiny (about 1.6 KB for 12 × 4) and slow to read: veces^niveles words, every
 * one laid out by pdf.js (12 × 4 took 9.4 s on the API's request loop before issue 46).
 */
export function pdfFormas({ veces = 12, niveles = 4 } = {}) {
  const dibujar = (n: number) => Array.from({ length: veces }, () => `/F${n} Do`).join(' ');
  const objetos: string[] = [];
  // Forms are objects 10, 11, …: form i draws form i + 1; the last one writes text.
  for (let i = 0; i < niveles; i++) {
    const contenido = i === niveles - 1 ? 'BT /F1 12 Tf 1 0 0 1 10 10 Tm (FUEC) Tj ET' : dibujar(i + 1);
    const recursos = i === niveles - 1 ? '/Font<</F1 5 0 R>>' : `/XObject<</F${i + 1} ${11 + i} 0 R>>`;
    objetos.push(`${10 + i} 0 obj<</Type/XObject/Subtype/Form/BBox[0 0 612 792]/Resources<<${recursos}>>/Length ${contenido.length}>>stream\n${contenido}\nendstream\nendobj\n`);
  }
  const pagina = dibujar(0);
  return new TextEncoder().encode(
    CATALOGO +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</XObject<</F0 10 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${pagina.length}>>stream\n${pagina}\nendstream\nendobj\n` +
      FUENTE +
      objetos.join('') +
      FIN,
  );
}
