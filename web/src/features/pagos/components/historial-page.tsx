import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import Alert from '@cloudscape-design/components/alert';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { coincideBusqueda } from '@shared/domain/proveedores.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { rangoHistorial, type HistorialServicios, type ServicioFila } from '@shared/schemas/listas-servicios.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { ESTADOS_HISTORIAL, totalesHistorial } from '@shared/domain/listas.js';
import { filtrosDeEnlace } from '../filtros-historial.js';
import { Paginacion } from '../../../components/paginacion.js';
import { SinCoincidencias, TableEmptyState } from '../../../components/table-empty-state.js';
import { errorMessage } from '../../../lib/api-client.js';
import { descargarCsv } from '../../../lib/csv.js';
import { formatCOP, formatNumber } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { cargandoFilas } from '../../../lib/use-paginas.js';
import { useEmpresas, useHistorial } from '../api/pagos.js';
import { ESTADO_TEXTO, FiltroEmpresa, textoDeEstado, useEsPlataforma } from './comunes.js';
import { reservaVencida } from '@shared/domain/recorrido.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { DetallePagoModal } from './detalle-pago-modal.js';
import { columnasServicio, CSV_SERVICIO, SERVICIO_EN_TELEFONO } from './servicios-page.js';
import { useAnchos } from '../../../lib/use-anchos.js';
import { BUSCAR_EN_TELEFONO, type Columna } from '../../../components/lista-paginada.js';
import { columnasEnTelefono, useEsTelefono } from '../../../lib/use-es-telefono.js';
import { Reintentar } from '../../../components/reintentar.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';

/** The date range picker in Spanish (absolute days only: a history is read by calendar days). */
const I18N: DateRangePickerProps.I18nStrings = {
  todayAriaLabel: 'Hoy',
  nextMonthAriaLabel: 'Mes siguiente',
  previousMonthAriaLabel: 'Mes anterior',
  customRelativeRangeDurationLabel: 'Duración',
  customRelativeRangeDurationPlaceholder: 'Duración',
  customRelativeRangeOptionLabel: 'Rango personalizado',
  customRelativeRangeOptionDescription: 'Elige un rango',
  customRelativeRangeUnitLabel: 'Unidad',
  formatRelativeRange: () => '',
  formatUnit: (u) => u,
  dateTimeConstraintText: 'Formato AAAA/MM/DD.',
  relativeModeTitle: 'Relativo',
  absoluteModeTitle: 'Fechas',
  relativeRangeSelectionHeading: 'Elige un rango',
  startDateLabel: 'Desde',
  endDateLabel: 'Hasta',
  startTimeLabel: 'Hora inicial',
  endTimeLabel: 'Hora final',
  clearButtonLabel: 'Borrar',
  cancelButtonLabel: 'Cancelar',
  applyButtonLabel: 'Aplicar',
  renderSelectedAbsoluteRangeAriaLive: (a, b) => `Rango del ${a} al ${b}`,
};

/** Whether a row matches the search (coincideBusqueda: every word, accents, case and hyphens aside). */
// The state too, as its badge reads ('finalizado', 'en curso', 'vencida'): 'emcali finalizado' found only the rows whose id said it.
const coincide = (f: ServicioFila, texto: string) =>
  coincideBusqueda(texto, [f.id, f.cliente, f.origen, f.destino, textoTipoVehiculo(f.tipo), f.placas, f.conductor, f.nombreEmpresaAliada, textoDeEstado(f.estado, f.recorridoIniciado), reservaVencida(f, new Date()) ? MAPA_MSG.vencida : null]);

/**
 * The filters, kept in the address (`filtrosDeEnlace`), and what of a link could not be used: taken out
 * of the address and said above the totals (`avisos`) until a filter changes or the notice is closed.
 */
function useFiltrosHistorial(plataforma: boolean) {
  const [params, setParams] = useSearchParams();
  const empresas = useEmpresas(plataforma).data;
  const filtros = filtrosDeEnlace(params, { plataforma, empresas, hoy: hoyEnBogota() });
  const [avisos, setAvisos] = useState<string[]>([]);
  const cambiar = (cambios: Record<string, string | null>) =>
    setParams(
      (antes) => {
        const nuevos = new URLSearchParams(antes);
        for (const [clave, valor] of Object.entries(cambios)) {
          if (valor) nuevos.set(clave, valor);
          else nuevos.delete(clave);
        }
        return nuevos;
      },
      { replace: true },
    );
  const descartados = filtros.descartes.flatMap((d) => d.parametros);
  useEffect(() => {
    if (!descartados.length) return;
    cambiar(Object.fromEntries(descartados.map((p) => [p, null])));
    // Added to what was said (a company is known to be unknown only once staff's list arrives, maybe
    // before the address has lost the dates), each once.
    setAvisos((antes) => [...new Set([...antes, ...filtros.descartes.map((d) => d.texto).filter(Boolean)])]);
  }, [descartados.join()]);
  const filtrar = (cambios: Record<string, string | null>) => {
    setAvisos([]);
    cambiar(cambios);
  };
  return {
    ...filtros,
    avisos,
    cerrarAvisos: () => setAvisos([]),
    setRango: (r: { desde: string; hasta: string }) => filtrar(r),
    setEstado: (e: string) => filtrar({ estado: e || null }),
    setEmpresa: (e: string | null) => filtrar({ empresa: e }),
    setBusqueda: (q: string) => cambiar({ q: q || null }),
  };
}

/**
 * `historial` (docs/spec/01.md section 2; the spec's app had a placeholder): the company's services of a date
 * range (the last 90 days and the next 30 by default, a year at most), filtered by state and text, with
 * the totals of services won and their value, paged, and exported as CSV. Staff choose the company.
 */
export function HistorialPage({ title }: { title: string }) {
  const plataforma = useEsPlataforma();
  const { rango, setRango, estado, setEstado, empresa, setEmpresa, busqueda, setBusqueda, avisos, cerrarAvisos } = useFiltrosHistorial(plataforma);
  const [detalle, setDetalle] = useState<string | null>(null);
  const historial = useHistorial({ ...rango, estado, empresa });
  const items = historial.data?.items ?? [];
  const { items: visibles, collectionProps, filterProps, paginationProps, filteredItemsCount, actions } = useCollection(items, {
    // The search is in the address too, as the filters: Back or a reload finds it as typed.
    filtering: { filteringFunction: coincide, defaultFilteringText: busqueda },
    pagination: { pageSize: 20 },
  });
  // The CSV has the rows the search leaves, as the list shows them (all of them before: 24 rows for a search that matched none).
  const aExportar = filterProps.filteringText ? items.filter((f) => coincide(f, filterProps.filteringText)) : items;
  // With a search the totals are its rows' (they stayed the range's: 23 services beside a list of 5).
  // Another range, state or company on its way: the totals held meanwhile are the previous filter's.
  const buscando = filterProps.filteringText.trim() !== '';
  const t = historial.isPlaceholderData || !historial.data ? undefined : buscando ? totalesHistorial(aExportar) : historial.data.totales;
  const deQue = buscando ? 'Totales de la búsqueda' : 'Totales del rango';
  const sinTotal = historial.isError && !historial.data ? '—' : '…';
  const opciones = [{ value: '', label: 'Todos los estados' }, ...ESTADOS_HISTORIAL.map((e) => ({ value: e, label: ESTADO_TEXTO[e] }))];
  const valorRango: DateRangePickerProps.Value = { type: 'absolute', startDate: rango.desde, endDate: rango.hasta };
  // The service lists' columns and widths (resizable, kept per browser), and on a phone their two.
  const telefono = useEsTelefono();
  const columnas = columnasServicio(plataforma, (f) => setDetalle(f.id), telefono);
  const anchos = useAnchos<ServicioFila, Columna<ServicioFila>>('historial', columnas, telefono);

  return (
    <ContentLayout
      header={<Header variant="h1" description={plataforma ? 'Los servicios ganados por las empresas, por fecha de salida, con sus totales.' : 'Los servicios que tu empresa ganó, por fecha de salida, con sus totales.'}>{title}</Header>}
    >
      <SpaceBetween size="l">
        {avisos.length > 0 && (
          <Alert type="info" dismissible onDismiss={cerrarAvisos} header="El enlace tenía filtros que no se pueden usar">
            <SpaceBetween size="xxs">
              {avisos.map((a) => (
                <Box key={a}>{a}</Box>
              ))}
            </SpaceBetween>
          </Alert>
        )}
        {historial.data?.truncado && !historial.isPlaceholderData && <Alert type="warning">Hay más servicios de los que se muestran, y los totales cuentan solo los que se muestran: acorta el rango de fechas.</Alert>}
        {/*
          The filters in the header of the totals they decide (a box of their own pushed the list's first row
          to y=601 on a 768 px laptop). A failed read is said in the list below, with Reintentar: no totals
          meanwhile, not an endless '…'.
        */}
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="m">
                  <DateRangePicker
                    value={valorRango}
                    rangeSelectorMode="absolute-only"
                    dateOnly
                    absoluteFormat="long-localized"
                    locale="es-CO"
                    i18nStrings={I18N}
                    placeholder="Elige el rango de fechas"
                    isValidRange={(r) => {
                      // The API's rule (rangoHistorial), each way of breaking it said apart.
                      const leido = r?.type === 'absolute' && r.startDate && r.endDate ? rangoHistorial(r.startDate.slice(0, 10), r.endDate.slice(0, 10), hoyEnBogota()) : 'fechas';
                      if (typeof leido !== 'string') return { valid: true };
                      return { valid: false, errorMessage: { fechas: PAGO_MSG.rangoIncompleto, invertido: PAGO_MSG.rangoInvertido, largo: PAGO_MSG.rangoLargo }[leido] };
                    }}
                    onChange={({ detail }) => detail.value?.type === 'absolute' && setRango({ desde: detail.value.startDate.slice(0, 10), hasta: detail.value.endDate.slice(0, 10) })}
                    relativeOptions={[]}
                  />
                  <Select selectedOption={opciones.find((o) => o.value === estado)!} options={opciones} onChange={({ detail }) => setEstado(detail.selectedOption.value ?? '')} ariaLabel="Estado" inlineLabelText="Estado" />
                  {plataforma && <FiltroEmpresa valor={empresa} onChange={setEmpresa} />}
                </SpaceBetween>
              }
            >
              {deQue}
            </Header>
          }
        >
          {/* On a phone two by two, in a smaller type: one under another they filled its first screen. */}
          <ColumnLayout columns={4} variant="text-grid" minColumnWidth={telefono ? 130 : undefined}>
            <Total etiqueta="Servicios ganados" valor={t ? formatNumber(t.servicios) : sinTotal} notas={t ? notasServicios(t) : undefined} compacto={telefono} />
            <Total etiqueta="Valor de los servicios" valor={t ? formatCOP(t.valor) : sinTotal} compacto={telefono} />
            <Total etiqueta="Viajes finalizados" valor={t ? formatNumber(t.finalizados) : sinTotal} compacto={telefono} />
            <Total etiqueta="Valor finalizado" valor={t ? formatCOP(t.valorFinalizados) : sinTotal} compacto={telefono} />
          </ColumnLayout>
          {/* The totals change with the filters, out of sight of a screen reader: read out when they arrive. */}
          <div className="visually-hidden" aria-live="polite">
            {t ? `${deQue}: ${contar(t.servicios, 'servicio ganado', 'servicios ganados')} por ${formatCOP(t.valor)}; ${contar(t.finalizados, 'viaje finalizado', 'viajes finalizados')} por ${formatCOP(t.valorFinalizados)}.` : ''}
          </div>
        </Container>
        <div ref={anchos.caja}>
          {anchos.listo && (
            <Table
              key={anchos.clave}
              {...collectionProps}
              // A phone's columns need the container's padding too.
              variant={telefono ? 'borderless' : 'container'}
              header={
                <Header
                  counter={historial.isPlaceholderData ? '(…)' : historial.isError && !historial.data ? undefined : `(${filteredItemsCount ?? items.length})`}
                  actions={
                    <Button iconName="download" disabled={!aExportar.length || historial.isPlaceholderData} onClick={() => void descargarCsv(`historial-${rango.desde}-${rango.hasta}.csv`, CSV_SERVICIO, aExportar).catch((e: unknown) => toast.error(errorMessage(e)))}>
                      Exportar CSV
                    </Button>
                  }
                >
                  Servicios
                </Header>
              }
              filter={
                <TextFilter
                  {...filterProps}
                  onChange={(e) => {
                    filterProps.onChange(e);
                    setBusqueda(e.detail.filteringText);
                  }}
                  filteringPlaceholder={telefono ? BUSCAR_EN_TELEFONO : 'Buscar por cliente, ruta, placas, conductor o estado'}
                  // The whole hint in the name too: a phone's placeholder is 'Buscar…' (issue 47).
                  filteringAriaLabel="Buscar en el historial por cliente, ruta, placas, conductor o estado"
                  filteringClearAriaLabel="Borrar búsqueda"
                />
              }
              pagination={<Paginacion {...paginationProps} />}
              {...anchos.tabla}
              columnDisplay={telefono ? columnasEnTelefono(columnas, SERVICIO_EN_TELEFONO) : undefined}
              items={visibles}
              loading={cargandoFilas(historial, false)}
              loadingText="Cargando el historial"
              trackBy="id"
              wrapLines
              empty={
                historial.isError ? (
                  <TableEmptyState title={errorMessage(historial.error)} action={<Reintentar consulta={historial} />} />
                ) : filterProps.filteringText ? (
                  <SinCoincidencias
                    titulo="Ningún servicio coincide con la búsqueda"
                    onBorrar={() => {
                      actions.setFiltering('');
                      setBusqueda('');
                    }}
                  />
                ) : (
                  <TableEmptyState title={estado || empresa ? 'No hay servicios con estos filtros en este rango de fechas' : 'No hay servicios en este rango de fechas'} />
                )
              }
            />
          )}
        </div>
      </SpaceBetween>
      <DetallePagoModal id={detalle} accion={null} onClose={() => setDetalle(null)} />
    </ContentLayout>
  );
}

/** Under the won services: those whose payment is being checked, and the cancelled ones left out (in the list, not in the totals). */
/** A count with its noun, one or many ('1 servicio ganado', not '1 servicios ganados'). */
const contar = (n: number, uno: string, varios: string) => (n === 1 ? `1 ${uno}` : `${formatNumber(n)} ${varios}`);

const notasServicios = (t: HistorialServicios['totales']): string[] =>
  [
    t.enValidacion ? `${formatNumber(t.enValidacion)} con el pago del cliente en validación` : '',
    t.cancelados ? (t.cancelados === 1 ? '1 cancelado, fuera de los totales' : `${formatNumber(t.cancelados)} cancelados, fuera de los totales`) : '',
  ].filter(Boolean);

function Total({ etiqueta, valor, notas = [], compacto = false }: { etiqueta: string; valor: string; notas?: string[]; compacto?: boolean }) {
  return (
    <div>
      <Box variant="awsui-key-label">{etiqueta}</Box>
      {compacto ? (
        // Whole: in a phone's half column '$ 27.045.001' broke before its last digit.
        <Box fontSize="heading-s" fontWeight="bold" display="block">
          <span className="sin-corte">{valor}</span>
        </Box>
      ) : (
        <Box variant="awsui-value-large" display="block">
          {valor}
        </Box>
      )}
      {/* On its own line: beside the figure, "22" and "4 con…" read as 224. */}
      {notas.map((nota) => (
        <Box key={nota} variant="small" display="block" color="text-body-secondary">
          {nota}
        </Box>
      ))}
    </div>
  );
}
