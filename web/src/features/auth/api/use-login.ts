import { useQueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@shared/schemas/messages.js';
import { ApiError } from '../../../lib/api-client.js';
import { dismissToast, toast } from '../../../lib/toast.js';
import { useAuth } from './auth-context.js';
import { ENTRAR, VERIFICANDO, verifyEmailPath } from './paths.js';
import { signInWithPassword } from './sign-in.js';

/**
 * The sign-in flow of docs/spec/01.md (sections 2 and 8): Cognito, then `/me` (which also stores the user
 * under `usuario`), then the panel's home: the monitor map or, with an incomplete profile, the profile.
 */
export function useLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const [submitting, setSubmitting] = useState(false);

  // The last attempt's error: a new attempt's answer replaces it, not stacks under it.
  const ultimoError = useRef<string | null>(null);
  const fallo = (message: string) => (ultimoError.current = toast.error(message));

  async function login(email: string, password: string): Promise<void> {
    setSubmitting(true);
    if (ultimoError.current) dismissToast(ultimoError.current);
    try {
      const result = await signInWithPassword(email, password);
      if (result.kind === 'unconfirmed') {
        // Cognito refuses an unverified e-mail: the code it sent (or a new one) confirms it.
        fallo(MSG.verificaCorreo);
        navigate(verifyEmailPath(email));
        return;
      }
      if (result.kind === 'failed') {
        fallo(result.message);
        return;
      }
      let problema: unknown;
      // Loaded once the password is accepted: `/me`'s schemas are not part of the sign-in page's first load.
      const { meQueryOptions } = await import('../../../lib/me/get-me.js');
      const me = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).catch((error: unknown) => {
        problema = error;
        return null;
      });
      if (problema instanceof ApiError && problema.code === 'correo-sin-verificar') {
        // The account waits for its e-mail's code (docs/decisions/0010): the API refuses it until then,
        // and the code screen uses this session (only its password opens its code). The panel's guard
        // is not told of it: the session ends once the code is confirmed.
        sessionStorage.setItem(VERIFICANDO, email);
        navigate(verifyEmailPath(email));
        return;
      }
      if (!me) {
        // The query cache already showed the API's message; without /me the panel cannot work.
        await signOut().catch(() => undefined);
        await refresh();
        return;
      }
      sessionStorage.removeItem(VERIFICANDO);
      // The guard must see the new session before the panel route renders.
      await refresh();
      toast.success(MSG.bienvenido);
      if (!me.perfilCompleto) toast.neutral(MSG.completaPerfil);
      // The panel's home picks the first screen (the map, or the profile while it is incomplete).
      // The panel gives the focus to the first page's start (PanelLayout), not <body>.
      sessionStorage.setItem(ENTRAR, '1');
      navigate('/panel-control', { replace: true });
    } finally {
      setSubmitting(false);
    }
  }

  return { login, submitting };
}
