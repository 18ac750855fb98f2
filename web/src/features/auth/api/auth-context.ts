import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  /** Set by 'Salir' (until the next sign-in), so the guard waits, then sends to / rather than /login. */
  leaving: boolean;
  /** Re-reads the Amplify session; resolves once `status` is up to date. */
  refresh: () => Promise<void>;
  setLeaving: (leaving: boolean) => void;
  markSignedOut: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() fuera de <AuthProvider>');
  return value;
}
