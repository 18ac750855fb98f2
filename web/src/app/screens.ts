import type { IconProps } from '@cloudscape-design/components/icon';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ListaServiciosId } from '@shared/domain/listas.js';
import type { ListaId } from '@shared/domain/proveedores.js';
import type { MeResponse } from '@shared/schemas/empresa.js';

/**
 * Every panel screen, declared once: the router, the side menu, the bottom bar and the document
 * title all read this list (docs/spec/01.md section 2 "Control-panel shell"; who sees what: docs/product.md).
 */

/** Console groups, as `GET /me` answers them in `groups`. */
export type PanelRole = 'admin' | 'user' | 'plataforma';

const EVERYONE = ['admin', 'user', 'plataforma'] as const;
const COMPANY = ['admin', 'user'] as const;
const ADMIN = ['admin'] as const;
const PLATAFORMA = ['plataforma'] as const;

/** What each screen component receives: its title comes from here, so heading and tab title agree. */
export interface ScreenProps {
  title: string;
}

export interface PanelScreen {
  /** Below /panel-control. */
  path: string;
  /** The screen's own title, as the spec words it: its heading and the document title. */
  title: string;
  /** The side menu's wording, where the spec's differs from the title. */
  menuLabel?: string;
  /** The bottom bar's wording, where the spec's differs from the title. */
  tabLabel?: string;
  /** The bottom bar's word on phones, where the full one would take two lines (part of the full one). */
  shortLabel?: string;
  icon: IconProps.Name;
  /** Who may open it; anyone else gets the 'no permission' state. */
  roles: readonly PanelRole[];
  /** Open only with a complete profile and a first corporate photo (docs/spec/01.md sections 4 and 6). */
  gated: boolean;
  /** Position in the side menu; absent: not there. */
  sideMenu?: number;
  /** Position in the bottom bar; absent: not there. */
  bottomBar?: number;
  /** A count on the bottom-bar tab. */
  badge?: 'pendingPayments';
  /** A form or a start page: kept to the layout's reading width on wide screens; lists and the map take the whole width. */
  lectura?: true;
  /** The screen itself, loaded when first opened. */
  component: LazyExoticComponent<ComponentType<ScreenProps>>;
  /** Whether its code and data are fetched ahead when the console opens on its address (default true). */
  adelantar?: false;
  /** The screen's first request, started with its code when the console opens on its address (app/preload.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, as prefetchQuery takes them
  datos?: () => Promise<FetchQueryOptions<any, any, any, any>>;
}

/* Every screen is its own chunk: the panel must not pay for the map, nor the map for the fleet. */
const loaders = new WeakMap<PanelScreen['component'], () => Promise<unknown>>();
const screen = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>) => {
  const component = lazy(() => load().then((module) => ({ default: pick(module) })));
  loaders.set(component, load);
  return component;
};
/** Fetches a screen's code ahead of its render; the lazy component then finds it loaded. */
export const preloadScreen = (s: PanelScreen): Promise<unknown> => loaders.get(s.component)?.() ?? Promise.resolve();

/** A provider list's own route: the panel opened on that list. */
const pagos = () => import('../features/pagos/components/pagos-page.js');
const validarPagos = () => import('../features/pagos/components/validar-pagos-page.js');
const recompensas = () => import('../features/pagos/components/recompensas-page.js');
const servicios = () => import('../features/pagos/components/servicios-page.js');
/** The first page of a service list, what its screen asks for first (app/preload.ts). */
const primeraPagina = (lista: ListaServiciosId) => () =>
  Promise.all([import('../lib/listas.js'), import('../features/pagos/api/pagos.js')]).then(([l, p]) => l.paginaQuery(p.FUENTES.servicios(lista, null), '', null));

const lista = <P extends ListaId>(path: P, title: string, icon: IconProps.Name) => ({
  path,
  title,
  icon,
  roles: PLATAFORMA,
  gated: false,
  component: screen(() => import('../features/proveedores/components/proveedores-page.js'), (m) => m.paginaDeLista(path)),
});

const SCREENS = [
  {
    path: 'inicio',
    lectura: true,
    title: 'Inicio',
    icon: 'grid-view',
    roles: PLATAFORMA,
    gated: false,
    sideMenu: 0,
    // A lazy import: the start page lists the screens of this registry, loaded after it (no init-time cycle).
    // eslint-disable-next-line import-x/no-cycle
    component: screen(() => import('./shell/platform-home.js'), (m) => m.PlatformHome),
  },
  {
    path: 'perfil',
    lectura: true,
    title: 'Cuenta',
    menuLabel: 'Perfil de Usuario',
    icon: 'user-profile',
    roles: EVERYONE,
    gated: false,
    sideMenu: 1,
    component: screen(() => import('../features/perfil/components/perfil-page.js'), (m) => m.PerfilPage),
  },
  {
    path: 'monitor-map',
    title: 'Mapa de Monitoreo',
    shortLabel: 'Mapa',
    icon: 'map',
    roles: COMPANY,
    gated: true,
    sideMenu: 2,
    bottomBar: 3,
    component: screen(() => import('../features/mapa/components/mapa-monitoreo-page.js'), (m) => m.MapaMonitoreoPage),
    // Opened on its address, nothing is fetched ahead (preloadPanelCode in router.tsx: not the panel's
    // code, `/me` nor the feed): with the code and the feed ahead, the panel and the map rendered in one
    // 270-400 ms task and the map's WebGL start-up ran while the panel drew (Lighthouse median 70
    // instead of 91, 7 runs each; 870-990 ms of WebGL start-up instead of 120-310 before that). Again
    // with the legend shown at once and the canvas hidden until drawn, the code alone ahead: median 81
    // instead of 93 (400-500 ms render tasks once `/me` answered).
    adelantar: false,
  },
  {
    path: 'gestiona-flota',
    title: 'Gestiona Flota',
    tabLabel: 'Gestionar Flota',
    shortLabel: 'Flota',
    icon: 'list-view',
    roles: COMPANY,
    gated: true,
    sideMenu: 3,
    bottomBar: 1,
    component: screen(() => import('../features/flota/components/flota-page.js'), (m) => m.FlotaPage),
    datos: () => import('../lib/vehiculos.js').then((m) => m.vehiculosQuery),
  },
  {
    // Beyond the spec (issue 48, docs/decisions/0016): the company's figures, for its admins.
    path: 'resumen',
    title: 'Resumen',
    icon: 'view-vertical',
    roles: ADMIN,
    gated: true,
    sideMenu: 3.5,
    component: screen(() => import('../features/resumen/components/resumen-page.js'), (m) => m.ResumenPage),
  },
  {
    path: 'registro-interno',
    lectura: true,
    title: 'Registra Nuevo Usuario',
    menuLabel: 'Registrar Nuevo Usuario',
    icon: 'add-plus',
    roles: ADMIN,
    gated: true,
    sideMenu: 4,
    component: screen(
      () => import('../features/usuarios/components/registro-interno-page.js'),
      (m) => m.RegistroInternoPage,
    ),
  },
  {
    path: 'reservas',
    title: 'Reservas por Validar',
    shortLabel: 'Reservas',
    icon: 'calendar',
    roles: EVERYONE,
    gated: false,
    bottomBar: 2,
    component: screen(servicios, (m) => m.paginaDeServicios('pedidos')),
    datos: primeraPagina('pedidos'),
  },
  {
    path: 'pagos',
    title: 'Pagos Pendientes',
    shortLabel: 'Pagos',
    icon: 'status-pending',
    roles: EVERYONE,
    gated: false,
    bottomBar: 4,
    badge: 'pendingPayments',
    component: screen(pagos, (m) => m.PagosPage),
  },
  {
    path: 'servicios-en-curso',
    title: 'Servicios en Curso',
    shortLabel: 'En curso',
    icon: 'status-in-progress',
    roles: EVERYONE,
    gated: false,
    bottomBar: 5,
    component: screen(servicios, (m) => m.EnCursoPage),
  },
  {
    path: 'usuarios',
    title: 'Usuarios',
    icon: 'group',
    roles: PLATAFORMA,
    gated: false,
    sideMenu: 5,
    component: screen(() => import('../features/proveedores/components/proveedores-page.js'), (m) => m.ProveedoresPage),
  },
  // docs/spec/01.md section 2: each of the eight lists has its own route, opening the same panel on it (titles
  // as in shared/domain/proveedores.ts, checked by test/unit/proveedores.test.ts; kept here so the
  // sign-in page's first load does not carry the provider module).
  lista('conductores-nuevos', 'Conductores Nuevos', 'user-profile-active'),
  lista('conductores-por-validar', 'Conductores por Validar', 'user-profile-active'),
  lista('conductores', 'Conductores Activos', 'user-profile-active'),
  lista('operadores-nuevos', 'Operadores Nuevos', 'contact'),
  lista('operadores', 'Operadores Activos', 'contact'),
  lista('guias-nuevos', 'Guías Nuevos', 'location-pin'),
  lista('guias-por-validar', 'Guías por Validar', 'location-pin'),
  lista('guias', 'Guías Activos', 'location-pin'),
  { path: 'validarEpayco', title: 'Pagos Epayco por Validar', icon: 'check', roles: PLATAFORMA, gated: false, sideMenu: 6, component: screen(validarPagos, (m) => m.paginaPorValidar('epayco')) },
  {
    path: 'validarTransferencia',
    title: 'Pagos por Transferencia por Validar',
    icon: 'check',
    roles: PLATAFORMA,
    gated: false,
    sideMenu: 7,
    component: screen(validarPagos, (m) => m.paginaPorValidar('transferencia')),
  },
  { path: 'lista-de-reservas', title: 'Lista de Reservas', icon: 'list-view', roles: EVERYONE, gated: false, component: screen(servicios, (m) => m.paginaDeServicios('reservados')), datos: primeraPagina('reservados') },
  {
    path: 'reservaciones',
    title: 'Reservaciones',
    icon: 'calendar',
    roles: COMPANY,
    gated: true,
    // Beyond the spec's side menu: where the FUEC step lands, so it must be reachable.
    sideMenu: 2.5,
    component: screen(() => import('../features/mapa/components/reservas-page.js'), (m) => m.ReservasPage),
  },
  { path: 'viajes-confirmados', title: 'Viajes Confirmados', icon: 'status-positive', roles: EVERYONE, gated: false, component: screen(servicios, (m) => m.paginaDeServicios('confirmados')), datos: primeraPagina('confirmados') },
  { path: 'viajes-finalizados', title: 'Viajes Finalizados', icon: 'flag', roles: EVERYONE, gated: false, component: screen(servicios, (m) => m.paginaDeServicios('finalizados')), datos: primeraPagina('finalizados') },
  { path: 'anticipos', title: 'Anticipos por Pagar', icon: 'upload-download', roles: PLATAFORMA, gated: false, sideMenu: 8, component: screen(pagos, (m) => m.paginaDePagos('anticipo')) },
  { path: 'saldos', title: 'Saldos por Pagar', icon: 'upload-download', roles: PLATAFORMA, gated: false, sideMenu: 9, component: screen(pagos, (m) => m.paginaDePagos('saldo')) },
  { path: 'recompensas', title: 'Recompensas por Referidos', icon: 'star', roles: PLATAFORMA, gated: false, sideMenu: 10, component: screen(recompensas, (m) => m.RecompensasPage) },
  {
    path: 'historial',
    title: 'Historial',
    icon: 'history',
    roles: EVERYONE,
    gated: false,
    // Beyond the spec's side menu: the bottom bar has no room for it, and it must be reachable.
    sideMenu: 11,
    component: screen(() => import('../features/pagos/components/historial-page.js'), (m) => m.HistorialPage),
  },
] as const satisfies readonly PanelScreen[];

export type ScreenPath = (typeof SCREENS)[number]['path'];
export const PANEL_SCREENS: readonly PanelScreen[] = SCREENS;

export const PANEL_BASE = '/panel-control';
export const panelPath = (path: ScreenPath | 'salir') => `${PANEL_BASE}/${path}`;

export const screenHref = (screen: PanelScreen) => `${PANEL_BASE}/${screen.path}`;
export const screenAt = (path: ScreenPath): PanelScreen => PANEL_SCREENS.find((s) => s.path === path)!;

/** What the menus need to know of the signed-in user (from `/me`, or its stored copy while it loads). */
export interface Viewer {
  groups: readonly string[];
  perfilCompleto: boolean;
  /** Whether the company already has its first corporate photo (the hint then asks only for the profile). */
  conFotoCorporativa?: boolean;
}

/** The viewer as `/me` says: who, and what the profile still lacks. */
export const viewerDe = (me: Pick<MeResponse, 'groups' | 'perfilCompleto' | 'empresa'>): Viewer => ({
  groups: me.groups,
  perfilCompleto: me.perfilCompleto,
  conFotoCorporativa: !!me.empresa?.fotosCorporativas[0],
});

/**
 * One rule for every way in (side menu, bottom bar, typed address): a gated screen is closed until
 * the profile is complete. `/me` answers perfilCompleto true for marketplace staff, who have no company.
 */
export const isLocked = (screen: PanelScreen, viewer: Viewer): boolean => screen.gated && !viewer.perfilCompleto;

/**
 * Why gated screens are closed, in the same words everywhere: the profile, and the corporate photo
 * while the company has none. Only a company admin can upload it, so the company's staff are told who does.
 */
export const gateHint = ({ groups, conFotoCorporativa }: Viewer): string =>
  conFotoCorporativa
    ? 'Completa tu perfil'
    : groups.includes('admin')
      ? 'Completa tu perfil y sube una foto corporativa'
      : 'Completa tu perfil; un administrador de tu empresa debe subir una foto corporativa';

export const maySee = (screen: PanelScreen, groups: readonly string[]): boolean =>
  screen.roles.some((role) => groups.includes(role));

export const isForEveryone = (screen: PanelScreen): boolean => EVERYONE.every((role) => screen.roles.includes(role));

/** The side menu's or the bottom bar's screens for these groups, in their order there. */
export function navScreens(place: 'sideMenu' | 'bottomBar', groups: readonly string[]): PanelScreen[] {
  return PANEL_SCREENS.filter((s) => s[place] !== undefined && maySee(s, groups)).sort((a, b) => a[place]! - b[place]!);
}
