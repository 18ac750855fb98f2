import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';

/**
 * How long a load lasts before its spinner turns: a shorter one would only flash it. And each of its
 * frames is composited, on a desktop without a GPU in software on the cores that are loading the page:
 * while the map loaded, its spinning made the page's main thread wait (Lighthouse, 7 runs each: blocking
 * time 3-126 ms against 6-66; with a busy core beside it, map median 70 against 82).
 */
export const ESPERA_SPINNER_MS = 1000;

/** docs/spec/01.md: "While the session is loading a Loading message shows". The message at once, the spinner after a second. */
export function LoadingScreen({ text = 'Cargando...' }: { text?: string }) {
  const [girando, setGirando] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setGirando(true), ESPERA_SPINNER_MS);
    return () => clearTimeout(id);
  }, []);
  return (
    <Box textAlign="center" padding={{ vertical: 'xxxl' }} color="text-body-secondary">
      <div role="status" aria-live="polite">
        {/* The spinner's place is kept meanwhile, so the message does not move when it appears. */}
        <div className="loading-screen__spinner">{girando && <Spinner size="large" />}</div>
        <Box variant="p" color="inherit" padding={{ top: 's' }}>
          {text}
        </Box>
      </div>
    </Box>
  );
}
