import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { BeforeInstallPromptEvent } from './install-prompt.js';

interface InstallDialogProps {
  offer: BeforeInstallPromptEvent;
  onClose: () => void;
}

export default function InstallDialog({ offer, onClose }: InstallDialogProps) {
  async function install() {
    // The event can prompt only once; whatever the answer, the dialog is done.
    onClose();
    await offer.prompt().catch(() => undefined);
  }

  return (
    <Modal
      visible
      onDismiss={onClose}
      header="Instalar aplicación"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Más tarde
            </Button>
            <Button variant="primary" onClick={() => void install()}>
              Instalar ahora
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      Instala BackOffice Transportadoras Aliadas en este dispositivo para abrirla como una aplicación, sin
      buscar la página en el navegador.
    </Modal>
  );
}
