/**
 * Count shown on the 'Pagos Pendientes' tab badge. Spec 01 fixes it at 0; it stays 0 until the
 * payments issue replaces this with a query over pending advances and balances.
 */
export function usePendingPaymentsCount(): number {
  return 0;
}
