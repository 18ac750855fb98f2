import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { llamar } from '../lib/api-client.js';
import { AccionConfirmada } from './accion-confirmada.js';
import { viajeFinalizadoSchema } from '@shared/schemas/recorrido.js';

/** What a finished trip changes: the map and its detail, the reservations, the service lists and the payouts (its balance is now due). */
const CAMBIAN = [['mapa'], ['servicios'], ['reservas'], ['listas'], ['pagos']];

function useFinalizarViaje(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => llamar('POST /servicios/:servicioId/finalizar', { params: { servicioId: id }, schema: viajeFinalizadoSchema }),
    onSuccess: () => CAMBIAN.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })),
    meta: { silent: true },
  });
}

/**
 * 'Finalizar Viaje' (docs/product.md, the service lifecycle: the company marks its started trip finished after departure),
 * asked once more: the button for a detail's footer and its confirmation, in the map's detail and the
 * service lists' (Servicios en Curso). The caller shows it only
 * when the trip may end (`finalizable`); the API checks that again.
 */
export function FinalizarViaje({ id, onDone }: { id: string; onDone?: () => void }) {
  const finalizar = useFinalizarViaje(id);
  return (
    <AccionConfirmada
      boton={RECORRIDO_MSG.finalizar}
      variant="primary"
      titulo={RECORRIDO_MSG.finalizar}
      texto={RECORRIDO_MSG.confirmarFin}
      confirmar="Finalizar"
      hecho={RECORRIDO_MSG.finalizado}
      hacer={() => finalizar.mutateAsync()}
      onDone={onDone}
    />
  );
}
