import I18nProvider from '@cloudscape-design/components/i18n';
import messages from 'virtual:cloudscape-messages/public';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { InstallPrompt } from '../components/install-prompt.js';
import { ToastArea } from '../components/toast-area.js';
import { AuthProvider } from '../features/auth/components/auth-provider.js';
import { queryClient } from '../lib/query-client.js';
import { pageChanged } from '../lib/toast.js';
import { router } from './router.js';

/** Toasts belong to the page they were raised on (lib/toast.ts). */
function useToastsFollowPages() {
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe(({ location, historyAction }) => {
      if (location.pathname === path) return;
      path = location.pathname;
      pageChanged(historyAction);
    });
  }, []);
}

export function App() {
  useToastsFollowPages();
  return (
    <I18nProvider locale="es" messages={[messages]}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
        <ToastArea />
        <InstallPrompt />
      </QueryClientProvider>
    </I18nProvider>
  );
}
