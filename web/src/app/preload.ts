import { getCurrentUser } from 'aws-amplify/auth';
import { meQueryOptions } from '../lib/me/get-me.js';
import { queryClient } from '../lib/query-client.js';
import type { PanelScreen } from './screens.js';

/**
 * The data half of `preloadPanelCode` (router.tsx): `/me` and the screen's first request start while the
 * code loads, instead of once the panel has rendered far enough to ask. React Query then finds them
 * loaded or in flight. `configured`: Amplify has its settings, so the session can be read.
 */
export async function preloadPanelData(screen: PanelScreen | undefined, configured: Promise<unknown>): Promise<void> {
  // Signed out (or no config): the panel sends the visitor to /login, and these requests would only fail.
  const signedIn = await configured.then(getCurrentUser).then(
    () => true,
    () => false,
  );
  if (!signedIn) return;
  void queryClient.prefetchQuery(meQueryOptions);
  // A screen this user may not open answers 403; its query is silent, and the screen words it.
  if (screen?.datos) void screen.datos().then((options) => queryClient.prefetchQuery(options));
}
