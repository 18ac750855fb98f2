import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useFollow } from '../lib/navigation.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { AuthPageLayout } from './auth-page-layout.js';

/** Public pages that a later issue builds (sign-up, password recovery). */
export function ComingSoonPage({ title }: { title: string }) {
  const follow = useFollow();
  useDocumentTitle(title);
  return (
    <AuthPageLayout>
      <Container header={<Header variant="h1">{title}</Header>}>
        <SpaceBetween size="m">
          <Box variant="p">Disponible próximamente</Box>
          <Link href="/login" onFollow={follow}>
            Volver a iniciar sesión
          </Link>
        </SpaceBetween>
      </Container>
    </AuthPageLayout>
  );
}

export const SignUpComingSoon = () => <ComingSoonPage title="Crea tu cuenta" />;
export const PasswordRecoveryComingSoon = () => <ComingSoonPage title="¿Olvidaste tu contraseña?" />;
