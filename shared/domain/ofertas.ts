import { isExpired } from './trips.js';

/** docs/spec/02.md sections 4.4 and 9: offers are whole pesos, rounded up to the next multiple of 1000. */
export const MULTIPLO_OFERTA = 1000;
/** Beyond the spec: a bound that keeps an offer a sane amount (and a safe integer). */
export const OFERTA_MAXIMA = 1_000_000_000;

/** 1234001 becomes 1235000; an exact multiple stays as it is. */
export const redondearOferta = (precio: number): number => Math.ceil(precio / MULTIPLO_OFERTA) * MULTIPLO_OFERTA;

/** What a price box keeps of what is typed or pasted (docs/spec/02.md section 4.4: digits only). */
export const precioDeTexto = (texto: string): number | null => {
  const digitos = texto.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');
  return digitos ? Number(digitos) : null;
};

/**
 * 'enviada' (docs/spec/02.md section 3.2); the client accepts one and the others on the service close. Beyond
 * the spec (docs/decisions/0008), a company may withdraw its offer while the client has not accepted one ('retirada'): the
 * client can no longer accept it, and the company sends no other for that service (one per company).
 */
export const OFERTA_ESTADOS = ['enviada', 'aceptada', 'cerrada', 'retirada'] as const;
export type EstadoOferta = (typeof OFERTA_ESTADOS)[number];

/**
 * Whether a service takes offers (and an acceptance) now: pending, within its 24 hours (TTL deletion
 * lags, so reads check) and not yet departed (the map hides it then too).
 */
export const abiertoAOfertas = (s: { estado: string; expiresAt?: number; fechaSalida: string }, now: Date): boolean =>
  s.estado === 'pendiente' && !isExpired(s, now) && Date.parse(s.fechaSalida) > now.getTime();
