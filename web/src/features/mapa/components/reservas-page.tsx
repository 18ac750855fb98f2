import { useCollection } from '@cloudscape-design/collection-hooks';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { coincideBusqueda } from '@shared/domain/proveedores.js';
import { asignable, esperaFuec } from '@shared/domain/asignacion.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { reservaVencida } from '@shared/domain/recorrido.js';
import type { Reserva } from '@shared/schemas/reservas.js';
import { POR_ASIGNAR } from '@shared/schemas/service.js';
import { StatusText } from '../../../components/status-text.js';
import { SinCoincidencias, TableEmptyState } from '../../../components/table-empty-state.js';
import { formatCOP, formatDateTime } from '../../../lib/format.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { coincidencias } from '../../../lib/use-paginas.js';
import { useReservas } from '../api/mapa.js';
import { CountdownCompacto } from './countdown.js';
import { ServicioDialogs } from './servicio-dialogs.js';
import { Paginacion } from '../../../components/paginacion.js';
import { Reintentar } from '../../../components/reintentar.js';
import { BUSCAR_EN_TELEFONO } from '../../../components/lista-paginada.js';
import { Fecha } from '../../../components/fecha.js';
import { ANCHO } from '../../../lib/anchos.js';
import { EN_CURSO_TEXTO, ESTADO_SERVICIO_TEXTO, textoTipoVehiculo } from '@shared/domain/etiquetas.js';

const POR_PAGINA = 10;
const COLUMNAS_TELEFONO = ['salida', 'servicio', 'estado', 'vehiculo', 'fuec', 'valor', 'acciones'].map((id) => ({ id, visible: ['salida', 'estado'].includes(id) }));
const ruta = (r: Reserva) => `${r.origen.split(',')[0]} → ${r.destino.split(',')[0]}`;

/** The FUEC column: a stored FUEC that could not be checked, or differs, reads apart from a verified one. */
function EstadoFuec({ r }: { r: Reserva }) {
  if (!r.fuec) return <StatusText type="warning">Pendiente</StatusText>;
  const estado = r.verificacionFuec?.estado;
  if (estado === 'sin-verificar') return <StatusText type="warning">Cargado, sin verificar</StatusText>;
  if (estado === 'no-coincide') return <StatusText type="warning">Cargado, con diferencias</StatusText>;
  return <StatusText type="success">Cargado</StatusText>;
}

/** What the reservation needs next (docs/spec/02.md section 4.3), as the list's filter and its state column. */
type Paso = 'asignar' | 'fuec' | 'confirmado' | 'en-curso';
const paso = (r: Reserva): Paso => (asignable(r) ? 'asignar' : esperaFuec(r) ? 'fuec' : r.recorridoIniciado ? 'en-curso' : 'confirmado');
const PASO: Record<Paso, { badge: string; color: 'blue' | 'green' | 'severity-low'; texto: string }> = {
  asignar: { badge: ESTADO_SERVICIO_TEXTO.reservado, color: 'blue', texto: 'Asigna vehículo y sube el FUEC' },
  fuec: { badge: ESTADO_SERVICIO_TEXTO.reservado, color: 'blue', texto: 'Sube el FUEC' },
  confirmado: { badge: ESTADO_SERVICIO_TEXTO.confirmado, color: 'green', texto: 'Listo para el viaje' },
  'en-curso': { badge: EN_CURSO_TEXTO, color: 'green', texto: 'Recorrido iniciado' },
};
type Filtro = 'todas' | 'pendientes' | 'confirmadas';

/**
 * `/panel-control/reservaciones` (issue "Reserved services", item 6): the company's reserved and
 * confirmed services, with state, vehicle, FUEC and the countdown to departure; each row opens the
 * same detail dialog as the map, with its steps (assign, FUEC, end of trip).
 */
export function ReservasPage({ title }: { title: string }) {
  const navigate = useNavigate();
  const reservas = useReservas();
  const esTelefono = useEsTelefono();
  // `?servicio=<id>` opens that reservation's detail (from a service list's detail: 'Asignar vehículo en Reservaciones').
  const [detalle, setDetalle] = useState<string | null>(() => new URLSearchParams(window.location.search).get('servicio'));
  const [filtro, setFiltro] = useState<Filtro>('todas');
  const todas = useMemo(() => reservas.data ?? [], [reservas.data]);
  const pendientes = todas.filter((r) => paso(r) === 'asignar' || paso(r) === 'fuec').length;
  const shown = useMemo(
    () => todas.filter((r) => filtro === 'todas' || (filtro === 'pendientes' ? ['asignar', 'fuec'].includes(paso(r)) : ['confirmado', 'en-curso'].includes(paso(r)))),
    [todas, filtro],
  );
  const { items, actions, collectionProps, filterProps, paginationProps, filteredItemsCount } = useCollection(shown, {
    filtering: {
      filteringFunction: (r, texto) => coincideBusqueda(texto, [r.origen, r.destino, textoTipoVehiculo(r.tipo), r.placas, r.conductor]),
      // The spec's empty message when there are no reservations at all; a filter's own when only it is empty.
      empty:
        filtro === 'todas' || !todas.length ? (
          <TableEmptyState
            title="No hay Reservaciones Registradas"
            subtitle="Cuando un cliente acepte una oferta de tu empresa y se valide el pago, la reserva aparecerá aquí."
            action={<Button onClick={() => navigate('/panel-control/monitor-map')}>Ir al mapa</Button>}
          />
        ) : (
          <TableEmptyState
            title={filtro === 'pendientes' ? 'No tienes reservas por completar' : 'Aún no hay reservas confirmadas'}
            subtitle={filtro === 'pendientes' ? 'Todas tus reservas tienen vehículo asignado y FUEC.' : 'Una reserva queda confirmada al subir su FUEC.'}
            action={<Button onClick={() => setFiltro('todas')}>Ver todas</Button>}
          />
        ),
      noMatch: <SinCoincidencias titulo="Ninguna reserva coincide con la búsqueda" onBorrar={() => actions.setFiltering('')} />,
    },
    pagination: { pageSize: POR_PAGINA },
    sorting: { defaultState: { sortingColumn: { sortingField: 'fechaSalida' } } },
  });

  const columns: TableProps.ColumnDefinition<Reserva>[] = [
    {
      id: 'salida',
      header: 'Salida',
      // On a phone the departure opens the detail and names the route: the other columns do not fit.
      cell: (r) =>
        esTelefono ? (
          <SpaceBetween size="xxxs">
            <Link variant="primary" onFollow={() => setDetalle(r.id)} ariaLabel={`Ver detalle de la reserva ${textoTipoVehiculo(r.tipo)} de ${r.origen}, sale ${formatDateTime(r.fechaSalida)}`}>
              {formatDateTime(r.fechaSalida)}
            </Link>
            <Box variant="small">{ruta(r)}</Box>
            <Box variant="small">
              <CountdownCompacto hasta={r.fechaSalida} />
            </Box>
          </SpaceBetween>
        ) : (
          // The countdown under its departure: a column of its own made the list scroll 187 px sideways at 1280 with the menu open.
          <SpaceBetween size="xxxs">
            <Fecha valor={r.fechaSalida} />
            <Box variant="small">
              <CountdownCompacto hasta={r.fechaSalida} />
            </Box>
          </SpaceBetween>
        ),
      sortingField: 'fechaSalida',
      isRowHeader: true,
      minWidth: esTelefono ? undefined : ANCHO.fecha + 40,
    },
    {
      id: 'servicio',
      header: 'Servicio',
      cell: (r) => (
        <SpaceBetween size="xxxs">
          <Box fontWeight="bold">
            {textoTipoVehiculo(r.tipo)} · {r.pasajeros} pasajeros
          </Box>
          <Box variant="small">{ruta(r)}</Box>
        </SpaceBetween>
      ),
      minWidth: 180,
    },
    {
      id: 'estado',
      header: 'Estado',
      cell: (r) => (
        <SpaceBetween size="xxxs">
          <SpaceBetween direction="horizontal" size="xxs">
            <Badge color={PASO[paso(r)].color}>{PASO[paso(r)].badge}</Badge>
            {reservaVencida(r, new Date()) && <Badge color="severity-high">{MAPA_MSG.vencida}</Badge>}
          </SpaceBetween>
          <Box variant="small">{PASO[paso(r)].texto}</Box>
        </SpaceBetween>
      ),
      minWidth: esTelefono ? undefined : 150,
    },
    {
      id: 'vehiculo',
      header: 'Vehículo',
      cell: (r) =>
        r.placas === POR_ASIGNAR ? (
          <StatusText type="warning">Por asignar</StatusText>
        ) : (
          <SpaceBetween size="xxxs">
            <Box fontWeight="bold">{r.placas}</Box>
            <Box variant="small">{r.conductor}</Box>
          </SpaceBetween>
        ),
      minWidth: 130,
    },
    { id: 'fuec', header: 'FUEC', cell: (r) => <EstadoFuec r={r} /> },
    { id: 'valor', header: 'Valor', cell: (r) => (r.valorOferta === null ? MAPA_MSG.noRegistrado : formatCOP(r.valorOferta)) },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: (r) => (
        <Button variant="inline-link" ariaLabel={`Ver detalle de la reserva ${textoTipoVehiculo(r.tipo)} de ${r.origen}, sale ${formatDateTime(r.fechaSalida)}`} onClick={() => setDetalle(r.id)}>
          <span className="sin-corte">Ver detalle</span>
        </Button>
      ),
    },
  ];

  return (
    <>
      <Table
        {...collectionProps}
        variant="full-page"
        stickyColumns={esTelefono ? undefined : { first: 1, last: 1 }}
        wrapLines
        columnDefinitions={columns}
        // On a phone: when (the way in) and what it needs; the rest is in the detail.
        columnDisplay={esTelefono ? COLUMNAS_TELEFONO : undefined}
        items={items}
        trackBy="id"
        loading={reservas.isPending}
        loadingText="Cargando reservas"
        ariaLabels={{ tableLabel: 'Reservas de la empresa' }}
        empty={
          reservas.isError ? (
            <TableEmptyState title="No se pudieron cargar las reservas" action={<Reintentar consulta={reservas} />} />
          ) : (
            collectionProps.empty
          )
        }
        header={
          <Header variant="awsui-h1-sticky" counter={reservas.data ? `(${todas.length})` : undefined} description={`Tus servicios reservados y confirmados: asigna el vehículo, sube el FUEC y sigue la salida. ${MAPA_MSG.vencidaExplicada}`}>
            {title}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            {/* Beside the segmented control the filter takes only its content's width, which cut its placeholder. */}
            <div className="filtro-con-texto">
              <TextFilter
                {...filterProps}
                filteringPlaceholder={esTelefono ? BUSCAR_EN_TELEFONO : 'Origen, destino, placas o conductor'}
                // The whole hint in the name too: a phone's placeholder is 'Buscar…' (it was cut off at 390 px).
                filteringAriaLabel="Buscar reservas por origen, destino, placas o conductor"
                countText={coincidencias(filteredItemsCount ?? 0)}
              />
            </div>
            <SegmentedControl
              label="Reservas"
              selectedId={filtro}
              onChange={({ detail }) => setFiltro(detail.selectedId as Filtro)}
              options={[
                { id: 'todas', text: 'Todas' },
                { id: 'pendientes', text: `Por completar (${pendientes})` },
                { id: 'confirmadas', text: 'Confirmadas' },
              ]}
            />
          </SpaceBetween>
        }
        pagination={<Paginacion {...paginationProps} />}
      />
      <ServicioDialogs id={detalle} onClose={() => setDetalle(null)} />
    </>
  );
}
