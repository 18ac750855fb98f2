import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { PERFIL_MSG } from '@shared/schemas/messages.js';

/** The user's data could not be loaded: the spec's message and a retry, wherever a screen needs `/me`. */
export function MeLoadError({ header, onRetry, retrying }: { header?: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert
      type="error"
      header={header}
      action={
        <Button onClick={onRetry} loading={retrying}>
          Reintentar
        </Button>
      }
    >
      {PERFIL_MSG.sinDatos}
    </Alert>
  );
}
