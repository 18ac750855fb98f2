import { OFERTA_MSG } from '@shared/schemas/messages-servicios.js';
import { AccionConfirmada } from '../../../components/accion-confirmada.js';
import { formatCOP } from '../../../lib/format.js';
import { useRetirarOferta } from '../api/mapa.js';

/**
 * 'Retirar oferta' (beyond the spec): the company takes back its offer before the client accepts one,
 * asked once more, since it sends no other for that service. The API refuses it once the client
 * accepted (one of the two wins); the map and its detail are read again either way.
 */
export function RetirarOferta({ id, precio }: { id: string; precio: number }) {
  const retirar = useRetirarOferta(id);
  return (
    <AccionConfirmada
      boton={OFERTA_MSG.retirar}
      titulo={OFERTA_MSG.retirarPregunta(formatCOP(precio))}
      texto={OFERTA_MSG.retirarExplicacion}
      confirmar="Sí, retirar oferta"
      hecho={OFERTA_MSG.retirada}
      hacer={() => retirar.mutateAsync()}
    />
  );
}
