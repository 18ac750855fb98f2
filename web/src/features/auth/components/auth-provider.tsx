import { getCurrentUser } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthStatus } from '../api/auth-context.js';

const SESSION_EVENTS = new Set(['signedIn', 'signedOut', 'tokenRefresh_failure']);

/** Tracks whether Amplify holds a session, from its stored tokens and its Hub events. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [leaving, setLeaving] = useState(false);

  /** Reads the Amplify session; `apply` wraps the state update (the first read passes a transition). */
  const read = useCallback(async (apply: (update: () => void) => void) => {
    let signedIn = true;
    try {
      await getCurrentUser();
    } catch {
      signedIn = false;
    }
    apply(() => {
      setStatus(signedIn ? 'signedIn' : 'signedOut');
      if (signedIn) setLeaving(false);
    });
  }, []);
  // Awaited by the sign-in, which acts on `status` next: applied at once, as the context promises.
  const refresh = useCallback(() => read((update) => update()), [read]);

  const markSignedOut = useCallback(() => setStatus('signedOut'), []);

  useEffect(() => {
    // The first read and Amplify's events nobody awaits: transitions, so the screen they switch to
    // renders in slices of a few milliseconds instead of one long task (Lighthouse's blocking time).
    void read(startTransition);
    return Hub.listen('auth', ({ payload }) => {
      if (SESSION_EVENTS.has(payload.event)) void read(startTransition);
    });
  }, [read]);

  const value = useMemo(
    () => ({ status, leaving, refresh, setLeaving, markSignedOut }),
    [status, leaving, refresh, markSignedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
