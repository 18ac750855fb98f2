import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { type ReactNode } from 'react';
import { useDescarte } from '../../../components/descarte.js';
import { useNavigate } from 'react-router-dom';
import { POR_ASIGNAR } from '@shared/schemas/service.js';
import { esperaLargaEpayco, type Movimiento, type PagoDetalle } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG } from '@shared/schemas/messages-pagos.js';
import { Correo } from '../../../components/correo.js';
import { ServiceTimeline } from '../../../components/service-timeline.js';
import { StatusText } from '../../../components/status-text.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCOP, formatCalendarDate, formatDateTime } from '../../../lib/format.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { usePagoDetalle } from '../api/pagos.js';
import { finalizable, reservaVencida } from '@shared/domain/recorrido.js';
import { FinalizarViaje } from '../../../components/finalizar-viaje.js';
import { EstadoServicio, Foto, MarcaVencida, METODO_TEXTO, useEsPlataforma } from './comunes.js';
import { CobrosPorReembolsar, ReservaCancelada, ReservaVencida } from './cancelar-reserva.js';
import { Pares } from '../../../components/pares.js';
import { Reintentar } from '../../../components/reintentar.js';
import { BotonesTransferencia, ConsultaEpayco, decidible, DecisionTransferencia, esperaOtroCobro, useDecisionTransferencia } from './decision-transferencia.js';
import { VistaArchivos } from '../../../components/vista-archivos.js';
import { RegistrarPago, type Cuenta } from './formulario-pago.js';
import { textoCuentaBancaria, textoTipoVehiculo } from '@shared/domain/etiquetas.js';
import { textoRegistradoPor } from '@shared/schemas/historial.js';

const MOVIMIENTO_TEXTO: Record<Movimiento['tipo'], string> = { 'pago-cliente': 'Pago del cliente', anticipo: 'Anticipo al conductor', saldo: 'Saldo al conductor', recompensa: 'Recompensa por referido' };

/** What the modal lets marketplace staff do: check a transfer, pay an advance or a balance; or only look. */
export type AccionDetalle = 'transferencia' | 'epayco' | 'anticipo' | 'saldo' | null;

/**
 * A service's detail from any list (docs/spec/01.md section 2: "each list opens a detail modal from a row
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
  const transferencia = accion === 'transferencia' && d?.servicio.estado === 'validar';
  const decision = useDecisionTransferencia(transferencia ? d : undefined, onClose);
  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button onClick={descarte.pedirCierre}>Cerrar</Button>
        {/* Confirm and reject in the footer, the primary one on the right (issue 47): always in sight, below the receipt. */}
        {/* Kept while a decision is asked or sent: the answer's refresh makes it undecidable before the
            dialog closes, and the button with the focus must not leave first (the focus fell to <body>). */}
        {transferencia && (decidible(d) || decision.confirmando || decision.rechazando) && <BotonesTransferencia e={decision} />}
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
            {/* Right under the receipt it decides on: the question and the reason the footer's buttons ask for. */}
            {transferencia && <DecisionTransferencia e={decision} />}
            <Movimientos items={d.movimientos} />
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
          { label: 'Vehículo', value: `${textoTipoVehiculo(s.tipo)} · ${s.clase} · ${s.pasajeros} pasajeros` },
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
      {/* The client's receipt is what staff check: shown here, not behind a link to another tab (issue 47). */}
      {d.comprobanteUrl && (
        <SpaceBetween size="xs">
          <Box variant="h3">Comprobante del cliente</Box>
          <VistaArchivos archivos={[{ nombre: `Comprobante de ${s.cliente}`, url: d.comprobanteUrl }]} etiqueta="Comprobante del cliente" />
        </SpaceBetween>
      )}
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
          Registrado por <Correo valor={textoRegistradoPor(m.registradoPor)} />
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
          <Box variant="small">{textoCuentaBancaria(m.cuentaDestino)}</Box>
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
