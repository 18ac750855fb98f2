import Badge from '@cloudscape-design/components/badge';

/** docs/spec/02.md section 4.5: 'Validado' or 'No validado'. */
export function EstadoBadge({ validado }: { validado: boolean }) {
  return (
    // The words inside the badge on one line too ('No / validado' in a narrow column), phones included.
    <Badge color={validado ? 'green' : 'grey'}>
      <span className="sin-corte">{validado ? 'Validado' : 'No validado'}</span>
    </Badge>
  );
}
