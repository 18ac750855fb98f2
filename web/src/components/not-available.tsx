import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';

/** Placeholder for panel screens that later issues build; it says so rather than pretending. */
export function NotAvailable({ title }: { title: string }) {
  return (
    <Container header={<Header variant="h1">{title}</Header>}>
      <Box variant="p" color="text-body-secondary">
        Esta sección aún no está disponible.
      </Box>
    </Container>
  );
}
