import { Navigate, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../../components/loading-screen.js';
import { useAuth } from '../api/auth-context.js';

/**
 * The protected area: only with a signed-in user. Without one the visitor goes to /login, except
 * right after 'Salir', which goes to / (docs/spec/01.md section 2).
 */
export function RequireAuth() {
  const { status, leaving } = useAuth();
  if (status === 'signedOut') return <Navigate to={leaving ? '/' : '/login'} replace />;
  if (leaving) return <LoadingScreen text="Cerrando sesión..." />;
  if (status === 'loading') return <LoadingScreen />;
  return <Outlet />;
}
