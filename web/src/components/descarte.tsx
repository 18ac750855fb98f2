import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useEnfocarAlAbrir } from '../lib/foco.js';

const MarcarBorrador = createContext<(sucio: boolean) => void>(() => undefined);

/** A part of a guarded dialog (useDescarte) says whether it holds typed work; it holds none once it goes. */
export function useBorrador(sucio: boolean): void {
  const marcar = useContext(MarcarBorrador);
  useEffect(() => {
    marcar(sucio);
    return () => marcar(false);
  }, [marcar, sucio]);
}

/**
 * A dialog that asks before it closes over typed work (Escape, its X, its Cerrar or Cancelar), so one
 * key does not lose a price, a reason or a reference. `pedirCierre` replaces the dialog's own close;
 * `con` wraps its content, whose parts report with `useBorrador` (or pass `sucio` when the dialog
 * itself knows); `pregunta` goes inside the dialog. Closing after a save calls `cerrar` directly.
 */
export function useDescarte(cerrar: () => void, aviso: string, sucio?: boolean) {
  const deLasPartes = useRef(false);
  const [preguntando, setPreguntando] = useState(false);
  // The safe answer has the focus, not the question's X: Enter keeps the work.
  const seguirRef = useRef<ButtonProps.Ref>(null);
  useEnfocarAlAbrir(seguirRef, preguntando);
  // The question's text is its description, read with its title as the focus enters (Modal takes no
  // aria-describedby of its own: set on its dialog element once shown).
  const avisoId = useId();
  const avisoRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (preguntando) avisoRef.current?.closest('[role="dialog"]')?.setAttribute('aria-describedby', avisoId);
  }, [preguntando, avisoId]);
  const marcar = useCallback((v: boolean) => {
    deLasPartes.current = v;
  }, []);
  const pedirCierre = () => (sucio || deLasPartes.current ? setPreguntando(true) : cerrar());
  const descartar = () => {
    setPreguntando(false);
    deLasPartes.current = false;
    cerrar();
  };
  const pregunta = (
    // Escape in the question answers it, without reaching the dialog underneath.
    <div onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}>
      <Modal
        visible={preguntando}
        onDismiss={() => setPreguntando(false)}
        header="¿Descartar los cambios?"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button ref={seguirRef} variant="link" onClick={() => setPreguntando(false)}>
                Seguir editando
              </Button>
              <Button variant="primary" onClick={descartar}>
                Descartar
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <div id={avisoId} ref={avisoRef}>
          {aviso}
        </div>
      </Modal>
    </div>
  );
  const con = (contenido: ReactNode) => <MarcarBorrador.Provider value={marcar}>{contenido}</MarcarBorrador.Provider>;
  return { pedirCierre, pregunta, con };
}
