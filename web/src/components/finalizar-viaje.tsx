import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RECORRIDO_MSG } from '../../../shared/schemas/messages-servicios.js';
import { api, errorMessage } from '../lib/api-client.js';
import { toast } from '../lib/toast.js';
import * as z from 'zod';

/** What a finished trip changes: the map and its detail, the reservations, the service lists and the payouts (its balance is now due). */
const CAMBIAN = [['mapa'], ['servicios'], ['reservas'], ['listas'], ['pagos']];

function useFinalizarViaje(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/servicios/${encodeURIComponent(id)}/finalizar`, {}, z.object({ id: z.string(), estado: z.string() })),
    onSuccess: () => CAMBIAN.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })),
    meta: { silent: true },
  });
}

/**
 * 'Finalizar Viaje' (PRODUCT.md lifecycle: the company marks its started trip finished after departure),
 * asked once more: the button for a detail's footer and its confirmation, in the map's detail and the
 * service lists' (Servicios en Curso). The caller shows it only
 * when the trip may end (`finalizable`); the API checks that again.
 */
export function FinalizarViaje({ id, onDone }: { id: string; onDone?: () => void }) {
  const finalizar = useFinalizarViaje(id);
  const [confirmando, setConfirmando] = useState(false);

  async function terminar() {
    try {
      await finalizar.mutateAsync();
      toast.success(RECORRIDO_MSG.finalizado);
      onDone?.();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setConfirmando(false);
    }
  }

  return (
    <>
      <Button variant="primary" onClick={() => setConfirmando(true)}>
        {RECORRIDO_MSG.finalizar}
      </Button>
      <Modal
        visible={confirmando}
        onDismiss={() => setConfirmando(false)}
        header={<Header variant="h2">{RECORRIDO_MSG.finalizar}</Header>}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setConfirmando(false)}>Cancelar</Button>
              <Button variant="primary" loading={finalizar.isPending} onClick={() => void terminar()}>
                Finalizar
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {RECORRIDO_MSG.confirmarFin}
      </Modal>
    </>
  );
}
