import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen.js';
import { RouteError } from '../components/route-error.js';
import { VALIDAR_CUENTA_PATH, VERIFY_EMAIL_PATH } from '../features/auth/api/paths.js';
import { RequireAuth } from '../features/auth/components/require-auth.js';
import { readStoredUsuario } from '../lib/me/stored-usuario.js';
import { SEGUIMIENTO_PATH } from '@shared/constants.js';
import { PANEL_BASE, PANEL_SCREENS, preloadScreen, screenHref, type PanelScreen, type Viewer } from './screens.js';

/* Every page is its own chunk: the landing must not pay for the panel (panel screens: screens.ts). */
const signInPage = () => import('../features/auth/components/sign-in-page.js');
const LandingPage = lazy(() => signInPage().then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() => signInPage().then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() =>
  import('../features/auth/components/sign-up-page.js').then((m) => ({ default: m.SignUpPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/components/verify-email-page.js').then((m) => ({ default: m.VerifyEmailPage })),
);
const AcceptInvitationPage = lazy(() =>
  import('../features/auth/components/accept-invitation-page.js').then((m) => ({ default: m.AcceptInvitationPage })),
);
const PasswordRecoveryPage = lazy(() =>
  import('../features/auth/components/password-recovery-page.js').then((m) => ({ default: m.PasswordRecoveryPage })),
);
/* The live trip link (docs/decisions/0014): public, no session, its map a chunk of its own. */
const SeguimientoPage = lazy(() => import('../features/mapa/components/seguimiento-page.js').then((m) => ({ default: m.SeguimientoPage })));
const panelLayout = () => import('./shell/panel-layout.js');
const screenRoute = () => import('./shell/screen-route.js');
const PanelLayout = lazy(panelLayout);
const ScreenRoute = lazy(() => screenRoute().then((m) => ({ default: m.ScreenRoute })));
const PanelHome = lazy(() => import('./shell/panel-home.js').then((m) => ({ default: m.PanelHome })));
const SignOutPage = lazy(() =>
  import('../features/auth/components/sign-out-page.js').then((m) => ({ default: m.SignOutPage })),
);
const notFound = () => import('../components/not-found-page.js');
const NotFoundPage = lazy(() => notFound().then((m) => ({ default: m.NotFoundPage })));
const PanelNotFound = lazy(() => notFound().then((m) => ({ default: m.PanelNotFound })));

const ignorar = () => undefined;

/**
 * The console opened on a panel address (a bookmark, a reload, a daily user's start page): its code is
 * fetched at once, side by side, instead of one lazy chunk after another as the render reaches each
 * (the panel's frame, its screen route, the screen). Only for someone signed in here before (the stored
 * copy of `/me`, cleared on sign-out): a signed-out visitor goes to /login, which must not wait behind
 * the panel's code. Returns what app/preload.ts needs for the data, or null when nothing is fetched
 * ahead (not a panel address, nobody signed in, or a screen that opts out). A chunk that fails here
 * fails again, and is reported, when the render asks for it.
 */
export function preloadPanelCode(pathname: string): { screen: PanelScreen | undefined; viewer: Viewer } | null {
  if (!pathname.startsWith(PANEL_BASE)) return null;
  const viewer = readStoredUsuario();
  if (!viewer) return null;
  const screen = PANEL_SCREENS.find((s) => screenHref(s) === pathname.replace(/\/$/, ''));
  if (screen?.adelantar === false) return null;
  panelLayout().catch(ignorar);
  screenRoute().catch(ignorar);
  if (screen) preloadScreen(screen).catch(ignorar);
  return { screen, viewer };
}

function RootLayout() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/registro', element: <SignUpPage /> },
      { path: '/cambiar-password', element: <PasswordRecoveryPage /> },
      { path: VERIFY_EMAIL_PATH, element: <VerifyEmailPage /> },
      { path: VALIDAR_CUENTA_PATH, element: <AcceptInvitationPage /> },
      { path: `${SEGUIMIENTO_PATH}/:token`, element: <SeguimientoPage /> },
      {
        path: PANEL_BASE,
        element: <RequireAuth />,
        children: [
          {
            element: <PanelLayout />,
            children: [
              { index: true, element: <PanelHome /> },
              ...PANEL_SCREENS.map((screen) => ({ path: screen.path, element: <ScreenRoute screen={screen} /> })),
              { path: 'salir', element: <SignOutPage /> },
              { path: '*', element: <PanelNotFound /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
