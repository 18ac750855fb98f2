import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen.js';
import { VERIFY_EMAIL_PATH } from '../features/auth/api/paths.js';
import { RequireAuth } from '../features/auth/components/require-auth.js';
import { PANEL_SCREENS } from './panel-screens.js';

/* Every screen is its own chunk: the landing must not pay for the panel, nor the panel for the map. */
const signInPage = () => import('../features/auth/components/sign-in-page.js');
const LandingPage = lazy(() => signInPage().then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() => signInPage().then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() =>
  import('../features/auth/components/sign-up-page.js').then((m) => ({ default: m.SignUpPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/components/verify-email-page.js').then((m) => ({ default: m.VerifyEmailPage })),
);
const PasswordRecoveryPage = lazy(() =>
  import('../features/auth/components/password-recovery-page.js').then((m) => ({ default: m.PasswordRecoveryPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page.js').then((m) => ({ default: m.ProfilePage })),
);
const InternalRegistrationPage = lazy(() =>
  import('../features/users/components/internal-registration-page.js').then((m) => ({
    default: m.InternalRegistrationPage,
  })),
);
const PanelLayout = lazy(() => import('./shell/panel-layout.js'));
const PanelHome = lazy(() => import('./shell/panel-home.js').then((m) => ({ default: m.PanelHome })));
const SignOutPage = lazy(() =>
  import('../features/auth/components/sign-out-page.js').then((m) => ({ default: m.SignOutPage })),
);
const NotAvailable = lazy(() => import('../components/not-available.js').then((m) => ({ default: m.NotAvailable })));
const notFound = () => import('../components/not-found-page.js');
const NotFoundPage = lazy(() => notFound().then((m) => ({ default: m.NotFoundPage })));
const PanelNotFound = lazy(() => notFound().then((m) => ({ default: m.PanelNotFound })));

/** Panel screens built so far; the others show the placeholder. */
const BUILT_SCREENS: Partial<Record<string, ReactNode>> = {
  perfil: <ProfilePage />,
  'registro-interno': <InternalRegistrationPage />,
};

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
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/registro', element: <SignUpPage /> },
      { path: '/cambiar-password', element: <PasswordRecoveryPage /> },
      { path: VERIFY_EMAIL_PATH, element: <VerifyEmailPage /> },
      {
        path: '/panel-control',
        element: <RequireAuth />,
        children: [
          {
            element: <PanelLayout />,
            children: [
              { index: true, element: <PanelHome /> },
              ...PANEL_SCREENS.map((screen) => ({
                path: screen.path,
                element: BUILT_SCREENS[screen.path] ?? <NotAvailable title={screen.title} />,
              })),
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
