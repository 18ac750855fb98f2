import { PAGO_MSG } from '../schemas/messages-pagos.js';
import type { MetodoPago, Service } from '../schemas/service.js';
import { clavesServicio } from '../tablas/services.js';

/**
 * Money owed around a reservation (docs/spec/01.md sections 4 and 9, docs/product.md): the client's payment, checked
 * by marketplace staff (transfer) or confirmed by ePayco; then the driver's advance (due with the FUEC)
 * and balance (due when the trip ends, paid after the advance); and the referral reward of a vehicle.
 */

/**
 * Each of the driver's two payouts, the advance and the balance: 50% of 90% of the accepted offer,
 * rounded to whole pesos (COP). Reckoned in integers (×45/100), so half a peso rounds up.
 */
export const pagoConductor = (valorOferta: number): number => Math.round((valorOferta * 45) / 100);

/** What the platform keeps: the rest of the offer once both payouts are made (10%, give or take the rounding). */
export const comisionPlataforma = (valorOferta: number): number => valorOferta - 2 * pagoConductor(valorOferta);

export const PAGOS_CONDUCTOR = ['anticipo', 'saldo'] as const;
export type PagoConductor = (typeof PAGOS_CONDUCTOR)[number];

/** What a service waits to be paid: the client's payment by its method, or the driver's next payout. */
export type PagoPendiente = MetodoPago | PagoConductor;

type EstadoPago = Pick<
  Service,
  'estado' | 'empresaAliada' | 'metodoPago' | 'pagarAnticipoConductor' | 'anticipoConductorPagado' | 'pagarSaldoConductor' | 'saldoConductorPagado'
>;

/** The one payment a service waits for now, if any: the balance only once the advance is paid. */
export function pagoPendienteDe(s: EstadoPago): PagoPendiente | null {
  if (s.estado === 'validar') return s.metodoPago;
  if (s.pagarAnticipoConductor && !s.anticipoConductorPagado) return 'anticipo';
  if (s.pagarSaldoConductor && !s.saldoConductorPagado) return 'saldo';
  return null;
}

/**
 * The sparse index keys a service carries for the lists (shared/tables.ts): its company's state
 * (`<empresa>#<estado>`) and the payment it waits for, across companies and per company. Absent
 * keys are removed from the item.
 */
export function indicesServicio(s: EstadoPago): { estadoEmpresa?: string; pagoPendiente?: string; pagoPendienteEmpresa?: string } {
  const pago = pagoPendienteDe(s);
  const empresa = s.empresaAliada;
  return {
    ...(empresa ? { estadoEmpresa: clavesServicio.estadoEmpresa(empresa, s.estado) } : {}),
    ...(pago ? { pagoPendiente: pago } : {}),
    ...(pago && empresa ? { pagoPendienteEmpresa: clavesServicio.pagoPendienteEmpresa(empresa, pago) } : {}),
  };
}
export const INDICES_SERVICIO = ['estadoEmpresa', 'pagoPendiente', 'pagoPendienteEmpresa'] as const;

/** Why this payout to the driver cannot be registered now (null when it can). */
export function problemaPagoConductor(s: EstadoPago, tipo: PagoConductor): string | null {
  if (tipo === 'anticipo') {
    if (s.anticipoConductorPagado) return PAGO_MSG.anticipoYaPagado;
    return s.pagarAnticipoConductor ? null : PAGO_MSG.anticipoNoDebido;
  }
  if (s.saldoConductorPagado) return PAGO_MSG.saldoYaPagado;
  if (!s.pagarSaldoConductor) return PAGO_MSG.saldoAntesDelFin;
  return s.anticipoConductorPagado ? null : PAGO_MSG.anticipoPrimero;
}

/** Referral rewards (docs/spec/01.md section 9): trips a referred vehicle must make; the platform's own referrals earn none. */
export const VIAJES_RECOMPENSA = 30;
export const REFERENTE_PLATAFORMA = 'plataforma';
export const RECOMPENSA_PENDIENTE = 'pendiente';

type Referido = { viajesRealizados: number; referidoPor?: string | null; comisionPagadaAReferente?: boolean };

/** Whether the vehicle's referrer is owed the commission now. */
export const ganaRecompensa = (v: Referido): boolean =>
  v.viajesRealizados >= VIAJES_RECOMPENSA && !v.comisionPagadaAReferente && !!v.referidoPor && v.referidoPor !== REFERENTE_PLATAFORMA;
