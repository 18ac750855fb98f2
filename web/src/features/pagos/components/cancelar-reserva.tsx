import Alert from '@cloudscape-design/components/alert';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea, { type TextareaProps } from '@cloudscape-design/components/textarea';
import { useRef, useState } from 'react';
import { cancelacionBodySchema, type PagoDetalle } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG, PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { useBorrador } from '../../../components/descarte.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCalendarDate, formatDateTime } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { useCancelarReserva } from '../api/pagos.js';
import { valorCobro } from './comunes.js';
import { textoRegistradoPor } from '@shared/schemas/historial.js';

/** A reason typed over several lines, as one: the API's texts take no line breaks. */
export const unaLinea = (texto: string): string => texto.trim().replace(/\s*\n\s*/g, ' ');

/**
 * A reservation whose departure passed before its trip (`reservaVencida`), in its detail: what it
 * means, and for marketplace staff the cancellation with its reason and the client's refund, which the
 * company and the client app read. It cannot be undone, so a second step asks. The API checks the
 * same rules.
 */
export function ReservaVencida({ d, plataforma, onDone }: { d: PagoDetalle; plataforma: boolean; onDone: () => void }) {
  const cancelar = useCancelarReserva();
  const [abierto, setAbierto] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const abrirRef = useRef<ButtonProps.Ref>(null);
  const motivoRef = useRef<TextareaProps.Ref>(null);
  const confirmarRef = useRef<ButtonProps.Ref>(null);
  // What was typed is kept on 'Volver' (reopening shows it) and asked about on closing the dialog.
  useBorrador(motivo.trim() !== '');
  const body = () => cancelacionBodySchema.safeParse({ motivo: unaLinea(motivo), huella: d.huella });
  const revisar = () => {
    const r = body();
    if (!r.success) {
      setError(r.error.issues[0]!.message);
      motivoRef.current?.focus();
      return;
    }
    setConfirmando(true);
    requestAnimationFrame(() => confirmarRef.current?.focus());
  };
  const enviar = async () => {
    const r = body();
    if (!r.success) return;
    try {
      // mutateAsync: the refreshed detail (no longer vencida) unmounts this part before mutate's callbacks.
      await cancelar.mutateAsync({ id: d.servicio.id, body: r.data });
      setMotivo('');
      toast.success(PAGO_MSG.reservaCancelada);
      onDone();
    } catch (err) {
      setConfirmando(false);
      setError(errorMessage(err));
      requestAnimationFrame(() => motivoRef.current?.focus());
    }
  };
  const volver = () => {
    setAbierto(false);
    setConfirmando(false);
    setError(null);
    requestAnimationFrame(() => abrirRef.current?.focus());
  };
  if (!plataforma) return <Alert type="warning" header={MAPA_MSG.vencida}>{MAPA_MSG.vencidaEmpresa}</Alert>;
  return (
    <Alert
      type="warning"
      header={MAPA_MSG.vencida}
      action={
        !abierto && (
          <Button ref={abrirRef} onClick={() => setAbierto(true)} ariaLabel={`Cancelar reserva de ${d.servicio.cliente}`}>
            Cancelar reserva
          </Button>
        )
      }
    >
      <SpaceBetween size="s">
        <span>{PAGO_MSG.vencidaPlataforma}</span>
        {abierto && (
          <form noValidate onSubmit={(e) => (e.preventDefault(), confirmando ? void enviar() : revisar())}>
            <Form
              actions={
                confirmando ? undefined : (
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button formAction="none" onClick={volver}>
                      Volver
                    </Button>
                    <Button variant="primary">Cancelar reserva</Button>
                  </SpaceBetween>
                )
              }
            >
              <SpaceBetween size="s">
                <FormField
                  label="Motivo y reembolso"
                  description={`${d.pagoValidadoEn ? `El cliente pagó ${d.servicio.metodoPago === 'epayco' ? 'por ePayco' : 'por transferencia'}. ` : ''}${PAGO_MSG.reembolsoAparte}`}
                  errorText={error ?? undefined}
                >
                  <Textarea ref={motivoRef} value={motivo} onChange={({ detail }) => (setMotivo(detail.value), setError(null), setConfirmando(false))} autoFocus rows={3} />
                </FormField>
                {/* Read out as it appears (the button that asked is gone). */}
                <div aria-live="polite">
                  {confirmando && (
                    <Alert
                      type="error"
                      header={`¿Cancelar la reserva de ${d.servicio.cliente}?`}
                      action={
                        <SpaceBetween direction="horizontal" size="xs">
                          <Button formAction="none" onClick={() => (setConfirmando(false), requestAnimationFrame(() => motivoRef.current?.focus()))}>
                            Seguir editando
                          </Button>
                          <Button ref={confirmarRef} variant="primary" loading={cancelar.isPending}>
                            Sí, cancelar reserva
                          </Button>
                        </SpaceBetween>
                      }
                    >
                      {PAGO_MSG.cancelacionDefinitiva}
                    </Alert>
                  )}
                </div>
              </SpaceBetween>
            </Form>
          </form>
        )}
      </SpaceBetween>
    </Alert>
  );
}

/** The cancellation of a reservation, at the top of its detail: when, and the reason staff gave. */
export const ReservaCancelada = ({ d }: { d: PagoDetalle }) =>
  d.cancelacion && (
    <Alert type="info" header={`Reserva cancelada el ${formatDateTime(d.cancelacion.at)}`}>
      {d.cancelacion.motivo}
    </Alert>
  );

/**
 * ePayco charges of the client that did not apply to the reservation: those still to refund in red
 * (staff refund them from 'Cobros de ePayco por reembolsar'), the refunded ones with their reference.
 */
export function CobrosPorReembolsar({ d, plataforma }: { d: PagoDetalle; plataforma: boolean }) {
  const pendientes = d.cobrosSinAplicar.filter((c) => !c.reembolso);
  const reembolsados = d.cobrosSinAplicar.filter((c) => c.reembolso);
  const cobro = (c: PagoDetalle['cobrosSinAplicar'][number]) => `${valorCobro(c)}, ${c.referencia}, el ${formatDateTime(c.at)} (${c.motivo})`;
  return (
    <>
      {pendientes.length > 0 && (
        <Alert type="error" header={EPAYCO_MSG.porReembolsar(pendientes.length)}>
          <SpaceBetween size="xs">
            <span>{plataforma ? EPAYCO_MSG.reembolsarPlataforma : EPAYCO_MSG.reembolsarEmpresa}</span>
            <ul className="lista-simple">
              {pendientes.map((c) => (
                <li key={c.referencia}>{cobro(c)}</li>
              ))}
            </ul>
          </SpaceBetween>
        </Alert>
      )}
      {reembolsados.length > 0 && (
        <Alert type="info" header={EPAYCO_MSG.reembolsados(reembolsados.length)}>
          <ul className="lista-simple">
            {reembolsados.map((c) => (
              <li key={c.referencia}>
                {`${cobro(c)}: reembolsado el ${formatCalendarDate(c.reembolso!.fecha)}, referencia ${c.reembolso!.referencia}, registrado por ${textoRegistradoPor(c.reembolso!.registradoPor)}`}
                {c.reembolso!.comprobanteUrl && (
                  <>
                    {' · '}
                    <Link href={c.reembolso!.comprobanteUrl} external externalIconAriaLabel="(abre en una pestaña nueva)">
                      Ver comprobante
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
