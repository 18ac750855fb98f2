import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

/** Spec 01: "While the session is loading a Loading message shows". */
export function LoadingScreen({ text = 'Cargando...' }: { text?: string }) {
  return (
    <Box textAlign="center" padding={{ vertical: 'xxxl' }} color="text-body-secondary">
      <div role="status" aria-live="polite">
        <Spinner size="large" />
        <Box variant="p" color="inherit" padding={{ top: 's' }}>
          {text}
        </Box>
      </div>
    </Box>
  );
}
