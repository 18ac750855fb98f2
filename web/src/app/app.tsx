import I18nProvider from '@cloudscape-design/components/i18n';
import messages from '@cloudscape-design/components/i18n/messages/all.es';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { InstallPrompt } from '../components/install-prompt.js';
import { ToastArea } from '../components/toast-area.js';
import { AuthProvider } from '../features/auth/components/auth-provider.js';
import { queryClient } from '../lib/query-client.js';
import { router } from './router.js';

export function App() {
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
