import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { esperaLargaEpayco, type PagoPorValidarFila } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG } from '@shared/schemas/messages-pagos.js';
import { formatDateTime, idCorto } from '../../../lib/format.js';
import { StatusText } from '../../../components/status-text.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { ListaPaginada, type Columna, type ColumnaCsv } from '../../../components/lista-paginada.js';
import { ANCHO } from '../../../lib/anchos.js';
import { Fecha } from '../../../components/fecha.js';
import { FUENTES, useResumenPagos } from '../api/pagos.js';
import { DetallePagoModal } from './detalle-pago-modal.js';
import { usePestanasDeRuta } from '../../../lib/pestanas.js';
import { ConFoto, FiltroEmpresa, Foto, lista, METODO_TEXTO, MarcaVencida, Pesos, Ruta, Salida, titulo } from './comunes.js';
import { reservaVencida } from '@shared/domain/recorrido.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { CobrosPorReembolsarLista } from './reembolsos.js';
import { fechaHoraEnBogota } from '@shared/domain/vencimientos.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';


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
  { titulo: 'Tipo', valor: (f) => textoTipoVehiculo(f.tipo) },
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
          <Box fontWeight="bold">{`${textoTipoVehiculo(f.tipo)} · ${f.clase}`}</Box>
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
