import { Navigate } from 'react-router-dom';
import type { MeResponse } from '../../../../shared/schemas/empresa.js';
import { LoadingScreen } from '../../components/loading-screen.js';
import { useMe } from '../../lib/me/get-me.js';
import { maySee, navScreens, panelPath, screenAt, screenHref } from '../screens.js';

/**
 * Spec 01: the monitor map with a complete profile, else the profile. Whoever may not see the map
 * (marketplace staff) gets the first tab of their bottom bar.
 */
function landing(me: MeResponse | undefined): string {
  if (!me?.perfilCompleto) return panelPath('perfil');
  const map = screenAt('monitor-map');
  if (maySee(map, me.groups)) return screenHref(map);
  const [first] = navScreens('bottomBar', me.groups);
  return first ? screenHref(first) : panelPath('perfil');
}

/** `/panel-control` itself, where sign-in lands too. */
export function PanelHome() {
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingScreen />;
  return <Navigate to={landing(me)} replace />;
}
