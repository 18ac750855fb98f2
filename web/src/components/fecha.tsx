import { formatDate, formatTime } from '../lib/format.js';

/** Date and time, each kept whole; in a narrow column the time goes under the date instead of running into the next column. */
export const Fecha = ({ valor }: { valor: string }) => (
  <span>
    <span className="nowrap">{formatDate(valor)},</span> <span className="nowrap">{formatTime(valor)}</span>
  </span>
);
