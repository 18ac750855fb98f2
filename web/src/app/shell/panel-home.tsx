import { Navigate } from 'react-router-dom';
import type { MeResponse } from '@shared/schemas/empresa.js';
import { LoadingScreen } from '../../components/loading-screen.js';
import { useMe } from '../../lib/me/get-me.js';
import { maySee, navScreens, panelPath, screenAt, screenHref } from '../screens.js';

/**
 * docs/spec/01.md: the monitor map with a complete profile, else the profile. Marketplace staff, who may not
 * see the map and have no company profile to complete, land on their own start page.
 */
function landing(me: MeResponse | undefined): string {
  if (!me) return panelPath('perfil');
  const home = screenAt('inicio');
  if (maySee(home, me.groups)) return screenHref(home);
  if (!me.perfilCompleto) return panelPath('perfil');
  const map = screenAt('monitor-map');
  if (maySee(map, me.groups)) return screenHref(map);
  const [first] = navScreens('sideMenu', me.groups);
  return first ? screenHref(first) : panelPath('perfil');
}

/** `/panel-control` itself, where sign-in lands too. */
export function PanelHome() {
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingScreen />;
  return <Navigate to={landing(me)} replace />;
}
