import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client.js';
import { toast } from '../lib/toast.js';

/**
 * A detail's footer button for a step that cannot be undone, asked once more in a small dialog (end a
 * trip, withdraw an offer): `hacer` runs on the confirmation; its success says `hecho` in a toast, a
 * failure says why. The caller shows the button only when the step applies; the API checks it again.
 */
export function AccionConfirmada({
  boton,
  variant = 'normal',
  titulo,
  texto,
  confirmar,
  hecho,
  hacer,
  onDone,
}: {
  boton: string;
  variant?: ButtonProps['variant'];
  titulo: string;
  texto: string;
  confirmar: string;
  hecho: string;
  hacer: () => Promise<unknown>;
  onDone?: () => void;
}) {
  const [confirmando, setConfirmando] = useState(false);
  const [enviando, setEnviando] = useState(false);

  async function confirmado() {
    setEnviando(true);
    try {
      await hacer();
      toast.success(hecho);
      onDone?.();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setEnviando(false);
      setConfirmando(false);
    }
  }

  return (
    <>
      <Button variant={variant} onClick={() => setConfirmando(true)}>
        {boton}
      </Button>
      <Modal
        visible={confirmando}
        onDismiss={() => setConfirmando(false)}
        header={<Header variant="h2">{titulo}</Header>}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setConfirmando(false)}>Cancelar</Button>
              <Button variant="primary" loading={enviando} onClick={() => void confirmado()}>
                {confirmar}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {texto}
      </Modal>
    </>
  );
}
