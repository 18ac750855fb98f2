import { getCurrentUser } from 'aws-amplify/auth';
import { meQueryOptions } from '../lib/me/get-me.js';
import { queryClient } from '../lib/query-client.js';
import { isLocked, maySee, type PanelScreen, type Viewer } from './screens.js';

/**
 * The data half of `preloadPanelCode` (router.tsx): `/me` and the screen's first request start while the
 * code loads, instead of once the panel has rendered far enough to ask. React Query then finds them
 * loaded or in flight. `configured`: Amplify has its settings, so the session can be read. `viewer`:
 * the stored copy of `/me`, to leave alone a screen this user cannot open.
 */
export async function preloadPanelData(screen: PanelScreen | undefined, viewer: Viewer, configured: Promise<unknown>): Promise<void> {
  // No session after all (or no config): the panel sends the visitor to /login.
  const signedIn = await configured.then(getCurrentUser).then(
    () => true,
    () => false,
  );
  if (!signedIn) return;
  void queryClient.prefetchQuery(meQueryOptions);
  if (!screen?.datos || !maySee(screen, viewer.groups) || isLocked(screen, viewer)) return;
  // Silent: a failure is the screen's to show, when it asks again on mounting.
  const options = await screen.datos().catch(() => null);
  if (options) void queryClient.prefetchQuery({ ...options, meta: { silent: true } });
}
