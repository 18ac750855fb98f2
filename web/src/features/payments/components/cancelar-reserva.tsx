import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { cancelacionBodySchema, PAGO_MSG, type PagoDetalle } from '../../../../../shared/schemas/pagos.js';
import { MAPA_MSG } from '../../../../../shared/schemas/messages-servicios.js';
import { useBorrador } from '../../../components/descarte.js';
import { errorMessage } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { useCancelarReserva } from '../api/pagos.js';

/**
 * A reservation whose departure passed before its trip (`reservaVencida`), in its detail: what it
 * means, and for marketplace staff the cancellation with its reason and the client's refund, which the
 * company and the client app read. The API checks the same rule.
 */
export function ReservaVencida({ d, plataforma, onDone }: { d: PagoDetalle; plataforma: boolean; onDone: () => void }) {
  const cancelar = useCancelarReserva();
  const [abierto, setAbierto] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  useBorrador(abierto && motivo.trim() !== '');
  const enviar = async () => {
    const body = cancelacionBodySchema.safeParse({ motivo });
    if (!body.success) return setError(body.error.issues[0]!.message);
    try {
      // mutateAsync: the refreshed detail (no longer vencida) unmounts this part before mutate's callbacks.
      await cancelar.mutateAsync({ id: d.servicio.id, body: body.data });
      toast.success(PAGO_MSG.reservaCancelada);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  if (!plataforma) return <Alert type="warning" header={MAPA_MSG.vencida}>{MAPA_MSG.vencidaEmpresa}</Alert>;
  return (
    <Alert
      type="warning"
      header={MAPA_MSG.vencida}
      action={
        !abierto && (
          <Button onClick={() => setAbierto(true)} ariaLabel={`Cancelar la reserva de ${d.servicio.cliente}`}>
            Cancelar reserva
          </Button>
        )
      }
    >
      <SpaceBetween size="s">
        <span>{PAGO_MSG.vencidaPlataforma}</span>
        {abierto && (
          <form noValidate onSubmit={(e) => (e.preventDefault(), void enviar())}>
            <Form
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button formAction="none" onClick={() => (setAbierto(false), setMotivo(''), setError(null))}>
                    Volver
                  </Button>
                  <Button variant="primary" loading={cancelar.isPending}>
                    Cancelar reserva
                  </Button>
                </SpaceBetween>
              }
            >
              <FormField
                label="Motivo y reembolso"
                description={
                  d.pagoValidadoEn
                    ? `El cliente pagó ${d.servicio.metodoPago === 'epayco' ? 'por ePayco' : 'por transferencia'}: di por qué se cancela y la referencia de la devolución. La empresa y el cliente lo verán.`
                    : 'Di por qué se cancela y, si el cliente alcanzó a pagar, cómo se le devuelve. La empresa y el cliente lo verán.'
                }
                errorText={error ?? undefined}
              >
                <Textarea value={motivo} onChange={({ detail }) => (setMotivo(detail.value), setError(null))} autoFocus rows={3} />
              </FormField>
            </Form>
          </form>
        )}
      </SpaceBetween>
    </Alert>
  );
}
