import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { usePestanasDeRuta } from '../../../lib/pestanas.js';
import { listaServicios, type ListaServiciosId } from '@shared/domain/listas.js';
import { formatDateTime } from '../../../lib/format.js';
import type { ServicioFila } from '@shared/schemas/listas-servicios.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { POR_ASIGNAR } from '@shared/schemas/service.js';
import { ListaPaginada, type Columna, type ColumnaCsv } from '../../../components/lista-paginada.js';
import { ANCHO } from '../../../lib/anchos.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { useRecorridosEnCurso } from '../../../lib/recorridos.js';
import { FUENTES } from '../api/pagos.js';
import { DetallePagoModal } from './detalle-pago-modal.js';
import { EstadoServicio, FiltroEmpresa, METODO_TEXTO, Pesos, Ruta, Salida, textoDeEstado, useEsPlataforma } from './comunes.js';
import { reservaVencida } from '@shared/domain/recorrido.js';
import { fechaHoraEnBogota } from '@shared/domain/vencimientos.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';

/** The spec's service tabs, in its order (docs/spec/01.md section 2: Pedidos opens first). */
const PESTANAS: ListaServiciosId[] = ['pedidos', 'reservados', 'confirmados', 'finalizados'];

const asignado = (v: string) => (v === POR_ASIGNAR ? 'Sin asignar' : v);

/** What a company does with a trip under way, from 'Servicios en Curso': see it on the map, copy its link for the passengers. */
export type AccionesEnCurso = { verEnMapa: (f: ServicioFila) => void; enlaceDe: (id: string) => string | null | undefined };

export function columnasServicio(plataforma: boolean, verDetalle: (f: ServicioFila) => void, telefono: boolean, enCurso?: AccionesEnCurso): Columna<ServicioFila>[] {
  return [
    {
      id: 'salida',
      header: 'Salida',
      minWidth: ANCHO.fecha,
      // On a phone the client, the route, the state and the value come under the departure: their columns
      // do not fit beside the action (Historial's rows, of every state, said none of them).
      cell: (f) =>
        telefono ? (
          <SpaceBetween size="xxxs">
            <Salida f={f} />
            <Box fontWeight="bold">{f.cliente}</Box>
            <Ruta origen={f.origen} destino={f.destino} />
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <EstadoServicio estado={f.estado} enCurso={f.recorridoIniciado} />
              <Pesos valor={f.valorOferta} />
            </SpaceBetween>
          </SpaceBetween>
        ) : (
          <Salida f={f} />
        ),
    },
    { id: 'cliente', header: 'Cliente', isRowHeader: true, minWidth: ANCHO.nombre, peso: 1.5, cell: (f) => f.cliente },
    { id: 'ruta', header: 'Ruta', peso: 2, minWidth: ANCHO.ruta, cell: (f) => <Ruta origen={f.origen} destino={f.destino} /> },
    {
      id: 'vehiculo',
      header: 'Vehículo',
      peso: 1.5,
      // What was asked for, and under it what was assigned: one column, so that nine fit 1280 px.
      cell: (f) => (
        <SpaceBetween size="xxxs">
          <span>{`${textoTipoVehiculo(f.tipo)} · ${f.pasajeros} pas.`}</span>
          <Box variant="small">{f.placas === POR_ASIGNAR ? 'Sin asignar' : `${f.placas} · ${f.conductor}`}</Box>
        </SpaceBetween>
      ),
    },
    ...(plataforma ? [{ id: 'empresa', header: 'Empresa', minWidth: ANCHO.nombre, cell: (f: ServicioFila) => f.nombreEmpresaAliada || f.empresaAliada }] : []),
    { id: 'valor', header: 'Valor', cell: (f) => <Pesos valor={f.valorOferta} /> },
    { id: 'estado', header: 'Estado', cell: (f) => <EstadoServicio estado={f.estado} enCurso={f.recorridoIniciado} /> },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: (f) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="inline-link" ariaLabel={`Ver detalle del servicio de ${f.cliente}, sale ${formatDateTime(f.fechaSalida)}`} onClick={() => verDetalle(f)}>
            <span className="sin-corte">Ver detalle</span>
          </Button>
          {/* A trip under way: the map, centred on its vehicle, and the link the client sends its passengers. */}
          {enCurso && f.recorridoIniciado && (
            <Button variant="inline-link" ariaLabel={`Ver en el mapa el vehículo ${f.placas} del servicio de ${f.cliente}`} onClick={() => enCurso.verEnMapa(f)}>
              <span className="sin-corte">Ver en el mapa</span>
            </Button>
          )}
          {enCurso && f.recorridoIniciado && <EnlacePasajeros enlace={enCurso.enlaceDe(f.id)} cliente={f.cliente} />}
        </SpaceBetween>
      ),
    },
  ];
}

/** The live trip link (docs/decisions/0014), copied for the client to send its passengers. */
function EnlacePasajeros({ enlace, cliente }: { enlace: string | null | undefined; cliente: string }) {
  if (!enlace) return null;
  return (
    // Its popover's message wraps between words (Cloudscape's status text breaks inside them: "para s / us").
    <span className="copiar-enlace">
      <CopyToClipboard
        variant="inline"
        textToCopy={enlace}
        copyButtonAriaLabel={`Copiar el enlace de seguimiento para los pasajeros de ${cliente}`}
        copySuccessText="Enlace copiado. Envíalo al cliente para sus pasajeros."
        copyErrorText="No se pudo copiar el enlace"
        textToDisplay={<span className="sin-corte">Copiar enlace</span>}
      />
    </span>
  );
}

/** What a phone shows of a service's row; the rest is in its detail. */
export const SERVICIO_EN_TELEFONO = ['salida', 'acciones'];

export const CSV_SERVICIO: ColumnaCsv<ServicioFila>[] = [
  { titulo: 'Servicio', valor: (f) => f.id },
  { titulo: 'Salida', valor: (f) => fechaHoraEnBogota(f.fechaSalida) },
  { titulo: 'Cliente', valor: (f) => f.cliente },
  { titulo: 'Origen', valor: (f) => f.origen },
  { titulo: 'Destino', valor: (f) => f.destino },
  { titulo: 'Tipo', valor: (f) => textoTipoVehiculo(f.tipo) },
  { titulo: 'Pasajeros', valor: (f) => f.pasajeros },
  { titulo: 'Placas', valor: (f) => asignado(f.placas) },
  { titulo: 'Conductor', valor: (f) => asignado(f.conductor) },
  { titulo: 'Empresa', valor: (f) => f.nombreEmpresaAliada },
  { titulo: 'Valor', valor: (f) => f.valorOferta ?? '' },
  { titulo: 'Método de pago', valor: (f) => (f.metodoPago ? METODO_TEXTO[f.metodoPago] : '') },
  { titulo: 'Estado', valor: (f) => `${textoDeEstado(f.estado, f.recorridoIniciado)}${reservaVencida(f, new Date()) ? ` (${MAPA_MSG.vencida.toLowerCase()})` : ''}` },
  { titulo: 'Motivo de cancelación', valor: (f) => f.cancelacion?.motivo ?? '' },
];

const BUSCAR = 'Buscar por cliente, ruta, tipo, placas, conductor o servicio';

/** One service list, with the company filter for marketplace staff and the detail per row. */
function ListaDeServicios({ lista }: { lista: ListaServiciosId }) {
  const plataforma = useEsPlataforma();
  const telefono = useEsTelefono();
  const navigate = useNavigate();
  const [empresa, setEmpresa] = useState<string | null>(null);
  const [detalle, setDetalle] = useState<ServicioFila | null>(null);
  const def = listaServicios(lista);
  const enCursoLista = lista === 'en-curso' && !plataforma;
  // The shell polls the same query: the links come with no request of their own.
  const recorridos = useRecorridosEnCurso(enCursoLista).data?.recorridos;
  // Staff check a payment in validation from here too (the bottom bar's 'Reservas por Validar' leads here).
  const accion = plataforma && detalle?.estado === 'validar' ? detalle.metodoPago : null;
  return (
    <>
      <ListaPaginada
        variant="borderless"
        titulo={def.titulo}
        fuente={FUENTES.servicios(lista, plataforma ? empresa : null)}
        columnas={columnasServicio(
          plataforma,
          setDetalle,
          telefono,
          enCursoLista ? { verEnMapa: (f) => navigate(`/panel-control/monitor-map?servicio=${encodeURIComponent(f.id)}`), enlaceDe: (id) => recorridos?.find((r) => r.id === id)?.enlace } : undefined,
        )}
        vacio={def.vacio}
        sinCoincidencias="Ningún servicio coincide con la búsqueda"
        buscarPor={BUSCAR}
        csv={{ nombre: `servicios-${lista}`, columnas: CSV_SERVICIO }}
        // The tab already says the stage: the state is in the detail.
        enTelefono={SERVICIO_EN_TELEFONO}
        acciones={plataforma ? <FiltroEmpresa valor={empresa} onChange={setEmpresa} /> : undefined}
      />
      <DetallePagoModal id={detalle?.id ?? null} accion={accion} onClose={() => setDetalle(null)} />
    </>
  );
}

/**
 * `reservas` (Reservas por Validar) and its tab routes `lista-de-reservas`, `viajes-confirmados`,
 * `viajes-finalizados` (docs/spec/01.md section 2, "Payment and service lists"): the Reservas card whose
 * 'Reservas Activas' chip opens tab 2, and the four tabs. Each tab has its own address.
 */
export function ServiciosPage({ title, inicial = 'pedidos' }: { title: string; inicial?: ListaServiciosId }) {
  const irA = usePestanasDeRuta();
  const telefono = useEsTelefono();
  const abrir = (id: ListaServiciosId) => id !== inicial && irA(`/panel-control/${listaServicios(id).ruta}`);
  const opcion = (id: ListaServiciosId) => ({ value: id, label: listaServicios(id).titulo });
  return (
    <ContentLayout header={<Header variant="h1" description={`Los servicios de cada etapa, desde la validación del pago hasta el fin del viaje. Se actualizan solos. ${MAPA_MSG.vencidaExplicada}`}>{title}</Header>}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Reservas</Header>}>
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            <Box>Las reservas con pago validado, listas para asignar vehículo y cargar el FUEC.</Box>
            <Button variant={inicial === 'reservados' ? 'primary' : 'normal'} onClick={() => abrir('reservados')}>
              Reservas Activas
            </Button>
          </SpaceBetween>
        </Container>
        <Container>
          {telefono ? (
            // The four tabs scrolled sideways at 390 px, 'Finalizados' out of sight (issue 47): a phone chooses the stage in a Select.
            <SpaceBetween size="m">
              <div className="pestanas-en-telefono">
                <FormField label="Estado de los servicios">
                  <Select selectedOption={opcion(inicial)} options={PESTANAS.map(opcion)} onChange={({ detail }) => abrir(detail.selectedOption.value as ListaServiciosId)} />
                </FormField>
              </div>
              <ListaDeServicios lista={inicial} />
            </SpaceBetween>
          ) : (
            <Tabs
              activeTabId={inicial}
              onChange={({ detail }) => abrir(detail.activeTabId as ListaServiciosId)}
              ariaLabel="Estado de los servicios"
              tabs={PESTANAS.map((id) => ({ id, label: listaServicios(id).titulo, content: id === inicial ? <ListaDeServicios lista={id} /> : null }))}
            />
          )}
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}

export const paginaDeServicios = (inicial: ListaServiciosId) =>
  function PestanaDeServicios({ title }: { title: string }) {
    return <ServiciosPage title={title} inicial={inicial} />;
  };

/** `servicios-en-curso`: trips under way (confirmed and started, not finished). */
export function EnCursoPage({ title }: { title: string }) {
  return (
    <ContentLayout header={<Header variant="h1" description="Viajes iniciados que aún no han terminado. Se actualizan solos.">{title}</Header>}>
      <ListaDeServicios lista="en-curso" />
    </ContentLayout>
  );
}
