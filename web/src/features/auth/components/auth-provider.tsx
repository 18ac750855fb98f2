import { getCurrentUser } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthStatus } from '../api/auth-context.js';

const SESSION_EVENTS = new Set(['signedIn', 'signedOut', 'tokenRefresh_failure']);

/** Tracks whether Amplify holds a session, from its stored tokens and its Hub events. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [leaving, setLeaving] = useState(false);

  const refresh = useCallback(async () => {
    // Transitions: the screen this switches to renders in slices, and a lazy chunk it still waits for
    // keeps the current screen up instead of flashing the loading fallback and re-running its effects.
    try {
      await getCurrentUser();
      startTransition(() => {
        setStatus('signedIn');
        setLeaving(false);
      });
    } catch {
      startTransition(() => setStatus('signedOut'));
    }
  }, []);

  const markSignedOut = useCallback(() => setStatus('signedOut'), []);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      if (SESSION_EVENTS.has(payload.event)) void refresh();
    });
  }, [refresh]);

  const value = useMemo(
    () => ({ status, leaving, refresh, setLeaving, markSignedOut }),
    [status, leaving, refresh, markSignedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
