import { textoCuentaBancaria } from '../domain/etiquetas.js';
import { diaUTC, esFechaValida, hoyEnBogota } from '../domain/vencimientos.js';
import { cobroSinAplicarSchema, METODOS_PAGO, SERVICE_STATES, vehicleTypeSchema } from './service.js';
import { requiredText } from './text.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';
import { EPAYCO_MSG, PAGO_MSG } from './messages-pagos.js';
import { servicioFilaSchema } from './listas-servicios.js';

/**
 * ePayco confirms a payment within minutes: a reservation accepted this long ago and still waiting is
 * pointed out in the list, for staff to ask ePayco about it from its detail.
 */
export const EPAYCO_ESPERA_MIN = 30;

export const esperaLargaEpayco = (f: { metodoPago: string; aceptadoEn: string | null }, now: Date): boolean =>
  f.metodoPago === 'epayco' && !!f.aceptadoEn && now.getTime() - Date.parse(f.aceptadoEn) > EPAYCO_ESPERA_MIN * 60_000;

/** `POST /plataforma/servicios/{id}/pago-epayco`: the transaction's reference, as ePayco gives it. */
export const consultaEpaycoSchema = z.object({
  refPayco: z
    .string({ error: EPAYCO_MSG.referenciaRequerida })
    .trim()
    .min(1, { error: EPAYCO_MSG.referenciaRequerida, abort: true })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, EPAYCO_MSG.referenciaInvalida),
});

export type ConsultaEpaycoBody = z.infer<typeof consultaEpaycoSchema>;

export const consultaEpaycoRespuestaSchema = z.object({ resultado: z.enum(['aceptada', 'rechazada', 'sin-aplicar']), mensaje: z.string() });

/** The messages of a day paid or refunded: "La fecha del pago…", "La fecha del reembolso…". */
const mensajesFecha = (de: 'pago' | 'reembolso') => ({
  requerida: `La fecha del ${de} es requerida`,
  invalida: `La fecha del ${de} no es válida`,
  futura: `La fecha del ${de} no puede ser futura`,
  antigua: `La fecha del ${de} no puede ser de hace más de un año`,
});

export const FECHA_MSG = { pago: mensajesFecha('pago'), reembolso: mensajesFecha('reembolso') };

/** A payout's (or a refund's) day, 'YYYY-MM-DD' in Bogotá: a real date, not after today nor more than a year ago. */
const diaPagado = (m: ReturnType<typeof mensajesFecha>) =>
  z
    .string({ error: m.requerida })
    .trim()
    .min(1, { error: m.requerida, abort: true })
    .refine(esFechaValida, { error: m.invalida, abort: true })
    .refine((v) => v <= hoyEnBogota(), m.futura)
    .refine((v) => v >= new Date(diaUTC(hoyEnBogota())! - 366 * 86_400_000).toISOString().slice(0, 10), m.antigua);

/** Where a payout goes: the driver's account (advance, balance) or the referrer's (reward). */
export const cuentaDestinoSchema = z.object(
  { banco: z.string().max(100), tipocuenta: z.string().max(50), cuenta: z.string().max(50), titular: z.string().max(150) },
  { error: (iss) => (iss.input === undefined ? PAGO_MSG.cuentaRequerida : PAGO_MSG.cuentaInvalida) },
);

export type CuentaDestino = z.infer<typeof cuentaDestinoSchema>;

export const mismaCuenta = (a: CuentaDestino | null, b: CuentaDestino | null): boolean =>
  (!a?.cuenta && !b?.cuenta) || (!!a && !!b && a.banco === b.banco && a.tipocuenta === b.tipocuenta && a.cuenta === b.cuenta && a.titular === b.titular);

/** Just the account of a record that holds one (a vehicle, a list row), or null when it has none. */
export const cuentaDe = (c: CuentaDestino | null | undefined): CuentaDestino | null =>
  c?.cuenta ? { banco: c.banco, tipocuenta: c.tipocuenta, cuenta: c.cuenta, titular: c.titular } : null;

/** When a vehicle's bank data last changed, who changed it, and the account before (set by an edit that changes it). */
export const cuentaCambiadaSchema = z.object({ en: z.iso.datetime(), por: z.string(), anterior: cuentaDestinoSchema.nullable().default(null) });

export type CuentaCambiada = z.infer<typeof cuentaCambiadaSchema>;

/** A change this recent is pointed out to whoever pays to the account: a swapped account is how payouts get diverted. */
export const CUENTA_RECIENTE_DIAS = 7;

export const cuentaCambiadaHace = (c: Pick<CuentaCambiada, 'en'> | null | undefined, now: Date): boolean =>
  !!c && now.getTime() - Date.parse(c.en) < CUENTA_RECIENTE_DIAS * 86_400_000;

/** The account paid to, as every view and the trail say it (the bank by its name). */
export const textoCuenta = (c: CuentaDestino): string => `${c.titular}: ${textoCuentaBancaria(c)}`;

/**
 * What every payout records: when, the bank's reference and, optionally, the receipt's upload ticket.
 * `cuentaVista` is the account the form showed (null: none registered): the payout is refused if it
 * has changed since, so what the ledger records as paid to is what staff paid to.
 */
const datosPago = {
  fecha: diaPagado(FECHA_MSG.pago),
  referencia: requiredText(PAGO_MSG.referenciaRequerida, 80),
  comprobante: uploadId.optional(),
  cuentaVista: cuentaDestinoSchema.nullable(),
};

/** `POST /plataforma/servicios/{id}/pago-conductor`: the driver's advance or balance, paid. */
export const pagoConductorBodySchema = z.object({
  tipo: z.enum(['anticipo', 'saldo'], { error: PAGO_MSG.tipoPagoRequerido }),
  ...datosPago,
});

export type PagoConductorBody = z.infer<typeof pagoConductorBodySchema>;

/** `POST /plataforma/cobros-por-reembolsar/{ref}/reembolso`: an ePayco charge that did not apply, refunded to the client. */
export const reembolsoBodySchema = z.object({ fecha: diaPagado(FECHA_MSG.reembolso), referencia: requiredText(EPAYCO_MSG.referenciaReembolsoRequerida, 80), comprobante: datosPago.comprobante });

export type ReembolsoBody = z.infer<typeof reembolsoBodySchema>;

/** A row of 'Cobros de ePayco por reembolsar': the charge, its reservation and whom to refund. */
export const cobroPorReembolsarFilaSchema = z.object({
  /** ePayco's reference of the charge (`x_ref_payco`). */
  id: z.string(),
  servicioId: z.string(),
  cliente: z.string(),
  nombreEmpresaAliada: z.string(),
  referencia: z.string(),
  monto: z.number(),
  moneda: z.string(),
  motivo: z.string(),
  at: z.string(),
});

export type CobroPorReembolsarFila = z.infer<typeof cobroPorReembolsarFilaSchema>;

/** `POST /plataforma/recompensas/{vehiculoId}`: the referrer's commission, paid (the spec sets no amount, so staff enter it). */
export const recompensaBodySchema = z.object({
  ...datosPago,
  valor: z.number({ error: PAGO_MSG.valorRequerido }).int(PAGO_MSG.valorInvalido).min(1, PAGO_MSG.valorInvalido).max(100_000_000, PAGO_MSG.valorInvalido),
});

export type RecompensaBody = z.infer<typeof recompensaBodySchema>;

/** `POST /plataforma/servicios/{id}/pago`: the client's transfer, confirmed or rejected with a reason. */
export const decisionPagoSchema = z.discriminatedUnion(
  'decision',
  [z.object({ decision: z.literal('confirmar') }), z.object({ decision: z.literal('rechazar'), motivo: requiredText(PAGO_MSG.motivoRequerido, 300) })],
  { error: PAGO_MSG.decisionRequerida },
);

export type DecisionPago = z.infer<typeof decisionPagoSchema>;

/** `POST /plataforma/servicios/{id}/cancelacion`: a reservation whose departure passed, cancelled with the reason and the refund. */
export const cancelacionBodySchema = z.object({
  motivo: requiredText(PAGO_MSG.motivoCancelacionRequerido, 500).refine((v) => v.length >= 10, PAGO_MSG.motivoCancelacionCorto),
  /** The detail's `huella`: the reservation as staff saw it when they wrote the reason. */
  huella: z.string({ error: PAGO_MSG.huellaRequerida }).regex(/^[0-9a-f]{16}$/, PAGO_MSG.huellaRequerida),
});

export type CancelacionBody = z.infer<typeof cancelacionBodySchema>;

/** `POST /integracion/cliente/servicios/{id}/comprobante`: the transfer receipt the client uploaded. */
export const comprobanteClienteSchema = z.object({ archivo: z.string({ error: 'El comprobante es requerido' }).pipe(uploadId) });

export type ComprobanteCliente = z.infer<typeof comprobanteClienteSchema>;

/** Where a transfer's receipt stands (the transfer list's column). */
export const ESTADOS_COMPROBANTE = ['recibido', 'pendiente', 'rechazado'] as const;

/** A reservation waiting for its payment to be validated (docs/spec/01.md section 3: service to validate). */
export const pagoPorValidarFilaSchema = z.object({
  id: z.string(),
  metodoPago: z.enum(METODOS_PAGO),
  valorOferta: z.number(),
  clase: z.string(),
  origen: z.string(),
  destino: z.string(),
  tipo: vehicleTypeSchema,
  imagenCliente: z.string().nullable(),
  cliente: z.string(),
  fechaSalida: z.string(),
  empresaAliada: z.string(),
  nombreEmpresaAliada: z.string(),
  comprobante: z.enum(ESTADOS_COMPROBANTE),
  /** When the client accepted the offer: how long the payment has been waiting (null for reservations older than the field). */
  aceptadoEn: z.string().nullable(),
});

export type PagoPorValidarFila = z.infer<typeof pagoPorValidarFilaSchema>;

/** A payout waiting to be made (docs/spec/01.md section 3: advance and balance items, one shape). */
export const pagoConductorFilaSchema = z.object({
  id: z.string(),
  tipo: z.enum(['anticipo', 'saldo']),
  valorOferta: z.number(),
  monto: z.number(),
  estado: z.enum(SERVICE_STATES),
  /** A confirmed trip already started reads 'En curso', as in the other lists. */
  recorridoIniciado: z.boolean(),
  fechaSalida: z.string(),
  origen: z.string(),
  destino: z.string(),
  conductor: z.string(),
  cedulaConductor: z.string(),
  placas: z.string(),
  imagenConductor: z.string().nullable(),
  banco: z.string(),
  tipocuenta: z.string(),
  cuenta: z.string(),
  titular: z.string(),
  cuentaCambiada: cuentaCambiadaSchema.nullable(),
  /** The driver's phone, to confirm a recently changed account with. */
  telefonoConductor: z.string(),
  empresaAliada: z.string(),
  nombreEmpresaAliada: z.string(),
});

export type PagoConductorFila = z.infer<typeof pagoConductorFilaSchema>;

/** A payment in the ledger, as the detail modal shows it. */
export const movimientoSchema = z.object({
  id: z.string(),
  tipo: z.enum(['pago-cliente', 'anticipo', 'saldo', 'recompensa']),
  monto: z.number(),
  fecha: z.string(),
  referencia: z.string(),
  comprobanteUrl: z.string().nullable(),
  registradoPor: z.string(),
  registradoEn: z.string(),
  /** The account a payout went to, as it was when registered (none for the client's payments and older payouts). */
  cuentaDestino: cuentaDestinoSchema.nullable(),
});

export type Movimiento = z.infer<typeof movimientoSchema>;

/** A vehicle whose referrer is owed the commission (docs/spec/01.md section 3: referred vehicle). */
export const recompensaFilaSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  referidoPor: z.string(),
  /** The referring vehicle's driver and the account the reward is paid to (null when `referidoPor` names no vehicle). */
  referente: z
    .object({
      nombre: z.string(),
      placas: z.string(),
      telefono: z.string(),
      banco: z.string(),
      tipocuenta: z.string(),
      cuenta: z.string(),
      titular: z.string(),
      cuentaCambiada: cuentaCambiadaSchema.nullable(),
    })
    .nullable(),
  placas: z.string(),
  tipo: vehicleTypeSchema,
  capacidad: z.number(),
  viajesRealizados: z.number(),
  imagen: z.string().nullable(),
  /** The allied company that owns the vehicle. */
  nombreEmpresaAliada: z.string(),
});

export type RecompensaFila = z.infer<typeof recompensaFilaSchema>;

/** A reward already paid: the vehicle as the list to pay shows it, and the payment registered. */
export const recompensaPagadaFilaSchema = recompensaFilaSchema.extend({ pago: movimientoSchema });

export type RecompensaPagadaFila = z.infer<typeof recompensaPagadaFilaSchema>;

/** `GET /pagos/resumen`: what the caller's pending-payment lists hold (the bottom bar's badge is anticipos + saldos). */
export const resumenPagosSchema = z.object({
  anticipos: z.number(),
  saldos: z.number(),
  /** Marketplace staff only: reservations whose payment waits, and referral rewards. */
  epayco: z.number().optional(),
  transferencia: z.number().optional(),
  recompensas: z.number().optional(),
  /** ePayco charges that did not apply, still to refund. */
  reembolsos: z.number().optional(),
});

export type ResumenPagos = z.infer<typeof resumenPagosSchema>;

/** `GET /servicios/{id}/pagos`: a service's money, for its company (read-only) and marketplace staff. */
export const pagoDetalleSchema = z.object({
  servicio: servicioFilaSchema.omit({ cancelacion: true }).extend({ fechaRegreso: z.string().nullable(), imagenCliente: z.string().nullable() }),
  /** The client's transfer receipt waiting to be checked (marketplace staff only). */
  comprobanteUrl: z.string().nullable(),
  pagoRechazado: z.object({ motivo: z.string(), at: z.string() }).nullable(),
  pagoValidadoEn: z.string().nullable(),
  /** Why and when marketplace staff cancelled the reservation ('cancelado'). */
  cancelacion: z.object({ motivo: z.string(), at: z.string() }).nullable(),
  /** Refunded ones name who as the ledger does ('Plataforma' to a company) and link the receipt for staff. */
  cobrosSinAplicar: z.array(
    cobroSinAplicarSchema.extend({
      reembolso: z.object({ fecha: z.string(), referencia: z.string(), registradoPor: z.string(), comprobanteUrl: z.string().nullable() }).optional(),
    }),
  ),
  /** The reservation as shown, for a cancellation to send back (`cancelacionBodySchema`). */
  huella: z.string(),
  /** When the client accepted the offer (how long a payment in validation has waited). */
  aceptadoEn: z.string().nullable(),
  anticipo: z.object({ monto: z.number(), debido: z.boolean(), pagado: z.boolean() }),
  saldo: z.object({ monto: z.number(), debido: z.boolean(), pagado: z.boolean() }),
  comisionPlataforma: z.number(),
  movimientos: z.array(movimientoSchema),
});

export type PagoDetalle = z.infer<typeof pagoDetalleSchema>;
