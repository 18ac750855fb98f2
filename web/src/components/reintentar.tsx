import Button from '@cloudscape-design/components/button';

/** The next step of a read that failed (a list, a detail): ask again, spinning while it does. */
export function Reintentar({ consulta }: { consulta: { refetch: () => Promise<unknown>; isFetching: boolean } }) {
  return (
    <Button loading={consulta.isFetching} onClick={() => void consulta.refetch()}>
      Reintentar
    </Button>
  );
}
