import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AuthPageLayout } from '../../../components/auth-page-layout.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';
import { useAuth } from '../api/auth-context.js';
import { readAccountNavState, verificando } from '../api/paths.js';
import { useLogin } from '../api/use-login.js';
import { LoginForm } from './login-form.js';

/** docs/spec/01.md section 9: the landing shows a 3-second spinner before the welcome and the form. */
const INTRO_MS = 3000;

function useIntroDone(delayMs: number): boolean {
  const [done, setDone] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setDone(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return done;
}

function SignInScreen({ intro }: { intro: boolean }) {
  useDocumentTitle('Iniciar sesión');
  const { status } = useAuth();
  const { login, submitting } = useLogin();
  const introDone = useIntroDone(intro ? INTRO_MS : 0);
  const { email: initialEmail } = readAccountNavState(useLocation().state);

  // Someone already signed in goes straight to the panel; not while this form is signing in,
  // because the login flow itself decides where to go once `/me` has answered.
  if (status === 'signedIn' && !submitting && !verificando()) return <Navigate to="/panel-control" replace />;

  return (
    <AuthPageLayout>
      {introDone ? (
        <SpaceBetween size="l">
          <Box textAlign="center">
            <Box variant="h1" padding="n">
              Bienvenido
            </Box>
            <Box variant="h2" tagOverride="p" padding={{ top: 'xs' }}>
              BackOffice Transportadoras Aliadas
            </Box>
            <Box variant="p" color="text-body-secondary" padding="n">
              Monitoreo de Servicios y Flotas
            </Box>
          </Box>
          <Container>
            <LoginForm
              initialEmail={initialEmail}
              submitting={submitting}
              onSubmit={(email, password) => void login(email, password)}
            />
          </Container>
        </SpaceBetween>
      ) : (
        <Box textAlign="center" padding={{ top: 'xl' }}>
          <div role="status" aria-live="polite">
            <Spinner size="large" />
            <span className="visually-hidden">Cargando...</span>
          </div>
        </Box>
      )}
    </AuthPageLayout>
  );
}

export const LandingPage = () => <SignInScreen intro />;
export const LoginPage = () => <SignInScreen intro={false} />;
