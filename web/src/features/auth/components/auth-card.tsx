import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { AuthPageLayout } from '../../../components/auth-page-layout.js';
import { useFollow, type FollowEvent } from '../../../lib/navigation.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';
import { useAuth } from '../api/auth-context.js';
import { verificando } from '../api/paths.js';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Above the form: a notice that belongs to the whole screen. */
  notice?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The frame of the public account screens (sign-up, verification, recovery): title, form card and
 * footer links. Someone already signed in goes to the panel, as on the sign-in screen.
 */
export function AuthCard({ title, subtitle, notice, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  const { status } = useAuth();
  // Not a session that waits for its e-mail's code: the panel refuses it (docs/decisions/0010).
  if (status === 'signedIn' && !verificando()) return <Navigate to="/panel-control" replace />;
  return (
    <AuthPageLayout>
      <SpaceBetween size="l">
        <Box textAlign="center">
          <Box variant="h1" padding="n">
            {title}
          </Box>
          {subtitle && (
            <Box variant="p" color="text-body-secondary" padding={{ top: 'xxs' }}>
              {subtitle}
            </Box>
          )}
        </Box>
        {notice}
        <Container>{children}</Container>
        {footer && <Box textAlign="center">{footer}</Box>}
      </SpaceBetween>
    </AuthPageLayout>
  );
}

/** The footer of the account screens: a question, then the link to the sign-in ('Inicia sesión'). */
export function PieIniciaSesion({ pregunta, href = '/login', onFollow }: { pregunta: string; href?: string; onFollow?: (event: FollowEvent) => void }) {
  const follow = useFollow();
  return (
    <Box variant="span">
      {pregunta}{' '}
      <Link href={href} onFollow={onFollow ?? follow}>
        Inicia sesión
      </Link>
    </Box>
  );
}
