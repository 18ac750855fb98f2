import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useRef, useState } from 'react';
import { useBorrador } from '../../../components/descarte.js';
import { consultaEpaycoSchema, type PagoDetalle } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCOP } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { enfocarContenido } from '../../../lib/foco.js';
import { useConsultarEpayco, useDecidirPago } from '../api/pagos.js';
import { unaLinea } from './cancelar-reserva.js';

/**
 * In a transfer's detail, marketplace staff confirm the client's receipt or refuse it with the reason.
 * The state lives in the dialog: its buttons sit in the dialog's footer (issue 47), the question and the
 * reason in its body (`DecisionTransferencia`), the buttons in `BotonesTransferencia`.
 */
export function useDecisionTransferencia(d: PagoDetalle | undefined, onDone: () => void) {
  const decidir = useDecidirPago();
  const [rechazando, setRechazando] = useState(false);
  // Confirming hands the reservation to the company and cannot be undone: a second click confirms.
  const [confirmando, setConfirmando] = useState(false);
  // 'Cancelar' in the question gives the focus back to the button that asked it (not the dialog's X).
  const confirmarRef = useRef<ButtonProps.Ref>(null);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The dialog stays mounted between services: another one (or none) starts with no question asked.
  const [deId, setDeId] = useState(d?.servicio.id);
  if (deId !== d?.servicio.id) {
    setDeId(d?.servicio.id);
    setRechazando(false);
    setConfirmando(false);
    setMotivo('');
    setError(null);
  }
  const enviar = async (body: Parameters<typeof decidir.mutate>[0]['body']) => {
    if (!d) return;
    try {
      await decidir.mutateAsync({ id: d.servicio.id, body });
      toast.success(body.decision === 'confirmar' ? PAGO_MSG.pagoConfirmado : PAGO_MSG.pagoRechazado);
      onDone();
      // The footer's button lost the focus as it went busy (disabled), and the dialog's opener left with
      // its row: the page's start takes it, not <body> (lib/foco.ts cannot tell where the person was).
      requestAnimationFrame(() => requestAnimationFrame(() => document.activeElement === document.body && enfocarContenido(true)));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return {
    d,
    rechazando,
    confirmando,
    motivo,
    error,
    cargando: decidir.isPending,
    confirmarRef,
    setMotivo,
    rechazar: () => (setRechazando(true), setConfirmando(false), setError(null)),
    cancelarRechazo: () => (setRechazando(false), setError(null)),
    enviarRechazo: () => (motivo.trim() ? void enviar({ decision: 'rechazar', motivo: unaLinea(motivo) }) : setError(PAGO_MSG.motivoRequerido)),
    preguntar: () => (setConfirmando(true), setError(null)),
    cancelarConfirmacion: () => {
      setConfirmando(false);
      requestAnimationFrame(() => confirmarRef.current?.focus());
    },
    confirmar: () => void enviar({ decision: 'confirmar' }),
  };
}
export type DecisionEstado = ReturnType<typeof useDecisionTransferencia>;

/** Whether the transfer can be decided now: in validation, with a receipt. */
export const decidible = (d: PagoDetalle | undefined) => !!d && d.servicio.estado === 'validar' && d.servicio.metodoPago === 'transferencia' && !!d.comprobanteUrl;

/** The body's part of the decision: why it cannot be decided yet, the question, the reason. */
export function DecisionTransferencia({ e }: { e: DecisionEstado }) {
  const d = e.d!;
  useBorrador(e.rechazando && e.motivo.trim() !== '');
  if (!d.comprobanteUrl) return <Alert type="info">{d.pagoRechazado ? PAGO_MSG.nuevoComprobante(d.pagoRechazado.motivo) : PAGO_MSG.sinComprobante}</Alert>;
  return (
    <SpaceBetween size="s">
      {e.error && e.error !== PAGO_MSG.motivoRequerido && <Alert type="error">{e.error}</Alert>}
      {e.rechazando && (
        <FormField label="Motivo del rechazo" description="El cliente lo verá y enviará un nuevo comprobante." errorText={e.error === PAGO_MSG.motivoRequerido ? e.error : undefined}>
          <Textarea value={e.motivo} onChange={({ detail }) => e.setMotivo(detail.value)} autoFocus rows={3} />
        </FormField>
      )}
      {/* Read out as it appears: the button that asked for it is gone, the focus on 'Cancelar'. Always
          there: a live region must exist before its text. */}
      <div aria-live="polite">
        {!e.rechazando && e.confirmando && (
          <Alert type="warning" header={`¿Confirmas el pago de ${d.servicio.valorOferta === null ? 'la reserva' : formatCOP(d.servicio.valorOferta)} de ${d.servicio.cliente}?`}>
            {`Revisa que la transferencia esté en la cuenta. La reserva pasa a ${d.servicio.nombreEmpresaAliada || 'la empresa'}, que asigna el vehículo y sube el FUEC.`}
          </Alert>
        )}
      </div>
    </SpaceBetween>
  );
}

/** The footer's buttons of the decision, the primary one last (on the right). */
export function BotonesTransferencia({ e }: { e: DecisionEstado }) {
  if (e.rechazando)
    return (
      <SpaceBetween direction="horizontal" size="xs">
        <Button onClick={e.cancelarRechazo}>Cancelar</Button>
        <Button variant="primary" loading={e.cargando} onClick={e.enviarRechazo}>
          Rechazar pago
        </Button>
      </SpaceBetween>
    );
  if (e.confirmando)
    return (
      <SpaceBetween direction="horizontal" size="xs">
        <Button onClick={e.cancelarConfirmacion}>Cancelar</Button>
        <Button variant="primary" loading={e.cargando} onClick={e.confirmar}>
          Sí, confirmar pago
        </Button>
      </SpaceBetween>
    );
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button onClick={e.rechazar}>Rechazar</Button>
      <Button ref={e.confirmarRef} variant="primary" onClick={e.preguntar}>
        Confirmar pago
      </Button>
    </SpaceBetween>
  );
}

/**
 * A reservation that takes no more payment (paid, cancelled, or paid by transfer) may still have been
 * charged by ePayco, and its confirmation lost: staff ask ePayco about it, and an approved charge is
 * recorded for its refund (it then shows at the top of this detail).
 */
export const esperaOtroCobro = (s: PagoDetalle['servicio']) => s.estado !== 'pendiente' && !(s.estado === 'validar' && s.metodoPago === 'epayco');

/**
 * An ePayco payment whose signed confirmation never reached us: staff ask ePayco for its own record of
 * the transaction by the reference the client or ePayco's panel gives (the API applies it only if
 * ePayco signed it for this reservation). `cobroDeMas`: a charge on a reservation that takes no more
 * payment, recorded for its refund; the detail stays open to show it.
 */
export function ConsultaEpayco({ id, onDone, cobroDeMas = false }: { id: string; onDone?: () => void; cobroDeMas?: boolean }) {
  const consultar = useConsultarEpayco();
  const form = useZodForm(consultaEpaycoSchema, { refPayco: '' });
  const [error, setError] = useState<string | null>(null);
  const enviar = async () => {
    const body = form.check();
    if (!body) return;
    setError(null);
    try {
      const r = await consultar.mutateAsync({ id, body });
      toast.success(r.mensaje);
      form.setField('refPayco', '');
      onDone?.();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const ayuda = cobroDeMas
    ? "Consulta el cobro con su referencia: si ePayco lo aprobó para esta reserva, queda en 'Cobros de ePayco por reembolsar' para devolverlo al cliente. La reserva no cambia."
    : 'Si el cliente pagó y la confirmación de ePayco no llegó, consulta el pago con su referencia: se aplica solo si ePayco confirma que es el pago de esta reserva.';
  return (
    <form ref={form.ref} noValidate onSubmit={(e) => (e.preventDefault(), void enviar())}>
      <Form
        header={
          cobroDeMas ? (
            <Box variant="p">{ayuda}</Box>
          ) : (
            <Header variant="h3" description={ayuda}>
              Consultar el pago en ePayco
            </Header>
          )
        }
        errorText={error ?? undefined}
        actions={
          <Button variant="primary" formAction="submit" loading={consultar.isPending}>
            Consultar en ePayco
          </Button>
        }
      >
        <FormField label="Referencia de ePayco" description={`La del comprobante de pago del cliente, o búscala en el panel de ePayco por la factura ${id}.`} errorText={form.errors.refPayco}>
          <Input value={form.values.refPayco} onChange={({ detail }) => (form.setField('refPayco', detail.value), setError(null))} />
        </FormField>
      </Form>
    </form>
  );
}
