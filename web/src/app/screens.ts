import type { IconProps } from '@cloudscape-design/components/icon';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Every panel screen, declared once: the router, the side menu, the bottom bar and the document
 * title all read this list (spec 01 section 2 "Control-panel shell"; who sees what: PRODUCT.md).
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
  icon: IconProps.Name;
  /** Who may open it; anyone else gets the 'no permission' state. */
  roles: readonly PanelRole[];
  /** Open only with a complete profile and a first corporate photo (spec 01 sections 4 and 6). */
  gated: boolean;
  /** Position in the side menu; absent: not there. */
  sideMenu?: number;
  /** Position in the bottom bar; absent: not there. */
  bottomBar?: number;
  /** A count on the bottom-bar tab. */
  badge?: 'pendingPayments';
  /** Absent until its issue builds it: the shared 'not available yet' placeholder shows instead. */
  component?: LazyExoticComponent<ComponentType<ScreenProps>>;
}

/* Every screen is its own chunk: the panel must not pay for the map, nor the map for the fleet. */
const screen = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

const SCREENS = [
  {
    path: 'perfil',
    title: 'Cuenta',
    menuLabel: 'Perfil de Usuario',
    icon: 'user-profile',
    roles: EVERYONE,
    gated: false,
    sideMenu: 1,
    component: screen(() => import('../features/profile/components/profile-page.js'), (m) => m.ProfilePage),
  },
  { path: 'monitor-map', title: 'Mapa de Monitoreo', icon: 'map', roles: COMPANY, gated: true, sideMenu: 2, bottomBar: 3 },
  {
    path: 'gestiona-flota',
    title: 'Gestiona Flota',
    tabLabel: 'Gestionar Flota',
    icon: 'list-view',
    roles: COMPANY,
    gated: true,
    sideMenu: 3,
    bottomBar: 1,
  },
  {
    path: 'registro-interno',
    title: 'Registra Nuevo Usuario',
    menuLabel: 'Registrar Nuevo Usuario',
    icon: 'add-plus',
    roles: ADMIN,
    gated: true,
    sideMenu: 4,
    component: screen(
      () => import('../features/users/components/internal-registration-page.js'),
      (m) => m.InternalRegistrationPage,
    ),
  },
  { path: 'reservas', title: 'Reservas por Validar', icon: 'calendar', roles: EVERYONE, gated: false, bottomBar: 2 },
  {
    path: 'pagos',
    title: 'Pagos Pendientes',
    icon: 'status-pending',
    roles: EVERYONE,
    gated: false,
    bottomBar: 4,
    badge: 'pendingPayments',
  },
  {
    path: 'servicios-en-curso',
    title: 'Servicios en Curso',
    icon: 'status-in-progress',
    roles: EVERYONE,
    gated: false,
    bottomBar: 5,
  },
  { path: 'usuarios', title: 'Usuarios', icon: 'group', roles: PLATAFORMA, gated: false },
  { path: 'operadores', title: 'Operadores', icon: 'contact', roles: PLATAFORMA, gated: false },
  { path: 'operadores-nuevos', title: 'Operadores Nuevos', icon: 'contact', roles: PLATAFORMA, gated: false },
  { path: 'conductores', title: 'Conductores', icon: 'user-profile-active', roles: PLATAFORMA, gated: false },
  { path: 'conductores-por-validar', title: 'Conductores por Validar', icon: 'user-profile-active', roles: PLATAFORMA, gated: false },
  { path: 'conductores-nuevos', title: 'Conductores Nuevos', icon: 'user-profile-active', roles: PLATAFORMA, gated: false },
  { path: 'guias', title: 'Guías', icon: 'location-pin', roles: PLATAFORMA, gated: false },
  { path: 'guias-por-validar', title: 'Guías por Validar', icon: 'location-pin', roles: PLATAFORMA, gated: false },
  { path: 'guias-nuevos', title: 'Guías Nuevos', icon: 'location-pin', roles: PLATAFORMA, gated: false },
  { path: 'validarEpayco', title: 'Pagos Epayco por Validar', icon: 'check', roles: PLATAFORMA, gated: false },
  { path: 'validarTransferencia', title: 'Pagos por Transferencia por Validar', icon: 'check', roles: PLATAFORMA, gated: false },
  { path: 'lista-de-reservas', title: 'Lista de Reservas', icon: 'list-view', roles: EVERYONE, gated: false },
  { path: 'reservaciones', title: 'Reservaciones', icon: 'calendar', roles: COMPANY, gated: false },
  { path: 'viajes-confirmados', title: 'Viajes Confirmados', icon: 'status-positive', roles: EVERYONE, gated: false },
  { path: 'viajes-finalizados', title: 'Viajes Finalizados', icon: 'flag', roles: EVERYONE, gated: false },
  { path: 'anticipos', title: 'Anticipos por Pagar', icon: 'upload-download', roles: PLATAFORMA, gated: false },
  { path: 'saldos', title: 'Saldos por Pagar', icon: 'upload-download', roles: PLATAFORMA, gated: false },
  { path: 'recompensas', title: 'Recompensas por Referidos', icon: 'star', roles: PLATAFORMA, gated: false },
  { path: 'historial', title: 'Historial', icon: 'history', roles: EVERYONE, gated: false },
] as const satisfies readonly PanelScreen[];

export type ScreenPath = (typeof SCREENS)[number]['path'];
export const PANEL_SCREENS: readonly PanelScreen[] = SCREENS;

export const PANEL_BASE = '/panel-control';
export const panelPath = (path: ScreenPath | 'salir') => `${PANEL_BASE}/${path}`;

export const screenHref = (screen: PanelScreen) => `${PANEL_BASE}/${screen.path}`;
export const screenAt = (path: ScreenPath): PanelScreen => PANEL_SCREENS.find((s) => s.path === path)!;

/** Why gated screens are closed: the side menu's hint and the locked screen say the same. */
export const GATE_HINT = 'Completa tu perfil y sube una foto corporativa';

/** What the menus need to know of the signed-in user (from `/me`, or its stored copy while it loads). */
export interface Viewer {
  groups: readonly string[];
  perfilCompleto: boolean;
}

export const maySee = (screen: PanelScreen, groups: readonly string[]): boolean =>
  screen.roles.some((role) => groups.includes(role));

export const isForEveryone = (screen: PanelScreen): boolean => EVERYONE.every((role) => screen.roles.includes(role));

/** The side menu's or the bottom bar's screens for these groups, in their order there. */
export function navScreens(place: 'sideMenu' | 'bottomBar', groups: readonly string[]): PanelScreen[] {
  return PANEL_SCREENS.filter((s) => s[place] !== undefined && maySee(s, groups)).sort((a, b) => a[place]! - b[place]!);
}
