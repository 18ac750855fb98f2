import { Navigate } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen.js';
import { useMe } from '../../features/me/api/get-me.js';
import { panelPath } from '../panel-screens.js';

/** `/panel-control` itself: the same destination as after sign-in. */
export function PanelHome() {
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingScreen />;
  return <Navigate to={panelPath(me?.perfilCompleto ? 'monitor-map' : 'perfil')} replace />;
}
