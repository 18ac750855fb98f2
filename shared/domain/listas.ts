import { POR_ASIGNAR, SERVICE_STATES, type ServiceState } from '../schemas/service.js';
import { textoDeBusqueda } from './proveedores.js';

/**
 * The service lists (docs/spec/01.md section 2, "Payment and service lists"; issue "Payments…", item 4): each
 * reads one state of the company's services from the index `porEstadoEmpresa` (`<empresa>#<estado>`),
 * or of every company's from `byEstado` for marketplace staff. 'Pedidos' are the reservations the
 * client accepted and whose payment is being validated (the bottom bar's 'Reservas por Validar').
 */
export const LISTAS_SERVICIOS = [
  { id: 'pedidos', titulo: 'Pedidos', estado: 'validar', vacio: 'No hay pedidos pendientes', ruta: 'reservas', recientesPrimero: false, soloIniciados: false },
  { id: 'reservados', titulo: 'Reservados', estado: 'reservado', vacio: 'No hay Reservaciones Registradas', ruta: 'lista-de-reservas', recientesPrimero: false, soloIniciados: false },
  { id: 'confirmados', titulo: 'Confirmados', estado: 'confirmado', vacio: 'No hay Viajes Confirmados Registrados', ruta: 'viajes-confirmados', recientesPrimero: false, soloIniciados: false },
  { id: 'finalizados', titulo: 'Finalizados', estado: 'finalizado', vacio: 'No hay Viajes Finalizados Registrados', ruta: 'viajes-finalizados', recientesPrimero: true, soloIniciados: false },
  /** Trips under way: confirmed and started, not finished (the bottom bar's 'Servicios en Curso'). */
  { id: 'en-curso', titulo: 'Servicios en Curso', estado: 'confirmado', vacio: 'No hay Servicios en Curso', ruta: 'servicios-en-curso', recientesPrimero: false, soloIniciados: true },
] as const satisfies readonly {
  id: string;
  titulo: string;
  estado: ServiceState;
  vacio: string;
  ruta: string;
  recientesPrimero: boolean;
  soloIniciados: boolean;
}[];
export type ListaServicios = (typeof LISTAS_SERVICIOS)[number];
export type ListaServiciosId = ListaServicios['id'];
export const LISTA_SERVICIOS_IDS = LISTAS_SERVICIOS.map((l) => l.id) as [ListaServiciosId, ...ListaServiciosId[]];
export const listaServicios = (id: ListaServiciosId): ListaServicios => LISTAS_SERVICIOS.find((l) => l.id === id)!;

/** The history's states: a service is a company's from its acceptance on (a pending one is nobody's yet). */
export const ESTADOS_HISTORIAL = SERVICE_STATES.filter((e): e is Exclude<ServiceState, 'pendiente'> => e !== 'pendiente');

/**
 * The history's totals of some of its services: the API's over a range, the console's over the rows a
 * search leaves. A cancelled reservation was not served and its value went back to the client: counted apart.
 */
export function totalesHistorial(filas: readonly { estado: string; valorOferta: number | null }[]) {
  const suma = (fs: readonly { valorOferta: number | null }[]) => fs.reduce((t, f) => t + (f.valorOferta ?? 0), 0);
  const servidos = filas.filter((f) => f.estado !== 'cancelado');
  const finalizados = filas.filter((f) => f.estado === 'finalizado');
  return {
    servicios: servidos.length,
    enValidacion: filas.filter((f) => f.estado === 'validar').length,
    cancelados: filas.length - servidos.length,
    valor: suma(servidos),
    finalizados: finalizados.length,
    valorFinalizados: suma(finalizados),
  };
}

/** The pending-payment lists (docs/spec/01.md section 2): the client's payments to validate and the driver's payouts. */
export const LISTAS_PAGOS = [
  { id: 'epayco', titulo: 'Epayco', vacio: 'No hay Pagos Epayco por Validar', ruta: 'validarEpayco' },
  { id: 'transferencia', titulo: 'Transferencia', vacio: 'No hay Reservas en proceso de validación - Pagos por TRANSFERENCIA', ruta: 'validarTransferencia' },
  { id: 'anticipo', titulo: 'Anticipos', vacio: 'No hay anticipos Por Pagar', ruta: 'anticipos' },
  { id: 'saldo', titulo: 'Saldos', vacio: 'No hay Saldos Por Pagar a Conductores', ruta: 'saldos' },
] as const;
export type ListaPagosId = (typeof LISTAS_PAGOS)[number]['id'];

/**
 * The text a service list's filter searches (lower case, no accents): id, client, route, vehicle type
 * and class, the assigned plates and driver, the company. Kept on the record as `busqueda`.
 */
export function busquedaServicio(s: {
  id: string;
  empresa: string;
  origen: string;
  destino: string;
  tipo: string;
  clase: string;
  placas?: string;
  conductor?: string;
  nombreEmpresaAliada?: string;
}): string {
  const asignado = s.placas && s.placas !== POR_ASIGNAR ? [s.placas, s.conductor] : [];
  return textoDeBusqueda([s.id, s.empresa, s.origen, s.destino, s.tipo, s.clase, ...asignado, s.nombreEmpresaAliada]);
}
