import Badge from '@cloudscape-design/components/badge';

/** Spec 02 section 4.5: 'Validado' or 'No validado'. */
export function EstadoBadge({ validado }: { validado: boolean }) {
  return (
    <span className="nowrap">
      <Badge color={validado ? 'green' : 'grey'}>{validado ? 'Validado' : 'No validado'}</Badge>
    </span>
  );
}
