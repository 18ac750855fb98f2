/**
 * An e-mail address that may break after its '@' in a narrow table cell: it has no spaces to wrap at,
 * so a long one ran under the next column.
 */
export function Correo({ valor }: { valor: string }) {
  const at = valor.indexOf('@');
  if (at < 0) return <>{valor}</>;
  return (
    <>
      {valor.slice(0, at + 1)}
      <wbr />
      {valor.slice(at + 1)}
    </>
  );
}
