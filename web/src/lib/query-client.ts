import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client.js';
import { toast } from './toast.js';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `silent: true` when the caller shows the failure itself; `enPantalla: true` when the screen shows
     * a failed first read with its 'Reintentar', so only a failed refresh (old data on screen) is a toast.
     */
    queryMeta: { silent?: boolean; enPantalla?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** The one place where failed API calls become a toast. */
function notifyError(error: unknown, meta: { silent?: boolean; enPantalla?: boolean } | undefined, hayDatos = false): void {
  // A session the API refuses cannot be retried: out to the sign-in, with the API's reason.
  if (error instanceof ApiError && error.status === 401 && window.location.pathname.startsWith('/panel-control')) {
    void import('./sesion-rechazada.js').then((m) => m.sesionRechazada(error.message));
    return;
  }
  if (meta?.silent || (meta?.enPantalla && !hayDatos)) return;
  if (!(error instanceof ApiError)) console.error(error);
  toast.error(errorMessage(error));
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => notifyError(error, query.meta, query.state.data !== undefined) }),
  mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => notifyError(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again; network blips and 5xx might.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
