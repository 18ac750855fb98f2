import { Fragment } from 'react';

/**
 * An e-mail address that may break after its '@' or before a dot in a narrow table cell, where URLs
 * break by typographic custom: it has no spaces to wrap at, so a long one ran under the next column,
 * or broke mid-word ('fredy.quin-ones', issue 47). Inside `.correo` (styles.css) a part longer than
 * the line still breaks anywhere, as a last resort.
 */
export function Correo({ valor }: { valor: string }) {
  const partes = valor.split(/(?<=@)|(?=\.)/);
  return (
    <span className="correo">
      {partes.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </span>
  );
}
