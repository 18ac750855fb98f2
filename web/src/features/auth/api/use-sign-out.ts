import { useQueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearStoredUsuario } from '../../../lib/me/stored-usuario.js';
import { clearToasts } from '../../../lib/toast.js';
import { useAuth } from './auth-context.js';

/** docs/spec/01.md: signing out clears local storage and goes to `/`. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setLeaving, markSignedOut } = useAuth();

  return useCallback(async () => {
    setLeaving(true);
    try {
      await signOut();
    } catch (error) {
      // Tokens are cleared locally even when revoking them on the server fails; leave anyway.
      console.error(error);
    }
    clearStoredUsuario();
    clearToasts();
    markSignedOut();
    navigate('/', { replace: true });
    // After the panel has gone, so no mounted query refetches without a session.
    setTimeout(() => queryClient.clear(), 0);
  }, [markSignedOut, navigate, queryClient, setLeaving]);
}
