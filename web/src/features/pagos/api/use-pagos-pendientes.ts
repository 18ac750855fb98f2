import { useResumenPagos } from './pagos.js';

/**
 * Count on the 'Pagos Pendientes' tab badge (the spec's app had it fixed at 0): the advances and
 * balances waiting, the caller's company's or, for marketplace staff, every company's. Asked every
 * 5 s; the server keeps the count until a payment changes and answers 304 meanwhile.
 */
export function usePagosPendientes(): number {
  const { data } = useResumenPagos();
  return data ? data.anticipos + data.saldos : 0;
}
