import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState, type ReactNode } from 'react';
import { textoCuenta, type RecompensaFila, type RecompensaPagadaFila } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { formatCalendarDate } from '../../../lib/format.js';
import { Correo } from '../../../components/correo.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { ListaPaginada, type Columna, type ColumnaCsv } from '../../../components/lista-paginada.js';
import { ANCHO } from '../../../lib/anchos.js';
import { Fecha } from '../../../components/fecha.js';
import { FUENTES, useResumenPagos } from '../api/pagos.js';
import { PagoRecompensaModal } from './formulario-pago.js';
import { ConFoto, CuentaCambiada, Foto, Pesos, titulo } from './comunes.js';
import { useSearchParams } from 'react-router-dom';
import { fechaHoraEnBogota } from '@shared/domain/vencimientos.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';
import { textoRegistradoPor } from '@shared/schemas/historial.js';


const CSV_RECOMPENSA: ColumnaCsv<RecompensaFila>[] = [
  { titulo: 'Vehículo', valor: (f) => f.id },
  { titulo: 'Conductor', valor: (f) => f.nombre },
  { titulo: 'Placas', valor: (f) => f.placas },
  { titulo: 'Tipo', valor: (f) => textoTipoVehiculo(f.tipo) },
  { titulo: 'Capacidad', valor: (f) => f.capacidad },
  { titulo: 'Viajes realizados', valor: (f) => f.viajesRealizados },
  { titulo: 'Referido por', valor: (f) => (f.referente ? `${f.referente.nombre} (${f.referente.placas})` : f.referidoPor) },
  { titulo: 'Cuenta del referente', valor: (f) => (f.referente ? textoCuenta(f.referente) : '') },
  { titulo: 'Empresa', valor: (f) => f.nombreEmpresaAliada },
];

/** The referred vehicle, as both reward lists show it; what a phone adds under it (`children`). */
const VehiculoReferido = ({ f, children }: { f: RecompensaFila; children?: ReactNode }) => (
  <ConFoto foto={<Foto src={f.imagen} alt={`Foto del vehículo ${f.placas}`} />}>
    <SpaceBetween size="xxxs">
      <Box fontWeight="bold">{f.placas}</Box>
      <Box variant="small">{`${textoTipoVehiculo(f.tipo)} · ${f.capacidad} pasajeros`}</Box>
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
  { titulo: 'Registrado por', valor: (f) => textoRegistradoPor(f.pago.registradoPor) },
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
            <Correo valor={textoRegistradoPor(f.pago.registradoPor)} />
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
