import Alert from '@cloudscape-design/components/alert';
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { resumenSchema } from '@shared/schemas/resumen.js';
import type { MesResumen, Resumen } from '@shared/domain/cifras.js';
import { errorMessage, llamar } from '../../../lib/api-client.js';
import { descargarCsv, nombreCsv } from '../../../lib/csv.js';
import { formatCOP, formatNumber } from '../../../lib/format.js';
import { Reintentar } from '../../../components/reintentar.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';

/** 'dic. 2026' → the month's short name and year, for the charts' axis. */
const MESES = ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sep.', 'oct.', 'nov.', 'dic.'];
const nombreMes = (mes: string) => `${MESES[Number(mes.slice(5, 7)) - 1]} ${mes.slice(2, 4)}`;
const MESES_LARGOS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const mesLargo = (mes: string) => `${MESES_LARGOS[Number(mes.slice(5, 7)) - 1]} de ${mes.slice(0, 4)}`;

/** '2 h 15 min', '45 min', 'Sin ofertas'. */
function duracion(minutos: number | null): string {
  if (minutos === null) return 'Sin ofertas';
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  return h ? `${formatNumber(h)} h${m ? ` ${m} min` : ''}` : `${m} min`;
}

/** '$ 20,98 M': a large amount that fits a headline figure; the exact one goes beside it. */
const millones = (pesos: number) => (pesos >= 1_000_000 ? `$ ${new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }).format(pesos / 1_000_000)} M` : formatCOP(pesos));

const porcentaje = (x: number | null) => (x === null ? 'Sin ofertas' : `${Math.round(x * 100)} %`);

const CSV: { titulo: string; valor: (m: MesResumen) => string | number }[] = [
  { titulo: 'Mes', valor: (m) => m.mes },
  { titulo: 'Ofertas enviadas', valor: (m) => m.ofertas },
  { titulo: 'Ofertas ganadas', valor: (m) => m.ganadas },
  { titulo: 'Tasa de éxito (%)', valor: (m) => (m.ofertas ? Math.round((m.ganadas / m.ofertas) * 100) : '') },
  { titulo: 'Minutos promedio hasta la oferta', valor: (m) => (m.ofertas ? Math.round(m.minutosHastaOferta / m.ofertas) : '') },
  { titulo: 'Pagado por los clientes (COP)', valor: (m) => m.cobrado },
  { titulo: 'Pagado a los conductores (COP)', valor: (m) => m.pagadoConductores },
  { titulo: 'Viajes finalizados', valor: (m) => m.viajes },
];

function Cifra({ etiqueta, valor, detalle }: { etiqueta: string; valor: string; detalle: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{etiqueta}</Box>
      <Box variant="awsui-value-large">{valor}</Box>
      <Box variant="small" display="block" color="text-body-secondary">
        {detalle}
      </Box>
    </div>
  );
}

/**
 * 'Resumen' (issue 48, docs/decisions/0016): the company admin's last twelve months, from the counters
 * the API keeps as the data changes: offers sent and won, money in and out, trips by vehicle and by
 * route, and how long the company takes to offer. Charts are Cloudscape's; the months go out as a CSV.
 */
export function ResumenPage({ title }: { title: string }) {
  const consulta = useQuery({
    queryKey: ['resumen'],
    queryFn: ({ signal }) => llamar('GET /resumen', { schema: resumenSchema, signal }),
  });
  const { data, error, isPending } = consulta;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Los últimos 12 meses de tu empresa: ofertas, pagos, viajes y qué tan rápido ofertas."
          actions={
            data && (
              <Button iconName="download" onClick={() => void descargarCsv(nombreCsv('resumen'), CSV, data.meses)}>
                Exportar CSV
              </Button>
            )
          }
        >
          {title}
        </Header>
      }
    >
      {isPending ? (
        <Box textAlign="center" padding="xxl">
          <Spinner size="large" /> Cargando el resumen…
        </Box>
      ) : data ? (
        <Cifras r={data} />
      ) : (
        <Alert type="error" header="No se pudo cargar el resumen" action={<Reintentar consulta={consulta} />}>
          {errorMessage(error)}
        </Alert>
      )}
    </ContentLayout>
  );
}

function Cifras({ r }: { r: Resumen }) {
  const telefono = useEsTelefono();
  const x = r.meses.map((m) => nombreMes(m.mes));
  const serie = (titulo: string, valor: (m: MesResumen) => number, formato?: (y: number) => string) => ({
    title: titulo,
    type: 'bar' as const,
    valueFormatter: formato,
    data: r.meses.map((m, i) => ({ x: x[i]!, y: valor(m) })),
  });
  const vacio = (texto: string) => (
    <Box textAlign="center" color="text-body-secondary">
      {texto}
    </Box>
  );
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Últimos 12 meses</Header>}>
        <ColumnLayout columns={4} variant="text-grid" minColumnWidth={160}>
          <Cifra etiqueta="Tasa de éxito" valor={porcentaje(r.totales.tasaExito)} detalle={`${formatNumber(r.totales.ganadas)} ganadas de ${formatNumber(r.totales.ofertas)} ofertas enviadas`} />
          <Cifra etiqueta="Pagado por los clientes" valor={millones(r.totales.cobrado)} detalle={`${formatCOP(r.totales.cobrado)}; a los conductores, ${formatCOP(r.totales.pagadoConductores)}`} />
          <Cifra etiqueta="Viajes finalizados" valor={formatNumber(r.totales.viajes)} detalle={`En ${formatNumber(r.porVehiculo.length)} vehículos y ${formatNumber(r.porRuta.length)} rutas`} />
          <Cifra etiqueta="Tiempo promedio hasta la oferta" valor={duracion(r.totales.minutosPromedioHastaOferta)} detalle="Desde que el cliente publica la solicitud" />
        </ColumnLayout>
      </Container>
      <Grid gridDefinition={[{ colspan: { default: 12, l: 6 } }, { colspan: { default: 12, l: 6 } }]}>
        <Container header={<Header variant="h2" description="Lo que pagaron los clientes y lo que se pagó a los conductores (anticipos y saldos), por mes.">Pagos por mes</Header>}>
          <BarChart
            series={[serie('Pagado por los clientes', (m) => m.cobrado, formatCOP), serie('Pagado a los conductores', (m) => m.pagadoConductores, formatCOP)]}
            xDomain={x}
            xTitle="Mes"
            yTitle="Pesos colombianos"
            i18nStrings={{ yTickFormatter: (y) => (y >= 1_000_000 ? `${formatNumber(y / 1_000_000)} M` : formatNumber(y)) }}
            ariaLabel="Pagos por mes"
            height={240}
            empty={vacio('Sin pagos en estos meses')}
            hideFilter
          />
        </Container>
        <Container header={<Header variant="h2" description="Ofertas que enviaste y las que el cliente aceptó, por mes.">Ofertas enviadas y ganadas</Header>}>
          <BarChart
            series={[serie('Enviadas', (m) => m.ofertas), serie('Ganadas', (m) => m.ganadas)]}
            xDomain={x}
            xTitle="Mes"
            yTitle="Ofertas"
            ariaLabel="Ofertas enviadas y ganadas por mes"
            i18nStrings={{ yTickFormatter: (y) => (Number.isInteger(y) ? formatNumber(y) : '') }}
            height={240}
            empty={vacio('Sin ofertas en estos meses')}
            hideFilter
          />
        </Container>
      </Grid>
      <Grid gridDefinition={[{ colspan: { default: 12, l: 6 } }, { colspan: { default: 12, l: 6 } }]}>
        <Container header={<Header variant="h2">Viajes por vehículo</Header>}>
          <BarChart
            series={[{ title: 'Viajes finalizados', type: 'bar', data: r.porVehiculo.slice(0, 10).map((v) => ({ x: v.placas, y: v.viajes })) }]}
            horizontalBars
            xTitle="Placas"
            yTitle="Viajes"
            ariaLabel="Viajes finalizados por vehículo"
            // Whole trips: no tick at 0.2.
            i18nStrings={{ yTickFormatter: (y) => (Number.isInteger(y) ? formatNumber(y) : '') }}
            height={Math.max(120, Math.min(10, r.porVehiculo.length) * 32)}
            empty={vacio('Sin viajes finalizados en estos meses')}
            hideFilter
            hideLegend
          />
        </Container>
        <Container header={<Header variant="h2">Viajes por ruta</Header>}>
          <Table
            variant="embedded"
            items={r.porRuta.slice(0, 10)}
            columnDefinitions={[
              { id: 'ruta', header: 'Ruta', cell: (f) => f.ruta, isRowHeader: true },
              { id: 'viajes', header: 'Viajes', cell: (f) => formatNumber(f.viajes) },
            ]}
            empty={vacio('Sin viajes finalizados en estos meses')}
            ariaLabels={{ tableLabel: 'Viajes por ruta' }}
          />
        </Container>
      </Grid>
      <Container header={<Header variant="h2" description="Las mismas cifras que el archivo CSV.">Por mes</Header>}>
        <Table
          variant="embedded"
          items={[...r.meses].reverse()}
          columnDefinitions={
            telefono
              ? // A phone has no room for five columns side by side: the month's figures under its name.
                [
                  {
                    id: 'mes',
                    header: 'Mes',
                    isRowHeader: true,
                    cell: (m) => (
                      <SpaceBetween size="xxxs">
                        <Box fontWeight="bold">{mesLargo(m.mes)}</Box>
                        <span>{`Ofertas ganadas: ${formatNumber(m.ganadas)} de ${formatNumber(m.ofertas)} · Viajes: ${formatNumber(m.viajes)}`}</span>
                        <span>{`Clientes: ${formatCOP(m.cobrado)}`}</span>
                        <span>{`Conductores: ${formatCOP(m.pagadoConductores)}`}</span>
                      </SpaceBetween>
                    ),
                  },
                ]
              : [
                  { id: 'mes', header: 'Mes', cell: (m) => mesLargo(m.mes), isRowHeader: true },
                  { id: 'ofertas', header: 'Ofertas ganadas', cell: (m) => `${formatNumber(m.ganadas)} de ${formatNumber(m.ofertas)}` },
                  { id: 'cobrado', header: 'Pagado por los clientes', cell: (m) => formatCOP(m.cobrado) },
                  { id: 'pagado', header: 'Pagado a los conductores', cell: (m) => formatCOP(m.pagadoConductores) },
                  { id: 'viajes', header: 'Viajes', cell: (m) => formatNumber(m.viajes) },
                ]
          }
          ariaLabels={{ tableLabel: 'Cifras por mes' }}
        />
      </Container>
    </SpaceBetween>
  );
}
