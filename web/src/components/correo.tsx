import { Fragment } from 'react';

/** A part of an address, with a break opportunity before each of its dots. */
const conPuntos = (parte: string) =>
  parte.split(/(?=\.)/).map((p, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {p}
    </Fragment>
  ));

/**
 * An e-mail address that breaks after its '@' in a narrow table cell, and inside the name or the domain
 * before a dot only where that part alone is wider than the line: it has no spaces to wrap at, so a long
 * one ran under the next column, or broke mid-word ('fredy.quin-ones', issue 47). Each part is an
 * inline block (styles.css), so the '@' is the first place it breaks ('luzdary.cuero@' 'correo.demo',
 * not 'luzdary' '.cuero@correo' '.demo'); past the dots, it breaks anywhere, as a last resort.
 */
export function Correo({ valor }: { valor: string }) {
  const at = valor.indexOf('@');
  if (at < 0) return <span className="correo">{conPuntos(valor)}</span>;
  return (
    <span className="correo">
      <span className="correo__parte">{conPuntos(valor.slice(0, at + 1))}</span>
      <wbr />
      <span className="correo__parte">{conPuntos(valor.slice(at + 1))}</span>
    </span>
  );
}
