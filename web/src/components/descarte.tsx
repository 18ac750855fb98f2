import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavigationType, useBlocker } from 'react-router-dom';
import { useEnfocarAlAbrir } from '../lib/foco.js';

const MarcarBorrador = createContext<(sucio: boolean) => void>(() => undefined);

/** A guarded dialog that is open: whether it holds typed work, and how to ask before it is lost. */
type Abierto = { sucio: () => boolean; preguntar: (respuestas: Respuestas) => void };
type Respuestas = { descartar: () => void; seguir: () => void };
const abiertos = new Set<Abierto>();

/**
 * The browser's Back (or Forward) over a dialog with typed work asks the dialog's own question first
 * (it lost the work without a word, while Escape and the X asked). Only those: the console's own moves
 * after a save (to Reservaciones, to the map) go on, and a dialog covers the menus. Once, in the panel.
 */
export function GuardiaDeNavegacion() {
  const bloqueo = useBlocker(({ historyAction }) => historyAction === NavigationType.Pop && [...abiertos].some((d) => d.sucio()));
  useEffect(() => {
    if (bloqueo.state !== 'blocked') return;
    const dialogo = [...abiertos].reverse().find((d) => d.sucio());
    if (dialogo) dialogo.preguntar({ descartar: () => bloqueo.proceed(), seguir: () => bloqueo.reset() });
    else bloqueo.proceed();
  }, [bloqueo]);
  return null;
}

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
  // Asked by a Back of the browser (GuardiaDeNavegacion): the answer lets it go on, or takes it back.
  const sucioAhora = useRef(sucio);
  sucioAhora.current = sucio;
  const respuestas = useRef<Respuestas | null>(null);
  useEffect(() => {
    const abierto: Abierto = {
      sucio: () => !!(sucioAhora.current || deLasPartes.current),
      preguntar: (r) => {
        respuestas.current = r;
        setPreguntando(true);
      },
    };
    abiertos.add(abierto);
    return () => {
      abiertos.delete(abierto);
      // Gone unanswered (its page changed): the Back it held goes on.
      respuestas.current?.descartar();
    };
  }, []);
  const responder = (cual: keyof Respuestas) => {
    const r = respuestas.current;
    respuestas.current = null;
    r?.[cual]();
  };
  const pedirCierre = () => (sucio || deLasPartes.current ? setPreguntando(true) : cerrar());
  const seguir = () => {
    setPreguntando(false);
    responder('seguir');
  };
  const descartar = () => {
    setPreguntando(false);
    deLasPartes.current = false;
    cerrar();
    responder('descartar');
  };
  const pregunta = (
    // Escape in the question answers it, without reaching the dialog underneath.
    <div onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}>
      <Modal
        visible={preguntando}
        onDismiss={seguir}
        header="¿Descartar los cambios?"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button ref={seguirRef} variant="link" onClick={seguir}>
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
