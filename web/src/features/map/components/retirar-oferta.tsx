import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { OFERTA_MSG } from '../../../../../shared/schemas/messages-servicios.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCOP } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { useRetirarOferta } from '../api/mapa.js';

/**
 * 'Retirar oferta' (beyond the spec): the company takes back its offer before the client accepts one,
 * asked once more, since it sends no other for that service. The API refuses it once the client
 * accepted (one of the two wins); the map and its detail are read again either way.
 */
export function RetirarOferta({ id, precio }: { id: string; precio: number }) {
  const retirar = useRetirarOferta(id);
  const [confirmando, setConfirmando] = useState(false);

  async function confirmar() {
    try {
      await retirar.mutateAsync();
      toast.success(OFERTA_MSG.retirada);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setConfirmando(false);
    }
  }

  return (
    <>
      <Button onClick={() => setConfirmando(true)}>{OFERTA_MSG.retirar}</Button>
      <Modal
        visible={confirmando}
        onDismiss={() => setConfirmando(false)}
        header={<Header variant="h2">{OFERTA_MSG.retirarPregunta(formatCOP(precio))}</Header>}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setConfirmando(false)}>Cancelar</Button>
              <Button variant="primary" loading={retirar.isPending} onClick={() => void confirmar()}>
                Sí, retirar oferta
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {OFERTA_MSG.retirarExplicacion}
      </Modal>
    </>
  );
}
