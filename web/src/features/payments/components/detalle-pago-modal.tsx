import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import DatePicker from '@cloudscape-design/components/date-picker';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useRef, useState, type ReactNode } from 'react';
import { useBorrador, useDescarte } from '../../../components/descarte.js';
import { useNavigate } from 'react-router-dom';
import { POR_ASIGNAR } from '../../../../../shared/schemas/service.js';
import { hoyEnBogota } from '../../../../../shared/domain/vencimientos.js';
import { consultaEpaycoSchema, EPAYCO_MSG, esperaLargaEpayco, PAGO_MSG, pagoConductorBodySchema, recompensaBodySchema, reembolsoBodySchema, cuentaCambiadaHace, cuentaDe, textoCuenta, type CuentaCambiada, type CuentaDestino, type Movimiento, type PagoDetalle, type RecompensaFila } from '../../../../../shared/schemas/pagos.js';
import { Correo } from '../../../components/correo.js';
import { ServiceTimeline } from '../../../components/service-timeline.js';
import { StatusText } from '../../../components/status-text.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCOP, formatCalendarDate, formatDateTime } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { useEnfocarAlAbrir } from '../../../lib/foco.js';
import { checkFile, uploadErrorMessage, uploadFile } from '../../../lib/uploads/upload-files.js';
import { useConsultarEpayco, useDecidirPago, usePagarConductor, usePagarRecompensa, usePagoDetalle, useUltimaRecompensa } from '../api/pagos.js';
import { finalizable, reservaVencida } from '../../../../../shared/domain/recorrido.js';
import { FinalizarViaje } from '../../../components/finalizar-viaje.js';
import { EstadoServicio, Foto, MarcaVencida, METODO_TEXTO, useEsPlataforma } from './comunes.js';
import { CobrosPorReembolsar, ReservaCancelada, ReservaVencida, unaLinea } from './cancelar-reserva.js';
import { Pares } from '../../../components/pares.js';
import { Reintentar } from '../../../components/reintentar.js';

const MOVIMIENTO_TEXTO: Record<Movimiento['tipo'], string> = { 'pago-cliente': 'Pago del cliente', anticipo: 'Anticipo al conductor', saldo: 'Saldo al conductor', recompensa: 'Recompensa por referido' };

/** What the modal lets marketplace staff do: check a transfer, pay an advance or a balance; or only look. */
export type AccionDetalle = 'transferencia' | 'epayco' | 'anticipo' | 'saldo' | null;

/** Where a payout goes: the account of the driver (advance, balance) or of the referrer (reward), with its last change when the list row has it. */
type Cuenta = CuentaDestino & { cuentaCambiada?: CuentaCambiada | null; telefonoConductor?: string };
const pagarA = (c: Cuenta | null | undefined): string => (c?.cuenta ? `Pagar a ${textoCuenta(c)}` : 'Sin datos bancarios registrados');
/** Said above a payout form when the account changed lately: the account before, and whom to confirm it with. */
const avisoCuenta = (c: Cuenta | null | undefined, telefono: string | undefined): string | undefined => {
  const cambio = c?.cuentaCambiada;
  if (!cambio || !cuentaCambiadaHace(cambio, new Date())) return undefined;
  return PAGO_MSG.cuentaReciente(formatDateTime(cambio.en), cambio.por, cambio.anterior ? textoCuenta(cambio.anterior) : null, telefono || null);
};

/**
 * A service's detail from any list (spec 01 section 2: "each list opens a detail modal from a row
 * action"): the trip, the client's payment, the driver's advance and balance, the platform's part and
 * the ledger. Marketplace staff confirm or reject a transfer, or register a payout, from here; the
 * company ends a started trip, or goes to complete a reservation.
 */
export function DetallePagoModal({ id, accion, cuenta, onClose }: { id: string | null; accion: AccionDetalle; cuenta?: Cuenta | null; onClose: () => void }) {
  const detalle = usePagoDetalle(id);
  const plataforma = useEsPlataforma();
  const d = detalle.data;
  // The company ends its started trip from here too (Servicios en Curso), not only from Reservaciones.
  const puedeFinalizar = !plataforma && !!d && finalizable(d.servicio, new Date());
  // A reservation still without its vehicle or FUEC is completed in Reservaciones (assign, then upload).
  const porCompletar = !plataforma && d?.servicio.estado === 'reservado';
  const navigate = useNavigate();
  // A reason or a payout's data typed is not lost to a stray Escape: it asks first.
  const descarte = useDescarte(onClose, 'Lo que escribiste en este detalle no se guardará.');
  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button onClick={descarte.pedirCierre}>Cerrar</Button>
        {puedeFinalizar && <FinalizarViaje id={d.servicio.id} onDone={onClose} />}
        {porCompletar && (
          <Button variant="primary" onClick={() => navigate(`/panel-control/reservaciones?servicio=${encodeURIComponent(d.servicio.id)}`)}>
            {d.servicio.placas === POR_ASIGNAR ? 'Asignar vehículo en Reservaciones' : 'Subir FUEC en Reservaciones'}
          </Button>
        )}
      </SpaceBetween>
    </Box>
  );
  return (
    <Modal visible={!!id} onDismiss={descarte.pedirCierre} size="large" header={<Header variant="h2">Detalle del servicio</Header>} footer={footer}>
      {descarte.pregunta}
      {detalle.isPending ? (
        <Spinner size="large" />
      ) : detalle.isError ? (
        <Alert type="error" action={<Reintentar consulta={detalle} />}>
          {errorMessage(detalle.error)}
        </Alert>
      ) : d ? (
        descarte.con(
          <SpaceBetween size="l">
            {/* What needs doing about it first (on a phone the data below is long). */}
            <CobrosPorReembolsar d={d} plataforma={plataforma} />
            <ReservaCancelada d={d} />
            {reservaVencida(d.servicio, new Date()) && <ReservaVencida d={d} plataforma={plataforma} onDone={onClose} />}
            {/* Opened to register a payout: its form first, whom to pay in its description (on a phone the service's data below is 1,000 px and more). */}
            {(accion === 'anticipo' || accion === 'saldo') && !d[accion].pagado && d[accion].debido && <RegistrarPago tipo={accion} id={d.servicio.id} monto={d[accion].monto} cuenta={cuenta} onDone={onClose} />}
            <Resumen d={d} />
            <Movimientos items={d.movimientos} />
            {accion === 'transferencia' && d.servicio.estado === 'validar' && <DecisionTransferencia d={d} onDone={onClose} />}
            {accion === 'epayco' && d.servicio.estado === 'validar' && d.servicio.metodoPago === 'epayco' && <ConsultaEpayco id={d.servicio.id} onDone={onClose} />}
            {plataforma && esperaOtroCobro(d.servicio) && (
              <ExpandableSection
                headerText="Consultar otro cobro en ePayco"
                variant="container"
                headerDescription={d.servicio.metodoPago === 'transferencia' ? 'Si el cliente dice que, además de su transferencia, ePayco le cobró esta reserva.' : 'Si el cliente dice que ePayco le cobró esta reserva otra vez.'}
              >
                <ConsultaEpayco id={d.servicio.id} cobroDeMas />
              </ExpandableSection>
            )}
            <ServiceTimeline id={d.servicio.id} />
          </SpaceBetween>,
        )
      ) : null}
    </Modal>
  );
}

const estadoPago = (p: { debido: boolean; pagado: boolean }) =>
  p.pagado ? <StatusText type="success">Pagado</StatusText> : p.debido ? <StatusText type="warning">Por pagar</StatusText> : <StatusText type="stopped">Aún no se debe</StatusText>;

function Resumen({ d }: { d: PagoDetalle }) {
  const s = d.servicio;
  return (
    <SpaceBetween size="m">
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        <Foto src={s.imagenCliente} alt={`Imagen de ${s.cliente}`} />
        <Box variant="h3" tagOverride="p">
          {s.cliente}
        </Box>
        <EstadoServicio estado={s.estado} enCurso={s.recorridoIniciado} />
        {reservaVencida(s, new Date()) && <MarcaVencida />}
      </SpaceBetween>
      <Pares
        columns={3}
        items={[
          { label: 'Servicio', value: s.id },
          { label: 'Origen', value: s.origen },
          { label: 'Destino', value: s.destino },
          { label: 'Salida', value: formatDateTime(s.fechaSalida) },
          { label: 'Regreso', value: s.fechaRegreso ? formatDateTime(s.fechaRegreso) : 'Sin regreso' },
          { label: 'Vehículo', value: `${s.tipo} · ${s.clase} · ${s.pasajeros} pasajeros` },
          { label: 'Empresa', value: s.nombreEmpresaAliada || '—' },
          { label: 'Placas y conductor', value: s.placas === 'por Asignar' ? 'Sin asignar' : `${s.placas} · ${s.conductor}` },
          { label: 'Valor de la oferta', value: s.valorOferta === null ? '—' : formatCOP(s.valorOferta) },
          { label: 'Método de pago', value: s.metodoPago ? METODO_TEXTO[s.metodoPago] : '—' },
          {
            label: 'Pago del cliente',
            value: d.cancelacion && !d.pagoValidadoEn ? (
              <StatusText type="stopped">Sin validar</StatusText>
            ) : s.estado !== 'validar' ? (
              <StatusText type="success">{d.pagoValidadoEn ? `Validado el ${formatDateTime(d.pagoValidadoEn)}` : 'Validado'}</StatusText>
            ) : d.pagoRechazado ? (
              <StatusText type="error">{`Rechazado: ${d.pagoRechazado.motivo}`}</StatusText>
            ) : esperaLargaEpayco({ metodoPago: s.metodoPago ?? '', aceptadoEn: d.aceptadoEn }, new Date()) ? (
              <StatusText type="warning">{`${EPAYCO_MSG.sinConfirmacion} desde el ${formatDateTime(d.aceptadoEn!)}`}</StatusText>
            ) : (
              <StatusText type="info">{d.aceptadoEn ? `En validación desde el ${formatDateTime(d.aceptadoEn)}` : 'En validación'}</StatusText>
            ),
          },
          ...(d.comprobanteUrl
            ? [{ label: 'Comprobante del cliente', value: <Link href={d.comprobanteUrl} external externalIconAriaLabel="(abre en una pestaña nueva)">Ver comprobante</Link> }]
            : []),
          // A cancelled reservation owes no payouts and earns no commission.
          ...(d.cancelacion
            ? []
            : [
                { label: `Anticipo (${formatCOP(d.anticipo.monto)})`, value: estadoPago(d.anticipo) },
                { label: `Saldo (${formatCOP(d.saldo.monto)})`, value: estadoPago(d.saldo) },
                { label: 'Comisión de la plataforma', value: formatCOP(d.comisionPlataforma) },
              ]),
        ]}
      />
    </SpaceBetween>
  );
}

/** Five columns, each a pair of lines where two facts go together: seven did not fit the dialog's width. */
const CAMPOS_MOVIMIENTO: { id: string; header: string; cell: (m: Movimiento) => ReactNode }[] = [
  { id: 'tipo', header: 'Pago', cell: (m) => MOVIMIENTO_TEXTO[m.tipo] },
  { id: 'monto', header: 'Valor', cell: (m) => <span className="nowrap">{formatCOP(m.monto)}</span> },
  {
    id: 'fecha',
    header: 'Fecha',
    cell: (m) => (
      <SpaceBetween size="xxxs">
        <span className="nowrap">{formatCalendarDate(m.fecha)}</span>
        <Box variant="small">
          Registrado por <Correo valor={m.registradoPor} />
        </Box>
      </SpaceBetween>
    ),
  },
  {
    id: 'referencia',
    header: 'Referencia',
    cell: (m) => (
      <SpaceBetween size="xxxs">
        <span>{m.referencia}</span>
        {m.comprobanteUrl && (
          <Link href={m.comprobanteUrl} external externalIconAriaLabel="(abre en una pestaña nueva)" variant="secondary">
            Ver comprobante
          </Link>
        )}
      </SpaceBetween>
    ),
  },
  // The account as it was when the payout was registered (a later edit of the vehicle does not change it).
  {
    id: 'cuenta',
    header: 'Pagado a',
    cell: (m) =>
      m.cuentaDestino ? (
        <SpaceBetween size="xxxs">
          <span>{m.cuentaDestino.titular}</span>
          <Box variant="small">{`${m.cuentaDestino.banco}, cuenta ${m.cuentaDestino.tipocuenta} ${m.cuentaDestino.cuenta}`}</Box>
        </SpaceBetween>
      ) : (
        '—'
      ),
  },
];

/** The ledger: a table, or on a phone one card per payment (five columns do not fit its width). */
function Movimientos({ items }: { items: Movimiento[] }) {
  const telefono = useEsTelefono();
  const header = <Header variant="h3">Pagos registrados</Header>;
  const empty = <Box textAlign="center">Aún no hay pagos registrados</Box>;
  if (telefono)
    return (
      <Cards
        // No frame of its own around the collection (as the table's `embedded`): the modal is the frame.
        variant="full-page"
        header={header}
        items={items}
        trackBy="id"
        empty={empty}
        cardsPerRow={[{ cards: 1 }]}
        cardDefinition={{
          header: (m) => `${MOVIMIENTO_TEXTO[m.tipo]}: ${formatCOP(m.monto)}`,
          sections: CAMPOS_MOVIMIENTO.slice(2).map((c) => ({ id: c.id, header: c.header, content: c.cell })),
        }}
      />
    );
  return <Table variant="embedded" header={header} items={items} trackBy="id" wrapLines empty={empty} columnDefinitions={CAMPOS_MOVIMIENTO} />;
}

function DecisionTransferencia({ d, onDone }: { d: PagoDetalle; onDone: () => void }) {
  const decidir = useDecidirPago();
  const [rechazando, setRechazando] = useState(false);
  // Confirming hands the reservation to the company and cannot be undone: a second click confirms.
  const [confirmando, setConfirmando] = useState(false);
  // 'Cancelar' in the question gives the focus back to the button that asked it (not the dialog's X).
  const confirmarRef = useRef<ButtonProps.Ref>(null);
  const cancelarConfirmacion = () => {
    setConfirmando(false);
    requestAnimationFrame(() => confirmarRef.current?.focus());
  };
  const [motivo, setMotivo] = useState('');
  useBorrador(rechazando && motivo.trim() !== '');
  const [error, setError] = useState<string | null>(null);
  // mutateAsync, not mutate's callbacks: the refreshed detail (no longer in validation) unmounts this part first.
  const enviar = async (body: Parameters<typeof decidir.mutate>[0]['body']) => {
    try {
      await decidir.mutateAsync({ id: d.servicio.id, body });
      toast.success(body.decision === 'confirmar' ? PAGO_MSG.pagoConfirmado : PAGO_MSG.pagoRechazado);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  if (!d.comprobanteUrl) return <Alert type="info">{d.pagoRechazado ? PAGO_MSG.nuevoComprobante(d.pagoRechazado.motivo) : PAGO_MSG.sinComprobante}</Alert>;
  return (
    <SpaceBetween size="s">
      {error && error !== PAGO_MSG.motivoRequerido && <Alert type="error">{error}</Alert>}
      {rechazando ? (
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setRechazando(false)}>Cancelar</Button>
              <Button variant="primary" loading={decidir.isPending} onClick={() => (motivo.trim() ? void enviar({ decision: 'rechazar', motivo: unaLinea(motivo) }) : setError(PAGO_MSG.motivoRequerido))}>
                Rechazar pago
              </Button>
            </SpaceBetween>
          }
        >
          <FormField label="Motivo del rechazo" description="El cliente lo verá y enviará un nuevo comprobante." errorText={error === PAGO_MSG.motivoRequerido ? error : undefined}>
            <Textarea value={motivo} onChange={({ detail }) => setMotivo(detail.value)} autoFocus rows={3} />
          </FormField>
        </Form>
      ) : (
        !confirmando && (
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => setRechazando(true)}>Rechazar</Button>
            <Button ref={confirmarRef} variant="primary" onClick={() => setConfirmando(true)}>
              Confirmar pago
            </Button>
          </SpaceBetween>
        )
      )}
      {/* Read out as it appears: the button that asked for it is gone, the focus on 'Cancelar'. Always
          there: a live region must exist before its text. */}
      <div aria-live="polite">
        {!rechazando && confirmando && (
          <Alert
            type="warning"
            header={`¿Confirmas el pago de ${d.servicio.valorOferta === null ? 'la reserva' : formatCOP(d.servicio.valorOferta)} de ${d.servicio.cliente}?`}
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={cancelarConfirmacion}>Cancelar</Button>
                <Button variant="primary" loading={decidir.isPending} onClick={() => void enviar({ decision: 'confirmar' })}>
                  Sí, confirmar pago
                </Button>
              </SpaceBetween>
            }
          >
            {`Revisa que la transferencia esté en la cuenta. La reserva pasa a ${d.servicio.nombreEmpresaAliada || 'la empresa'}, que asigna el vehículo y sube el FUEC.`}
          </Alert>
        )}
      </div>
    </SpaceBetween>
  );
}

/**
 * A reservation that takes no more payment (paid, cancelled, or paid by transfer) may still have been
 * charged by ePayco, and its confirmation lost: staff ask ePayco about it, and an approved charge is
 * recorded for its refund (it then shows at the top of this detail).
 */
const esperaOtroCobro = (s: PagoDetalle['servicio']) => s.estado !== 'pendiente' && !(s.estado === 'validar' && s.metodoPago === 'epayco');

/**
 * An ePayco payment whose signed confirmation never reached us: staff ask ePayco for its own record of
 * the transaction by the reference the client or ePayco's panel gives (the API applies it only if
 * ePayco signed it for this reservation). `cobroDeMas`: a charge on a reservation that takes no more
 * payment, recorded for its refund; the detail stays open to show it.
 */
function ConsultaEpayco({ id, onDone, cobroDeMas = false }: { id: string; onDone?: () => void; cobroDeMas?: boolean }) {
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

/** The calendar's day as the user picked it ('YYYY-MM-DD'), whatever the browser's time zone. */
const diaDelCalendario = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The payout form: the day it was paid, the bank's reference, the receipt if there is one. */
export function FormularioPago({
  titulo,
  descripcion,
  conValor,
  ayudaValor,
  aviso,
  enviando,
  onEnviar,
  onCancelar,
  reembolso,
  enfocar,
  desde,
}: {
  titulo: string;
  descripcion?: string;
  conValor?: boolean;
  /** Under the value: what was paid last time (the spec sets no amount). */
  ayudaValor?: string;
  /** A warning above the fields (a recently changed account). */
  aviso?: string;
  enviando: boolean;
  onEnviar: (datos: { fecha: string; referencia: string; valor?: number; comprobante?: string }) => Promise<void>;
  onCancelar?: () => void;
  /** A refund to the client (the same fields, named for what they are). */
  reembolso?: boolean;
  /** The form is the whole dialog: the reference (the day is today's) takes the focus, not the dialog's X. */
  enfocar?: boolean;
  /** The first day that may be chosen ('YYYY-MM-DD'; a refund's, the day it was charged). */
  desde?: string;
}) {
  const referenciaRef = useRef<InputProps.Ref>(null);
  useEnfocarAlAbrir(referenciaRef, !!enfocar);
  // The account is not typed: it is the one shown, sent by the caller.
  const schema = conValor ? recompensaBodySchema.omit({ cuentaVista: true }) : reembolso ? reembolsoBodySchema : pagoConductorBodySchema.omit({ tipo: true, cuentaVista: true });
  // Checked with the API's schema; after the first try each edit checks again (a corrected date clears its message).
  const form = useZodForm(schema, { fecha: hoyEnBogota(), referencia: '', valor: '' }, (v) => ({
    fecha: v.fecha,
    referencia: v.referencia,
    ...(conValor ? { valor: v.valor.trim() === '' ? undefined : Number(v.valor) } : {}),
  }));
  const { fecha, referencia, valor } = form.values;
  const [archivos, setArchivos] = useState<File[]>([]);
  useBorrador(referencia.trim() !== '' || !!valor || archivos.length > 0 || fecha !== hoyEnBogota());
  const [errorComprobante, setErrorComprobante] = useState<string>();
  const [subiendo, setSubiendo] = useState(false);

  // A double click sends once: the second waits for nothing (the button shows 'loading' a render later).
  const enCurso = useRef(false);
  const enviar = async () => {
    if (enCurso.current) return;
    enCurso.current = true;
    try {
      await intentar();
    } finally {
      enCurso.current = false;
    }
  };
  const intentar = async () => {
    const datos = form.check();
    // A refund dated before its charge: said on the day's field, as the API would refuse it.
    if (datos && desde && datos.fecha < desde) return form.addErrors({ fecha: EPAYCO_MSG.reembolsoAntesDelCobro(desde) });
    const archivo = archivos[0];
    const problema = archivo ? await checkFile('comprobantePago', archivo) : null;
    setErrorComprobante(problema ?? undefined);
    if (!datos || problema) return;
    let comprobante: string | undefined;
    try {
      setSubiendo(true);
      if (archivo) comprobante = await uploadFile('comprobantePago', archivo, () => undefined);
    } catch (err) {
      setErrorComprobante(uploadErrorMessage(err));
      return;
    } finally {
      setSubiendo(false);
    }
    await onEnviar({ fecha, referencia: referencia.trim(), ...(conValor ? { valor: Number(valor) } : {}), ...(comprobante ? { comprobante } : {}) });
  };

  return (
    // A real form: Enter in a field registers, and a refused try takes the person to the first field in error.
    <form ref={form.ref} noValidate onSubmit={(e) => (e.preventDefault(), void enviar())}>
      <Form
        header={
          <Header variant="h3" description={descripcion}>
            {titulo}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {onCancelar && (
              <Button formAction="none" onClick={onCancelar}>
                Cancelar
              </Button>
            )}
            <Button variant="primary" loading={enviando || subiendo}>
              {reembolso ? 'Registrar reembolso' : 'Registrar pago'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="s">
          {aviso && <Alert type="warning">{aviso}</Alert>}
          <FormField label={reembolso ? 'Fecha del reembolso' : 'Fecha del pago'} errorText={form.errors.fecha}>
            <DatePicker value={fecha} onChange={({ detail }) => form.setField('fecha', detail.value)} placeholder="AAAA/MM/DD" isDateEnabled={(d) => diaDelCalendario(d) <= hoyEnBogota() && (!desde || diaDelCalendario(d) >= desde)} openCalendarAriaLabel={() => 'Elegir fecha'} />
          </FormField>
          <FormField
            label={reembolso ? 'Referencia del reembolso' : 'Referencia del pago'}
            description={reembolso ? 'La de la devolución en el panel de ePayco, o el número de la transferencia.' : 'El número de la transferencia o consignación.'}
            errorText={form.errors.referencia}
          >
            <Input ref={referenciaRef} value={referencia} onChange={({ detail }) => form.setField('referencia', detail.value)} />
          </FormField>
          {conValor && (
            <FormField label="Valor pagado (COP)" description={ayudaValor} errorText={form.errors.valor} constraintText={valor ? formatCOP(Number(valor)) : undefined}>
              <Input value={valor} inputMode="numeric" onChange={({ detail }) => form.setField('valor', detail.value.replace(/\D/g, ''))} />
            </FormField>
          )}
          <FormField label="Comprobante (opcional)" description="PDF, JPG o PNG de máximo 2MB." errorText={errorComprobante}>
            <FileUpload
              value={archivos}
              onChange={({ detail }) => (setArchivos(detail.value.slice(-1)), setErrorComprobante(undefined))}
              accept="application/pdf,image/jpeg,image/png"
              i18nStrings={{
                uploadButtonText: () => 'Elegir archivo',
                dropzoneText: () => 'Suelta el comprobante aquí',
                removeFileAriaLabel: () => 'Quitar archivo',
                limitShowFewer: 'Ver menos',
                limitShowMore: 'Ver más',
                errorIconAriaLabel: 'Error',
              }}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/**
 * Answers after which a payout form has nothing left to send: it closes, and the refreshed list shows
 * the new account before anything is paid, or the row gone because a colleague registered it (the form
 * stayed open, ready to send again).
 */
const YA_NO_SE_PAGA: readonly string[] = [PAGO_MSG.cuentaCambio, PAGO_MSG.anticipoYaPagado, PAGO_MSG.saldoYaPagado, PAGO_MSG.recompensaYaPagada, PAGO_MSG.recompensaNoDebida];
const cierraElPago = (err: unknown) => YA_NO_SE_PAGA.includes(errorMessage(err));

function RegistrarPago({ tipo, id, monto, cuenta, onDone }: { tipo: 'anticipo' | 'saldo'; id: string; monto: number; cuenta?: Cuenta | null; onDone: () => void }) {
  const pagar = usePagarConductor();
  return (
    <FormularioPago
      titulo={`Registrar ${tipo === 'anticipo' ? 'anticipo' : 'saldo'} de ${formatCOP(monto)}`}
      // The account is in the list's row; on a phone that column is hidden, so the form says it too.
      descripcion={cuenta === undefined ? undefined : pagarA(cuenta)}
      aviso={avisoCuenta(cuenta, cuenta?.telefonoConductor)}
      enviando={pagar.isPending}
      onEnviar={async (datos) => {
        try {
          // The account shown goes along: the API refuses the payout if it changed meanwhile.
          await pagar.mutateAsync({ id, body: { tipo, fecha: datos.fecha, referencia: datos.referencia, comprobante: datos.comprobante, cuentaVista: cuentaDe(cuenta) } });
          toast.success(PAGO_MSG.pagoRegistrado(`${tipo === 'anticipo' ? 'Anticipo' : 'Saldo'} de ${formatCOP(monto)} registrado`, cuenta?.cuenta ? textoCuenta(cuenta) : null));
          onDone();
        } catch (err) {
          toast.error(errorMessage(err));
          if (cierraElPago(err)) onDone();
        }
      }}
    />
  );
}

/** The referral reward's payout, from the rewards list. */
export function PagoRecompensaModal({ vehiculo, onClose }: { vehiculo: RecompensaFila | null; onClose: () => void }) {
  const pagar = usePagarRecompensa();
  const ultima = useUltimaRecompensa(!!vehiculo).data;
  const r = vehiculo?.referente;
  const referente = r ? `referido por ${r.nombre} (${r.placas})` : `referido por ${vehiculo?.referidoPor ?? ''}`;
  const descarte = useDescarte(onClose, 'Los datos del pago que escribiste no se guardarán.');
  return (
    <Modal visible={!!vehiculo} onDismiss={descarte.pedirCierre} header={<Header variant="h2" description={vehiculo ? `${vehiculo.placas} · ${vehiculo.nombre} · ${referente}` : undefined}>Pagar recompensa por referido</Header>}>
      {descarte.pregunta}
      {vehiculo &&
        descarte.con(
          <FormularioPago
            titulo={r ? pagarA(r) : 'Datos del pago al referente'}
            conValor
            enfocar
            aviso={avisoCuenta(r, r?.telefono)}
            ayudaValor={ultima ? `La última recompensa registrada fue de ${formatCOP(ultima.pago.monto)} (${formatCalendarDate(ultima.pago.fecha)}, ${ultima.placas}).` : undefined}
            onCancelar={descarte.pedirCierre}
            enviando={pagar.isPending}
            onEnviar={async (datos) => {
              try {
                await pagar.mutateAsync({ id: vehiculo.id, body: { fecha: datos.fecha, referencia: datos.referencia, valor: datos.valor!, comprobante: datos.comprobante, cuentaVista: cuentaDe(r) } });
                toast.success(PAGO_MSG.pagoRegistrado(`Recompensa de ${formatCOP(datos.valor!)} registrada`, r?.cuenta ? textoCuenta(r) : null));
                onClose();
              } catch (err) {
                toast.error(errorMessage(err));
                if (cierraElPago(err)) onClose();
              }
            }}
          />,
        )}
    </Modal>
  );
}
