/**
 * The protected area's child routes (spec 01 section 2) and their Spanish titles. Every screen but
 * `salir` shows the shared "not available yet" placeholder until its own issue builds it.
 */
export const PANEL_SCREENS = [
  { path: 'monitor-map', title: 'Mapa de Monitoreo' },
  { path: 'gestiona-flota', title: 'Gestiona Flota' },
  { path: 'usuarios', title: 'Usuarios' },
  { path: 'registro-interno', title: 'Registra Nuevo Usuario' },
  { path: 'reservas', title: 'Reservas por Validar' },
  { path: 'pagos', title: 'Pagos Pendientes' },
  { path: 'operadores', title: 'Operadores' },
  { path: 'operadores-nuevos', title: 'Operadores Nuevos' },
  { path: 'conductores', title: 'Conductores' },
  { path: 'conductores-por-validar', title: 'Conductores por Validar' },
  { path: 'conductores-nuevos', title: 'Conductores Nuevos' },
  { path: 'guias', title: 'Guías' },
  { path: 'guias-por-validar', title: 'Guías por Validar' },
  { path: 'guias-nuevos', title: 'Guías Nuevos' },
  { path: 'validarEpayco', title: 'Pagos Epayco por Validar' },
  { path: 'servicios-en-curso', title: 'Servicios en Curso' },
  { path: 'lista-de-reservas', title: 'Lista de Reservas' },
  { path: 'reservaciones', title: 'Reservaciones' },
  { path: 'viajes-confirmados', title: 'Viajes Confirmados' },
  { path: 'viajes-finalizados', title: 'Viajes Finalizados' },
  { path: 'validarTransferencia', title: 'Pagos por Transferencia por Validar' },
  { path: 'anticipos', title: 'Anticipos por Pagar' },
  { path: 'saldos', title: 'Saldos por Pagar' },
  { path: 'recompensas', title: 'Recompensas por Referidos' },
  { path: 'historial', title: 'Historial' },
  { path: 'perfil', title: 'Perfil de Usuario' },
] as const;

export const PANEL_BASE = '/panel-control';
export const panelPath = (path: string) => `${PANEL_BASE}/${path}`;
