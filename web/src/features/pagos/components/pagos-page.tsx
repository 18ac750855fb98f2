import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState, type ReactNode } from 'react';
import { LISTAS_PAGOS } from '@shared/domain/listas.js';
import { cuentaCambiadaHace, esperaLargaEpayco, textoCuenta, type PagoConductorFila, type PagoPorValidarFila, type RecompensaFila, type RecompensaPagadaFila } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG, PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { formatCalendarDate, formatCOP, formatDate, formatDateTime, idCorto } from '../../../lib/format.js';
import { Correo } from '../../../components/correo.js';
import { StatusText } from '../../../components/status-text.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { ListaPaginada, type Columna, type ColumnaCsv } from '../../../components/lista-paginada.js';
import { ANCHO } from '../../../lib/anchos.js';
import { Fecha } from '../../../components/fecha.js';
import { FUENTES, useResumenPagos } from '../api/pagos.js';
import { DetallePagoModal } from './detalle-pago-modal.js';
import { PagoRecompensaModal } from './formulario-pago.js';
import { usePestanasDeRuta } from '../../../lib/pestanas.js';
import { ConFoto, EstadoServicio, FiltroEmpresa, Foto, METODO_TEXTO, MarcaVencida, Pesos, Ruta, Salida, useEsPlataforma } from './comunes.js';
import { reservaVencida } from '@shared/domain/recorrido.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { CobrosPorReembolsarLista } from './reembolsos.js';
import { useSearchParams } from 'react-router-dom';
import { fechaHoraEnBogota } from '@shared/domain/vencimientos.js';

const lista = (id: (typeof LISTAS_PAGOS)[number]['id']) => LISTAS_PAGOS.find((l) => l.id === id)!;

/** A tab's label and count, on one line (on a phone the tabs scroll sideways; the count fell under the label). */
const titulo = (t: string, n: number | undefined) => (
  <span className="sin-corte">
    {t} {n ? <Badge color="blue">{n}</Badge> : null}
  </span>
);

// --- Pending payouts: anticipos and saldos -------------------------------------------------

const CSV_PAGO: ColumnaCsv<PagoConductorFila>[] = [
  { titulo: 'Servicio', valor: (f) => f.id },
  { titulo: 'Salida', valor: (f) => fechaHoraEnBogota(f.fechaSalida) },
  { titulo: 'Conductor', valor: (f) => f.conductor },
  { titulo: 'Cédula', valor: (f) => f.cedulaConductor },
  { titulo: 'Placas', valor: (f) => f.placas },
  { titulo: 'Empresa', valor: (f) => f.nombreEmpresaAliada },
  { titulo: 'Valor de la oferta', valor: (f) => f.valorOferta },
  { titulo: 'Valor a pagar', valor: (f) => f.monto },
  { titulo: 'Banco', valor: (f) => f.banco },
  { titulo: 'Tipo de cuenta', valor: (f) => f.tipocuenta },
  { titulo: 'Cuenta', valor: (f) => f.cuenta },
  { titulo: 'Titular', valor: (f) => f.titular },
  // The warning the list shows beside a recently changed account, for whoever pays from the file.
  { titulo: 'Cuenta cambiada el', valor: (f) => (f.cuentaCambiada && cuentaCambiadaHace(f.cuentaCambiada, new Date()) ? fechaHoraEnBogota(f.cuentaCambiada.en) : '') },
];

/** Under an account changed in the last days (the payout forms say more); on a phone too, under the driver, where it has room for its date. */
/** A payout's amount, and under it the offer's value it is a share of. */
const Importe = ({ f }: { f: PagoConductorFila }) => (
  <SpaceBetween size="xxxs">
    <Box fontWeight="bold">
      <Pesos valor={f.monto} />
    </Box>
    <Box variant="small">
      <span className="nowrap">de {formatCOP(f.valorOferta)}</span>
    </Box>
  </SpaceBetween>
);

const CuentaCambiada = ({ c }: { c: PagoConductorFila['cuentaCambiada'] }) =>
  c && cuentaCambiadaHace(c, new Date()) ? <StatusText type="warning">{`Cuenta cambiada el ${formatDate(c.en)}`}</StatusText> : null;

function ListaPagosConductor({ tipo, contador }: { tipo: 'anticipo' | 'saldo'; contador?: number }) {
  const plataforma = useEsPlataforma();
  const telefono = useEsTelefono();
  const [empresa, setEmpresa] = useState<string | null>(null);
  const [detalle, setDetalle] = useState<PagoConductorFila | null>(null);
  const def = lista(tipo);
  const columnas: Columna<PagoConductorFila>[] = [
    {
      id: 'conductor',
      header: 'Conductor',
      isRowHeader: true,
      minWidth: ANCHO.nombre,
      peso: 1.5,
      cell: (f) => (
        <ConFoto foto={<Foto src={f.imagenConductor} alt={`Foto del vehículo de ${f.conductor}`} />}>
          <SpaceBetween size="xxxs">
            <Box fontWeight="bold">{f.conductor}</Box>
            <Box variant="small">{f.placas}</Box>
            {/* A phone shows two columns: the amount and the account's warning come under the driver. */}
            {telefono && (
              <>
                <Importe f={f} />
                <CuentaCambiada c={f.cuentaCambiada} />
              </>
            )}
          </SpaceBetween>
        </ConFoto>
      ),
    },
    { id: 'servicio', header: 'Servicio', peso: 2, minWidth: ANCHO.ruta, cell: (f) => <Ruta origen={f.origen} destino={f.destino} /> },
    { id: 'salida', header: 'Salida', minWidth: ANCHO.fecha, cell: (f) => <Fecha valor={f.fechaSalida} /> },
    ...(plataforma ? [{ id: 'empresa', header: 'Empresa', minWidth: ANCHO.nombre, cell: (f: PagoConductorFila) => f.nombreEmpresaAliada || f.empresaAliada }] : []),
    {
      id: 'monto',
      header: tipo === 'anticipo' ? 'Anticipo' : 'Saldo',
      minWidth: ANCHO.importeConBase,
      // The offer's value under the amount, not in a column of its own: with nine columns at 1280 px the
      // staff's 'Registrar pago' had no room for one line.
      cell: (f) => <Importe f={f} />,
    },
    {
      id: 'cuenta',
      header: 'Cuenta del conductor',
      minWidth: ANCHO.nombre,
      peso: 1.5,
      cell: (f) =>
        f.cuenta ? (
          <SpaceBetween size="xxxs">
            <span>{`${f.banco} · ${f.tipocuenta}`}</span>
            <Box variant="small">{`${f.cuenta} · ${f.titular}`}</Box>
            <CuentaCambiada c={f.cuentaCambiada} />
          </SpaceBetween>
        ) : (
          'Sin datos bancarios'
        ),
    },
    { id: 'estado', header: 'Viaje', cell: (f) => <EstadoServicio estado={f.estado} enCurso={f.recorridoIniciado} /> },
    {
      id: 'acciones',
      header: 'Acciones',
      minWidth: plataforma ? ANCHO.accionLarga : ANCHO.otro,
      cell: (f) => (
        <Button variant="inline-link" ariaLabel={`${plataforma ? 'Registrar pago' : 'Ver detalle'} de ${f.conductor}, sale ${formatDateTime(f.fechaSalida)}`} onClick={() => setDetalle(f)}>
          <span className="sin-corte">{plataforma ? 'Registrar pago' : 'Ver detalle'}</span>
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListaPaginada
        variant="borderless"
        titulo={tipo === 'anticipo' ? 'Anticipos por pagar' : 'Saldos por pagar'}
        contador={contador}
        descripcion={tipo === 'anticipo' ? 'El anticipo (45% del valor) se paga al conductor cuando el FUEC está cargado.' : 'El saldo (45% del valor) se paga cuando el viaje termina, después del anticipo.'}
        fuente={FUENTES.pagosConductor(tipo, plataforma ? empresa : null)}
        columnas={columnas}
        vacio={def.vacio}
        sinCoincidencias="Ningún pago coincide con la búsqueda"
        buscarPor="Buscar por conductor, placas, cliente o ruta"
        csv={{ nombre: tipo === 'anticipo' ? 'anticipos' : 'saldos', columnas: CSV_PAGO }}
        enTelefono={['conductor', 'acciones']}
        acciones={plataforma ? <FiltroEmpresa valor={empresa} onChange={setEmpresa} /> : undefined}
      />
      <DetallePagoModal id={detalle?.id ?? null} accion={plataforma ? tipo : null} cuenta={detalle} onClose={() => setDetalle(null)} />
    </>
  );
}

/**
 * `pagos` (Pagos Pendientes) and its tab routes `anticipos`, `saldos` (docs/spec/01.md section 2): advances
 * first, then balances. Marketplace staff see every company's and register each payout; a company
 * sees its own, read-only.
 */
export function PagosPage({ title, inicial = 'anticipo' }: { title: string; inicial?: 'anticipo' | 'saldo' }) {
  // Staff's tabs are their own addresses (`anticipos`, `saldos`: the title and a reload follow the tab);
  // a company has only `pagos`, whose tabs switch in place.
  const [enSitio, setEnSitio] = useState(inicial);
  const resumen = useResumenPagos().data;
  const plataforma = useEsPlataforma();
  const irA = usePestanasDeRuta();
  const activa = plataforma ? inicial : enSitio;
  const setActiva = (id: 'anticipo' | 'saldo') => (plataforma ? id !== inicial && irA(`/panel-control/${id === 'anticipo' ? 'anticipos' : 'saldos'}`) : setEnSitio(id));
  return (
    <ContentLayout
      header={<Header variant="h1" description={plataforma ? 'Pagos a conductores por registrar. Se actualizan solos.' : 'Lo que la plataforma debe pagar a los conductores de tu empresa. Se actualiza solo.'}>{title}</Header>}
    >
      <Container>
        <Tabs
          activeTabId={activa}
          onChange={({ detail }) => setActiva(detail.activeTabId as 'anticipo' | 'saldo')}
          ariaLabel="Pagos pendientes"
          tabs={(['anticipo', 'saldo'] as const).map((id) => ({
            id,
            label: titulo(lista(id).titulo, id === 'anticipo' ? resumen?.anticipos : resumen?.saldos),
            content: id === activa ? <ListaPagosConductor tipo={id} contador={id === 'anticipo' ? resumen?.anticipos : resumen?.saldos} /> : null,
          }))}
        />
      </Container>
    </ContentLayout>
  );
}

export const paginaDePagos = (inicial: 'anticipo' | 'saldo') =>
  function PestanaDePagos({ title }: { title: string }) {
    return <PagosPage title={title} inicial={inicial} />;
  };

// --- Payments to validate: ePayco and transfers ------------------------------------------------

const COMPROBANTE = {
  recibido: <Badge color="blue">Comprobante recibido</Badge>,
  pendiente: <Badge color="grey">Sin comprobante</Badge>,
  rechazado: <Badge color="red">Comprobante rechazado</Badge>,
} as const;

/** A payment's amount; on a phone, which hides the 'Aceptada' and 'Salida' columns, with their marks (shorter). */
function ValorPorValidar({ f, telefono }: { f: PagoPorValidarFila; telefono: boolean }) {
  return (
    <SpaceBetween size="xxxs">
      <Box fontWeight="bold">
        <Pesos valor={f.valorOferta} />
      </Box>
      {telefono && esperaLargaEpayco(f, new Date()) && <StatusText type="warning">{EPAYCO_MSG.sinConfirmacionCorto}</StatusText>}
      {telefono && reservaVencida({ estado: 'validar', fechaSalida: f.fechaSalida }, new Date()) && <MarcaVencida />}
    </SpaceBetween>
  );
}

const CSV_VALIDAR: ColumnaCsv<PagoPorValidarFila>[] = [
  { titulo: 'Servicio', valor: (f) => f.id },
  { titulo: 'Cliente', valor: (f) => f.cliente },
  { titulo: 'Método de pago', valor: (f) => METODO_TEXTO[f.metodoPago] },
  { titulo: 'Valor', valor: (f) => f.valorOferta },
  { titulo: 'Clase', valor: (f) => f.clase },
  { titulo: 'Tipo', valor: (f) => f.tipo },
  { titulo: 'Origen', valor: (f) => f.origen },
  { titulo: 'Destino', valor: (f) => f.destino },
  { titulo: 'Salida', valor: (f) => fechaHoraEnBogota(f.fechaSalida) },
  { titulo: 'Empresa', valor: (f) => f.nombreEmpresaAliada },
  { titulo: 'Comprobante', valor: (f) => f.comprobante },
  { titulo: 'Aceptada', valor: (f) => (f.aceptadoEn ? fechaHoraEnBogota(f.aceptadoEn) : '') },
];

function ListaPorValidar({ metodo, contador }: { metodo: 'epayco' | 'transferencia'; contador?: number }) {
  const telefono = useEsTelefono();
  const [empresa, setEmpresa] = useState<string | null>(null);
  const [detalle, setDetalle] = useState<string | null>(null);
  const columnas: Columna<PagoPorValidarFila>[] = [
    {
      id: 'cliente',
      header: 'Cliente',
      minWidth: ANCHO.nombre,
      peso: 1.5,
      isRowHeader: true,
      cell: (f) => (
        // The picture left out on a phone: the room goes to the amount and its warning.
        <ConFoto foto={!telefono && <Foto src={f.imagenCliente} alt={`Imagen de ${f.cliente}`} />}>
          <SpaceBetween size="xxxs">
            <Box fontWeight="bold">{f.cliente}</Box>
            {/* On a phone the amount comes here: its column does not fit beside the action. */}
            {telefono ? (
              <ValorPorValidar f={f} telefono />
            ) : (
              <Box variant="small">
                <span title={f.id}>{idCorto(f.id)}</span>
              </Box>
            )}
          </SpaceBetween>
        </ConFoto>
      ),
    },
    { id: 'valor', header: 'Valor', cell: (f) => <ValorPorValidar f={f} telefono={telefono} /> },
    // What was asked for over its route: one column, so that nine fit 1280 px.
    {
      id: 'servicio',
      header: 'Servicio',
      peso: 2,
      minWidth: ANCHO.ruta,
      cell: (f) => (
        <SpaceBetween size="xxxs">
          <Box fontWeight="bold">{`${f.tipo} · ${f.clase}`}</Box>
          <Ruta origen={f.origen} destino={f.destino} />
        </SpaceBetween>
      ),
    },
    // Every row here waits for its payment: one whose departure passed is marked.
    { id: 'salida', header: 'Salida', minWidth: ANCHO.fecha, cell: (f) => <Salida f={{ estado: 'validar', fechaSalida: f.fechaSalida }} /> },
    { id: 'empresa', header: 'Empresa', minWidth: ANCHO.nombre, cell: (f) => f.nombreEmpresaAliada || f.empresaAliada },
    {
      id: 'aceptada',
      header: 'Aceptada',
      minWidth: ANCHO.fecha,
      cell: (f) =>
        f.aceptadoEn ? (
          <SpaceBetween size="xxxs">
            <Fecha valor={f.aceptadoEn} />
            {esperaLargaEpayco(f, new Date()) && <StatusText type="warning">{EPAYCO_MSG.sinConfirmacion}</StatusText>}
          </SpaceBetween>
        ) : (
          '—'
        ),
    },
    ...(metodo === 'transferencia' ? [{ id: 'comprobante', header: 'Comprobante', cell: (f: PagoPorValidarFila) => <span className="nowrap">{COMPROBANTE[f.comprobante]}</span> }] : []),
    {
      id: 'acciones',
      header: 'Acciones',
      cell: (f) => {
        // Only a transfer with its receipt can be decided; the others open to be looked at.
        const accion = metodo === 'transferencia' && f.comprobante === 'recibido' ? 'Validar pago' : 'Ver detalle';
        return (
          <Button variant="inline-link" ariaLabel={`${accion} de ${f.cliente}, sale ${formatDateTime(f.fechaSalida)}`} onClick={() => setDetalle(f.id)}>
            <span className="sin-corte">{accion}</span>
          </Button>
        );
      },
    },
  ];
  return (
    <>
      <ListaPaginada
        variant="borderless"
        titulo={metodo === 'epayco' ? 'Pagos Epayco por validar' : 'Reservas en proceso de validación - Pagos por transferencia'}
        contador={contador}
        descripcion={metodo === 'epayco' ? 'Se confirman solos cuando ePayco envía su confirmación firmada; si no llega, consulta la transacción desde su detalle.' : 'Revisa el comprobante del cliente y confirma o rechaza el pago.'}
        fuente={FUENTES.porValidar(metodo, empresa)}
        columnas={columnas}
        vacio={lista(metodo).vacio}
        sinCoincidencias="Ninguna reserva coincide con la búsqueda"
        buscarPor="Buscar por cliente, ruta, tipo o servicio"
        csv={{ nombre: `pagos-${metodo}`, columnas: CSV_VALIDAR }}
        enTelefono={['cliente', 'acciones']}
        acciones={<FiltroEmpresa valor={empresa} onChange={setEmpresa} />}
      />
      <DetallePagoModal id={detalle} accion={metodo} onClose={() => setDetalle(null)} />
    </>
  );
}

/** `validarEpayco` and `validarTransferencia` (docs/spec/01.md section 2: tabs Epayco and Transferencia), marketplace staff only. */
export function ValidarPagosPage({ title, inicial }: { title: string; inicial: 'epayco' | 'transferencia' }) {
  // Each tab is its own address: the title and a reload follow the tab.
  const activa = inicial;
  const irA = usePestanasDeRuta();
  const setActiva = (id: 'epayco' | 'transferencia') => id !== inicial && irA(`/panel-control/${id === 'epayco' ? 'validarEpayco' : 'validarTransferencia'}`);
  const resumen = useResumenPagos().data;
  return (
    <ContentLayout header={<Header variant="h1" description={`Reservas aceptadas por el cliente cuyo pago falta validar. Se actualizan solas. ${MAPA_MSG.vencidaExplicada}`}>{title}</Header>}>
      <Container>
        <Tabs
          activeTabId={activa}
          onChange={({ detail }) => setActiva(detail.activeTabId as 'epayco' | 'transferencia')}
          ariaLabel="Pagos por validar"
          tabs={(['epayco', 'transferencia'] as const).map((id) => ({
            id,
            label: titulo(lista(id).titulo, resumen?.[id]),
            content: id === activa ? <ListaPorValidar metodo={id} contador={resumen?.[id]} /> : null,
          }))}
        />
      </Container>
      {/* ePayco's charges that did not apply, beside the payments ePayco is to confirm. */}
      {activa === 'epayco' && (
        <Box margin={{ top: 'l' }}>
          <Container>
            <CobrosPorReembolsarLista contador={resumen?.reembolsos} />
          </Container>
        </Box>
      )}
    </ContentLayout>
  );
}

export const paginaPorValidar = (inicial: 'epayco' | 'transferencia') =>
  function PestanaPorValidar({ title }: { title: string }) {
    return <ValidarPagosPage title={title} inicial={inicial} />;
  };

// --- Referral rewards ------------------------------------------------------------------------

const CSV_RECOMPENSA: ColumnaCsv<RecompensaFila>[] = [
  { titulo: 'Vehículo', valor: (f) => f.id },
  { titulo: 'Conductor', valor: (f) => f.nombre },
  { titulo: 'Placas', valor: (f) => f.placas },
  { titulo: 'Tipo', valor: (f) => f.tipo },
  { titulo: 'Capacidad', valor: (f) => f.capacidad },
  { titulo: 'Viajes realizados', valor: (f) => f.viajesRealizados },
  { titulo: 'Referido por', valor: (f) => (f.referente ? `${f.referente.nombre} (${f.referente.placas})` : f.referidoPor) },
  { titulo: 'Cuenta del referente', valor: (f) => (f.referente ? `${f.referente.banco} ${f.referente.tipocuenta} ${f.referente.cuenta} (${f.referente.titular})` : '') },
  { titulo: 'Empresa', valor: (f) => f.nombreEmpresaAliada },
];

/** The referred vehicle, as both reward lists show it; what a phone adds under it (`children`). */
const VehiculoReferido = ({ f, children }: { f: RecompensaFila; children?: ReactNode }) => (
  <ConFoto foto={<Foto src={f.imagen} alt={`Foto del vehículo ${f.placas}`} />}>
    <SpaceBetween size="xxxs">
      <Box fontWeight="bold">{f.placas}</Box>
      <Box variant="small">{`${f.tipo} · ${f.capacidad} pasajeros`}</Box>
      {children}
    </SpaceBetween>
  </ConFoto>
);
const vehiculoReferido: Columna<RecompensaFila> = { id: 'vehiculo', header: 'Vehículo', isRowHeader: true, cell: (f) => <VehiculoReferido f={f} /> };
const referidoPor = (f: RecompensaFila) => (f.referente ? `${f.referente.nombre} (${f.referente.placas})` : f.referidoPor);

function RecompensasPorPagar({ contador }: { contador?: number }) {
  const telefono = useEsTelefono();
  const [pagar, setPagar] = useState<RecompensaFila | null>(null);
  const columnas: Columna<RecompensaFila>[] = [
    // A phone shows two columns: who receives the payment comes under the vehicle.
    telefono
      ? {
          ...vehiculoReferido,
          cell: (f) => (
            <VehiculoReferido f={f}>
              <Box variant="small">{`Recibe el pago: ${referidoPor(f)}`}</Box>
              <CuentaCambiada c={f.referente?.cuentaCambiada ?? null} />
            </VehiculoReferido>
          ),
        }
      : vehiculoReferido,
    { id: 'conductor', header: 'Conductor', minWidth: ANCHO.nombre, cell: (f) => f.nombre },
    { id: 'empresa', header: 'Empresa', minWidth: ANCHO.nombre, cell: (f) => f.nombreEmpresaAliada },
    { id: 'viajes', header: 'Viajes realizados', cell: (f) => f.viajesRealizados },
    {
      id: 'referido',
      header: 'Referido por (recibe el pago)',
      peso: 1.5,
      cell: (f) => (
        <SpaceBetween size="xxxs">
          <span>{referidoPor(f)}</span>
          <CuentaCambiada c={f.referente?.cuentaCambiada ?? null} />
        </SpaceBetween>
      ),
    },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: (f) => (
        <Button variant="inline-link" ariaLabel={`Pagar recompensa de ${f.placas}`} onClick={() => setPagar(f)}>
          <span className="sin-corte">{telefono ? 'Pagar' : 'Pagar recompensa'}</span>
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListaPaginada
        variant="borderless"
        titulo={PAGO_MSG.tituloRecompensas}
        contador={contador}
        fuente={FUENTES.recompensas()}
        columnas={columnas}
        vacio={PAGO_MSG.sinRecompensas}
        sinCoincidencias="Ninguna recompensa coincide con la búsqueda"
        buscarPor="Buscar por placas, conductor o empresa"
        csv={{ nombre: 'recompensas', columnas: CSV_RECOMPENSA }}
        enTelefono={['vehiculo', 'acciones']}
      />
      <PagoRecompensaModal vehiculo={pagar} onClose={() => setPagar(null)} />
    </>
  );
}

const CSV_RECOMPENSA_PAGADA: ColumnaCsv<RecompensaPagadaFila>[] = [
  ...CSV_RECOMPENSA,
  { titulo: 'Valor pagado', valor: (f) => f.pago.monto },
  { titulo: 'Fecha del pago', valor: (f) => f.pago.fecha },
  { titulo: 'Referencia', valor: (f) => f.pago.referencia },
  { titulo: 'Pagado a', valor: (f) => (f.pago.cuentaDestino ? textoCuenta(f.pago.cuentaDestino) : '') },
  { titulo: 'Registrado el', valor: (f) => fechaHoraEnBogota(f.pago.registradoEn) },
  { titulo: 'Registrado por', valor: (f) => f.pago.registradoPor },
];

/** The reward payment's receipt, if staff attached one. */
const ComprobanteRecompensa = ({ f }: { f: RecompensaPagadaFila }) =>
  f.pago.comprobanteUrl ? (
    <Link href={f.pago.comprobanteUrl} external externalIconAriaLabel="(abre en una pestaña nueva)" ariaLabel={`Ver comprobante de la recompensa de ${f.placas}`}>
      Ver
    </Link>
  ) : (
    'Sin comprobante'
  );

function RecompensasPagadas() {
  const telefono = useEsTelefono();
  const columnas: Columna<RecompensaPagadaFila>[] = [
    vehiculoReferido,
    { id: 'conductor', header: 'Conductor', minWidth: ANCHO.nombre, cell: (f) => f.nombre },
    { id: 'empresa', header: 'Empresa', minWidth: ANCHO.nombre, cell: (f) => f.nombreEmpresaAliada },
    { id: 'referido', header: 'Referido por', peso: 1.5, cell: referidoPor },
    {
      id: 'pago',
      header: 'Pago',
      // Value, day and reference together: a phone shows this column beside the vehicle, the receipt under it.
      cell: (f) => (
        <SpaceBetween size="xxxs">
          <Box fontWeight="bold">
            <Pesos valor={f.pago.monto} />
          </Box>
          <Box variant="small">
            <span className="nowrap">{formatCalendarDate(f.pago.fecha)}</span> · <span className="nowrap">{`Ref. ${f.pago.referencia}`}</span>
          </Box>
          {f.pago.cuentaDestino && <Box variant="small">{`A ${textoCuenta(f.pago.cuentaDestino)}`}</Box>}
          {telefono && <ComprobanteRecompensa f={f} />}
        </SpaceBetween>
      ),
    },
    { id: 'comprobante', header: 'Comprobante', cell: (f) => <ComprobanteRecompensa f={f} /> },
    {
      id: 'por',
      header: 'Registrado',
      minWidth: ANCHO.fecha,
      cell: (f) => (
        <SpaceBetween size="xxxs">
          <Fecha valor={f.pago.registradoEn} />
          <Box variant="small">
            <Correo valor={f.pago.registradoPor} />
          </Box>
        </SpaceBetween>
      ),
    },
  ];
  return (
    <ListaPaginada
      variant="borderless"
      titulo={PAGO_MSG.tituloRecompensasPagadas}
      descripcion="Por fecha de registro, la más reciente primero."
      fuente={FUENTES.recompensasPagadas()}
      columnas={columnas}
      vacio={PAGO_MSG.sinRecompensasPagadas}
      sinCoincidencias="Ninguna recompensa coincide con la búsqueda"
      buscarPor="Buscar por placas, conductor, referente, empresa o referencia"
      csv={{ nombre: 'recompensas-pagadas', columnas: CSV_RECOMPENSA_PAGADA }}
      enTelefono={['vehiculo', 'pago']}
    />
  );
}

/**
 * `recompensas`: 'Vehículos con pago por referidos' with its count (docs/spec/01.md sections 2 and 9), and,
 * beyond the spec, the rewards already paid with each payment's reference and receipt.
 */
export function RecompensasPage({ title }: { title: string }) {
  const resumen = useResumenPagos().data;
  // The tab is in the address (`?vista=pagadas`): a reload or a shared link opens the same list.
  const [params, setParams] = useSearchParams();
  const activa = params.get('vista') === 'pagadas' ? 'pagadas' : 'por-pagar';
  const setActiva = (id: 'por-pagar' | 'pagadas') => setParams(id === 'pagadas' ? { vista: 'pagadas' } : {}, { replace: true });
  return (
    <ContentLayout header={<Header variant="h1" description="Quien refirió un vehículo gana una recompensa cuando ese vehículo completa 30 viajes. Los referidos por la plataforma no suman.">{title}</Header>}>
      <Container>
        <Tabs
          activeTabId={activa}
          onChange={({ detail }) => setActiva(detail.activeTabId as 'por-pagar' | 'pagadas')}
          ariaLabel="Recompensas por referidos"
          tabs={[
            { id: 'por-pagar', label: titulo('Por pagar', resumen?.recompensas), content: activa === 'por-pagar' ? <RecompensasPorPagar contador={resumen?.recompensas} /> : null },
            { id: 'pagadas', label: 'Pagadas', content: activa === 'pagadas' ? <RecompensasPagadas /> : null },
          ]}
        />
      </Container>
    </ContentLayout>
  );
}
