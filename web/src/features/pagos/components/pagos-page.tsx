import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { cuentaCambiadaHace, type PagoConductorFila } from '@shared/schemas/pagos.js';
import { formatCOP, formatDateTime } from '../../../lib/format.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { ListaPaginada, type Columna, type ColumnaCsv } from '../../../components/lista-paginada.js';
import { ANCHO } from '../../../lib/anchos.js';
import { Fecha } from '../../../components/fecha.js';
import { FUENTES, useResumenPagos } from '../api/pagos.js';
import { DetallePagoModal } from './detalle-pago-modal.js';
import { usePestanasDeRuta } from '../../../lib/pestanas.js';
import { ConFoto, CuentaCambiada, EstadoServicio, FiltroEmpresa, Foto, lista, Pesos, Ruta, titulo, useEsPlataforma } from './comunes.js';
import { fechaHoraEnBogota } from '@shared/domain/vencimientos.js';
import { textoBanco, textoTipoCuenta } from '@shared/domain/etiquetas.js';


const CSV_PAGO: ColumnaCsv<PagoConductorFila>[] = [
  { titulo: 'Servicio', valor: (f) => f.id },
  { titulo: 'Salida', valor: (f) => fechaHoraEnBogota(f.fechaSalida) },
  { titulo: 'Conductor', valor: (f) => f.conductor },
  { titulo: 'Cédula', valor: (f) => f.cedulaConductor },
  { titulo: 'Placas', valor: (f) => f.placas },
  { titulo: 'Empresa', valor: (f) => f.nombreEmpresaAliada },
  { titulo: 'Valor de la oferta', valor: (f) => f.valorOferta },
  { titulo: 'Valor a pagar', valor: (f) => f.monto },
  { titulo: 'Banco', valor: (f) => textoBanco(f.banco) },
  { titulo: 'Tipo de cuenta', valor: (f) => textoTipoCuenta(f.tipocuenta) },
  { titulo: 'Cuenta', valor: (f) => f.cuenta },
  { titulo: 'Titular', valor: (f) => f.titular },
  // The warning the list shows beside a recently changed account, for whoever pays from the file.
  { titulo: 'Cuenta cambiada el', valor: (f) => (f.cuentaCambiada && cuentaCambiadaHace(f.cuentaCambiada, new Date()) ? fechaHoraEnBogota(f.cuentaCambiada.en) : '') },
];

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
            <span>{`${textoBanco(f.banco)} · ${textoTipoCuenta(f.tipocuenta)}`}</span>
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
