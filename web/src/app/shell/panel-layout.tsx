import AppLayout from '@cloudscape-design/components/app-layout';
import I18nProvider from '@cloudscape-design/components/i18n';
import messages from 'virtual:cloudscape-messages/panel';
import { Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen.js';
import { dialogoAbierto } from '../../lib/dialogo.js';
import { alCambiarDePagina, enfocarContenido, enfocarTrasNavegar, rescatarFoco } from '../../lib/foco.js';
import { useMe } from '../../lib/me/get-me.js';
import { ENTRAR } from '../../features/auth/api/paths.js';
import { readStoredUsuario } from '../../lib/me/stored-usuario.js';
import { PANEL_BASE, PANEL_SCREENS, viewerDe, type Viewer } from '../screens.js';
import { BottomNav } from './bottom-nav.js';
import { useAvisoInicio } from './use-aviso-inicio.js';
import { SideMenu } from './side-menu.js';
import { TopBar } from './top-bar.js';
import { GuardiaDeNavegacion } from '../../components/descarte.js';

/** docs/spec/01.md "Control-panel shell": top bar, collapsible side menu, routed content, bottom bar. */
export default function PanelLayout() {
  // Closed at first: the spec's menu opens from its button.
  const [navigationOpen, setNavigationOpen] = useState(false);
  const { data: me } = useMe();
  // Until `/me` answers, the stored copy keeps the menus from changing under the user's eyes.
  const stored = useMemo(readStoredUsuario, []);
  const viewer: Viewer = me
    ? viewerDe(me)
    : stored
      ? { groups: stored.groups, perfilCompleto: stored.perfilCompleto, conFotoCorporativa: !!stored.fotosCorporativas[0] }
      : { groups: [], perfilCompleto: false };
  // A screen opened by a link or a redirect starts at its top, not where the last one was scrolled to
  // (Back and Forward are left to the browser). Here rather than React Router's ScrollRestoration: that
  // would add 1 KB to the sign-in page's first load, which has none to spare.
  const { key, pathname } = useLocation();
  // A trip of the company that starts is said on any screen (docs/spec/02.md section 2.6).
  useAvisoInicio(viewer.groups.some((g) => g === 'admin' || g === 'user'));
  // Lists and the map use a wide screen whole (at 1920 px a nine-column list sat in 1,238 px between two empty bands).
  const pantalla = PANEL_SCREENS.find((s) => pathname === `${PANEL_BASE}/${s.path}`);
  const lectura = !pantalla || !!pantalla.lectura;
  const navegacion = useNavigationType();
  useLayoutEffect(() => {
    if (navegacion !== 'POP') window.scrollTo(0, 0);
  }, [key, navegacion]);
  // Focus lost with what had it (a row gone after an action, a closed menu) goes somewhere near; a
  // page chosen from a menu takes it at its start.
  useEffect(rescatarFoco, []);
  useEffect(() => {
    // Just signed in (use-login.ts): the first page's start takes the focus, as after a menu choice.
    if (sessionStorage.getItem(ENTRAR)) {
      sessionStorage.removeItem(ENTRAR);
      enfocarTrasNavegar();
    }
    alCambiarDePagina();
  }, [key]);
  // Escape closes the open menu (on a phone it covers the page), back to the button that opened it.
  useEffect(() => {
    if (!navigationOpen) return;
    const onKey = (e: KeyboardEvent) => {
      // Only from the menu (or nothing focused): Escape in a search box of the page clears that box.
      const desde = e.target as Element | null;
      const enMenu = !desde || desde === document.body || desde.closest('[aria-label="Navegación lateral"], [aria-label="Menú principal"]');
      if (e.key !== 'Escape' || e.defaultPrevented || !enMenu || dialogoAbierto()) return;
      setNavigationOpen(false);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('button[aria-label="Abrir navegación lateral"]')?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigationOpen]);

  // The texts of the panel's components (the public pages' come with the root provider).
  return (
    <I18nProvider locale="es" messages={[messages]}>
      {/* The first stop of the keyboard: past the top bar and the menu, to the page's title. */}
      <a
        href="#contenido"
        className="saltar-al-contenido"
        onClick={(e) => {
          e.preventDefault();
          enfocarContenido();
        }}
      >
        Saltar al contenido
      </a>
      <div id="top-bar" className="top-bar">
        <TopBar me={me} />
      </div>
      <AppLayout
        headerSelector="#top-bar"
        footerSelector="#bottom-nav"
        navigationWidth={240}
        contentType={lectura ? 'default' : 'table'}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        navigation={
          <SideMenu
            viewer={viewer}
            onChoose={() => {
              enfocarTrasNavegar();
              // docs/spec/01.md: choosing an entry closes the menu.
              setNavigationOpen(false);
            }}
          />
        }
        toolsHide
        content={
          <div className="panel-content" id="contenido">
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </div>
        }
      />
      <BottomNav viewer={viewer} />
      <GuardiaDeNavegacion />
    </I18nProvider>
  );
}
