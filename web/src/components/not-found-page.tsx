import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useFollow } from '../lib/navigation.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { AuthPageLayout } from './auth-page-layout.js';

function NotFoundNotice({ homeHref }: { homeHref: string }) {
  const follow = useFollow();
  useDocumentTitle('Página no encontrada');
  return (
    <Container header={<Header variant="h1">Página no encontrada</Header>}>
      <SpaceBetween size="m">
        <Box variant="p">La dirección que buscas no existe o cambió de lugar.</Box>
        <Link href={homeHref} onFollow={follow}>
          Ir al inicio
        </Link>
      </SpaceBetween>
    </Container>
  );
}

/** Unknown addresses outside the panel. */
export function NotFoundPage() {
  return (
    <AuthPageLayout>
      <NotFoundNotice homeHref="/" />
    </AuthPageLayout>
  );
}

/** Unknown addresses inside the panel keep the shell around them. */
export function PanelNotFound() {
  return <NotFoundNotice homeHref="/panel-control" />;
}
