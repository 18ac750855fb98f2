import { describe, expect, it } from 'vitest';
import { etiquetaDe } from '../../lambdas/api/etag.js';
import { VENTANA_FIRMA_MS } from '../../lambdas/adapters/storage.js';

const enlace = (credencial: string, firma: string) =>
  `https://fotos.s3.amazonaws.com/vehiculos/v1/frente?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${credencial}&X-Amz-Date=20261127T120000Z&X-Amz-Expires=3900&X-Amz-Security-Token=tok&X-Amz-Signature=${firma}&X-Amz-SignedHeaders=host`;
const lista = (imagen: string, placas = 'VCK512') => JSON.stringify({ items: [{ placas, imagen }], cursor: null });

describe('etiquetaDe (the ETag of a polled answer)', () => {
  const t = 1_800_000_000_000 - (1_800_000_000_000 % VENTANA_FIRMA_MS) + 1_000;

  it('is the same for the same data whichever container signed its links', () => {
    expect(etiquetaDe(lista(enlace('AKIA1', 'aaa')), t)).toBe(etiquetaDe(lista(enlace('AKIA2', 'bbb')), t));
    expect(etiquetaDe(lista(enlace('AKIA1', 'aaa')), t)).not.toBe(etiquetaDe(lista(enlace('AKIA1', 'aaa'), 'KLM903'), t));
  });

  it('changes with the signing window when the answer has links, so they are sent anew before they expire', () => {
    expect(etiquetaDe(lista(enlace('AKIA1', 'aaa')), t)).toBe(etiquetaDe(lista(enlace('AKIA1', 'aaa')), t + VENTANA_FIRMA_MS - 2_000));
    expect(etiquetaDe(lista(enlace('AKIA1', 'aaa')), t)).not.toBe(etiquetaDe(lista(enlace('AKIA1', 'aaa')), t + VENTANA_FIRMA_MS));
    // Without links, the window does not matter.
    const sinEnlaces = JSON.stringify({ anticipos: 3, saldos: 1 });
    expect(etiquetaDe(sinEnlaces, t)).toBe(etiquetaDe(sinEnlaces, t + 10 * VENTANA_FIRMA_MS));
  });
});
