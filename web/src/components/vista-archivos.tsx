import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import { useState } from 'react';

/** A file to look at: `foto`, an image; otherwise a document (PDF or image) shown in a frame. */
export type ArchivoVista = { nombre: string; url: string; foto?: boolean };

/**
 * Photos and documents looked at inside the dialog that lists them (issue 47: they opened as new tabs
 * named after the storage key). One file at a time in a large preview; the row of buttons above it
 * switches the file. A photo is an <img> with its name as alt text; a document is an <iframe> of its
 * short-lived URL, which the API serves `inline` (lambdas/adapters/storage.ts `readUrl`) and the CSP's
 * frame-src allows (infra/stacks/edge-stack.ts). 'Descargar' is the way out where a browser shows no
 * PDFs in a frame (some phones).
 */
export function VistaArchivos({ archivos, etiqueta }: { archivos: ArchivoVista[]; etiqueta: string }) {
  const [elegido, setElegido] = useState(0);
  const actual = archivos[Math.min(elegido, archivos.length - 1)];
  if (!actual) return null;
  return (
    <div className="vista-archivos">
      {archivos.length > 1 && (
        <div className="vista-archivos__lista" role="group" aria-label={etiqueta}>
          {archivos.map((a, i) => (
            <button key={a.nombre} type="button" className="vista-archivos__boton" aria-pressed={a === actual} onClick={() => setElegido(i)}>
              {a.foto ? <img className="vista-archivos__miniatura" src={a.url} alt="" loading="lazy" /> : <Icon name="file" />}
              <span>{a.nombre}</span>
            </button>
          ))}
        </div>
      )}
      {/* Keyed by the file: a frame or image left from the previous file never shows under the new name. */}
      <div className="vista-archivos__vista" key={actual.url}>
        {actual.foto ? (
          <img className="vista-archivos__imagen" src={actual.url} alt={actual.nombre} />
        ) : (
          <iframe className="vista-archivos__documento" src={actual.url} title={`Vista previa: ${actual.nombre}`} />
        )}
      </div>
      <Box variant="small">
        <span className="vista-archivos__pie">
          <span>{actual.nombre}</span>
          <Link href={actual.url} external externalIconAriaLabel="(se abre en otra pestaña)" ariaLabel={`Descargar ${actual.nombre} (se abre en otra pestaña)`} variant="secondary">
            Descargar
          </Link>
        </span>
      </Box>
    </div>
  );
}
