import { useEffect, useRef } from 'react';
import { LoadingScreen } from '../../../components/loading-screen.js';
import { useSignOut } from '../api/use-sign-out.js';

/** `/panel-control/salir`: signs out on arrival. */
export function SignOutPage() {
  const signOut = useSignOut();
  // React's development double effects must not sign out twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);
  return <LoadingScreen text="Cerrando sesión..." />;
}
