import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { POSPUESTA_HASTA, type BeforeInstallPromptEvent } from './install-offer.js';

/** "Más tarde" means not today: a daily user is asked again in a month, not on every visit. */
const POSPONER_MS = 30 * 24 * 60 * 60 * 1000;

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
            <Button
              variant="link"
              onClick={() => {
                localStorage.setItem(POSPUESTA_HASTA, String(Date.now() + POSPONER_MS));
                onClose();
              }}
            >
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
