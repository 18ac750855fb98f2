import { diaUTC, esFechaValida, hoyEnBogota } from '../domain/vencimientos.js';
import { cobroSinAplicarSchema, METODOS_PAGO, SERVICE_STATES, vehicleTypeSchema } from './service.js';
import { requiredText } from './text.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';

/**
 * Payments and the service lists (docs/spec/01.md sections 2, 3, 8 and 9; issue "Payments, driver payouts,
 * referral rewards and the service lists"). Apart from messages.ts: only these screens load them.
 */
export const PAGO_MSG = {
  /** docs/spec/01.md section 8, verbatim (the lists' own empty messages are in shared/domain/listas.ts). */
  sinRecompensas: 'No hay Recompensas Por Pagar',
  tituloRecompensas: 'Vehículos con pago por referidos',
  /** Beyond the spec: the rewards already paid. */
  sinRecompensasPagadas: 'No hay recompensas pagadas',
  tituloRecompensasPagadas: 'Recompensas pagadas',
  /** Beyond the spec. */
  anticipoNoDebido: 'El anticipo se paga cuando el FUEC del servicio está cargado.',
  anticipoYaPagado: 'El anticipo de este servicio ya fue registrado.',
  saldoYaPagado: 'El saldo de este servicio ya fue registrado.',
  saldoAntesDelFin: 'El saldo se paga cuando el viaje termina.',
  anticipoPrimero: 'Primero se registra el anticipo; el saldo se paga después.',
  tipoPagoRequerido: 'Indica si el pago es el anticipo o el saldo',
  referenciaRequerida: 'La referencia del pago es requerida',
  valorRequerido: 'Ingresa el valor pagado',
  valorInvalido: 'El valor pagado debe ser un número entero de pesos mayor que cero',
  decisionRequerida: "Indica si el pago se confirma ('confirmar') o se rechaza ('rechazar')",
  motivoRequerido: 'Indica el motivo del rechazo',
  noEnValidacion: 'Esta reserva ya no está en validación de pago.',
  /** Two decisions on one receipt at once: the other one won. */
  decisionYaRegistrada: 'Otra persona acaba de decidir sobre este comprobante. Actualiza la lista para ver cómo quedó.',
  noEsTransferencia: 'Este pago es por ePayco: se confirma solo con la confirmación firmada de ePayco.',
  sinComprobante: 'El cliente aún no ha subido el comprobante de la transferencia.',
  nuevoComprobante: (motivo: string) => `Rechazaste el comprobante anterior (${motivo}). El cliente debe enviar uno nuevo.`,
  vehiculoNoEncontrado: 'No encontramos ese vehículo.',
  recompensaNoDebida: 'Este vehículo no tiene recompensa por pagar.',
  recompensaYaPagada: 'La recompensa de este vehículo ya fue registrada.',
  listaInvalida: 'Esa lista no existe.',
  empresaRequerida: 'Elige una empresa.',
  rangoInvalido: 'El rango de fechas no es válido: la fecha inicial debe ser anterior a la final y el rango de máximo un año.',
  fechasHistorialInvalidas: 'Las fechas deben ser días reales con el formato AAAA-MM-DD.',
  /** The history's date range picker, before anything is asked. */
  rangoIncompleto: 'Elige la fecha inicial y la final.',
  rangoInvertido: 'La fecha final debe ser igual o posterior a la inicial.',
  rangoLargo: 'El rango debe ser de máximo un año.',
  comprobanteNoAplica: 'Esta reserva no espera un comprobante de transferencia.',
  cambioConcurrente: 'El servicio cambió mientras registrabas el pago. Revisa su estado y vuelve a intentarlo.',
  /** A reservation whose departure passed before its trip (shared/domain/servicios.ts, reservaVencida). */
  vencidaPlataforma: 'La salida de esta reserva ya pasó y el viaje no quedó confirmado. Si el viaje no se hizo, cancélala y registra el reembolso al cliente.',
  motivoCancelacionRequerido: 'Indica el motivo de la cancelación y cómo se reembolsa al cliente',
  noCancelable: 'Solo se cancela una reserva en validación de pago o reservada cuya salida ya pasó.',
  cancelacionConcurrente: 'La reserva cambió mientras la cancelabas. Revisa su estado y vuelve a intentarlo.',
  cancelacionCambio: 'La reserva cambió desde que abriste su detalle (llegó un pago, un comprobante o un vehículo). Revísala de nuevo antes de cancelarla.',
  huellaRequerida: 'Falta la reserva tal como se mostró al cancelarla. Abre su detalle de nuevo.',
  reservaCancelada: 'Reserva cancelada: la empresa y el cliente verán el motivo.',
  motivoCancelacionCorto: 'Explica el motivo y el reembolso en al menos 10 caracteres',
  reembolsoAparte: 'Cancelar no devuelve el dinero: si el cliente pagó, haz la devolución por ePayco o por transferencia y escribe aquí por qué se cancela y la referencia de la devolución. La empresa y el cliente lo verán.',
  cancelacionDefinitiva: 'No se puede deshacer: la reserva sale de las listas y su vehículo queda libre. La empresa y el cliente verán el motivo.',
  cuentaCambio: 'Los datos bancarios cambiaron mientras registrabas el pago. Revisa la cuenta que se muestra ahora antes de registrarlo.',
  /** Above a payout form when the account changed lately (`cuentaCambiadaHace`). */
  cuentaReciente: (cuando: string, quien: string, antes: string | null, telefono: string | null) =>
    `Los datos bancarios cambiaron el ${cuando} (${quien}).${antes ? ` Antes: ${antes}.` : ''} Confírmalos ${telefono ? `con el conductor al ${telefono}` : 'con el titular'} antes de transferir.`,
  cuentaInvalida: 'Los datos de la cuenta no son válidos.',
  cuentaRequerida: 'Falta la cuenta a la que se hizo el pago, como se mostró al registrarlo.',
  /** Toasts. */
  pagoConfirmado: 'Pago confirmado: la reserva quedó reservada para la empresa.',
  pagoRechazado: 'Pago rechazado: el cliente debe enviar un nuevo comprobante.',
  /** The payout's toast: what was registered, and to whom it went. */
  pagoRegistrado: (que: string, cuenta: string | null) => `${que}${cuenta ? `; se pagó a ${cuenta}` : ''}.`,
  errorRegistro: 'No se pudo registrar el pago',
  errorCarga: 'No se pudieron cargar los pagos',
} as const;

/** The answers to ePayco's confirmation callback (logged; ePayco shows them in its panel). */
export const EPAYCO_MSG = {
  camposInvalidos: 'Confirmación de ePayco incompleta o con campos inválidos',
  firmaInvalida: 'Firma de ePayco inválida',
  noConfigurado: 'La confirmación de ePayco no está configurada',
  procesada: 'Confirmación de ePayco procesada',
  repetida: 'Esta transacción de ePayco ya fue procesada',
  noVerificada: 'La confirmación no coincide con la transacción registrada en ePayco',
  /** A pending, declined or failed payment that changes nothing here: acknowledged, so ePayco stops retrying it. */
  sinEfecto: (motivo: string) => `Confirmación de ePayco recibida sin cambios: ${motivo}`,
  sinRespuesta: 'No se pudo consultar la transacción en ePayco. Intenta de nuevo.',
  /** Staff asking ePayco about a reservation (`POST /plataforma/servicios/{id}/pago-epayco`). */
  referenciaRequerida: 'Escribe la referencia de ePayco de la transacción.',
  noEspera: 'Esta reserva no espera un pago por ePayco.',
  desconocida: 'ePayco no encontró un pago válido con esa referencia. Revisa la referencia en el comprobante del cliente o en el panel de ePayco; la reserva sigue en validación.',
  ilegible: 'El registro de ePayco de esa transacción no se pudo leer: revísala en el panel de ePayco.',
  referenciaInvalida: 'La referencia de ePayco solo lleva letras, números, guiones (-) y guiones bajos (_).',
  deOtraReserva: 'Esa transacción de ePayco es de otra reserva.',
  noAplicada: (motivo: string) => `La transacción de ePayco no se aplicó: ${motivo}.`,
  /** An accepted charge that did not apply (cobroPorReembolsar): acknowledged to ePayco once recorded. */
  sinAplicar: 'Cobro de ePayco registrado sin aplicar: se reembolsa al cliente',
  porReembolsar: (n: number) => (n === 1 ? 'Cobro de ePayco por reembolsar' : `${n} cobros de ePayco por reembolsar`),
  reembolsarPlataforma: 'El cliente pagó, pero el cobro no se aplicó a la reserva. Reembólsalo desde el panel de ePayco.',
  reembolsarEmpresa: 'El cliente pagó, pero el cobro no se aplicó a la reserva. La plataforma se lo reembolsa.',
  /** The charges still to refund (staff, on 'Pagos Epayco por validar'). */
  tituloPorReembolsar: 'Cobros de ePayco por reembolsar',
  sinPorReembolsar: 'No hay cobros de ePayco por reembolsar',
  cobroNoEncontrado: 'No encontramos ese cobro de ePayco por reembolsar.',
  referenciaReembolsoRequerida: 'La referencia del reembolso es requerida',
  /** `dia` 'YYYY-MM-DD', said as the console writes days (DD/MM/AAAA). */
  reembolsoAntesDelCobro: (dia: string) => `La fecha del reembolso no puede ser anterior al cobro (${dia.split('-').reverse().join('/')}).`,
  /** Staff asking again about a charge already recorded (applied, refused or to refund). */
  consultaRepetida: 'Esa transacción de ePayco ya está registrada en esta reserva: búscala en sus pagos o en los cobros por reembolsar.',
  yaReembolsado: 'El reembolso de este cobro ya fue registrado.',
  reembolsoRegistrado: (monto: string, cliente: string) => `Reembolso de ${monto} a ${cliente} registrado.`,
  reembolsados: (n: number) => (n === 1 ? 'Cobro de ePayco reembolsado' : `${n} cobros de ePayco reembolsados`),
  consultaAceptada: 'ePayco confirma el pago: la reserva quedó reservada para la empresa.',
  consultaRechazada: (motivo: string) => `ePayco informa que el pago no se aprobó (${motivo}). El cliente debe pagar de nuevo.`,
  /** Staff asking ePayco about a charge on a reservation that no longer waits for one (paid, cancelled). */
  consultaSinAplicar: (motivo: string) => `ePayco confirma el cobro, pero no se aplicó a la reserva (${motivo}): quedó en 'Cobros de ePayco por reembolsar' para devolverlo al cliente.`,
  desconocidaCobro: 'ePayco no tiene un cobro aprobado con esa referencia para esta reserva: no hay nada que reembolsar. Revisa la referencia en el comprobante del cliente o en el panel de ePayco.',
  /** In 'Pagos Epayco por validar', on a reservation waiting longer than `EPAYCO_ESPERA_MIN`. */
  sinConfirmacion: 'Sin confirmación de ePayco',
  sinConfirmacionCorto: 'Sin confirmar',
} as const;

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
export const textoCuenta = (c: CuentaDestino): string => `${c.titular}: ${c.banco}, cuenta ${c.tipocuenta} ${c.cuenta}`;

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

/** A row of the service lists and the history. */
export const servicioFilaSchema = z.object({
  id: z.string(),
  estado: z.enum(SERVICE_STATES),
  tipo: vehicleTypeSchema,
  clase: z.string(),
  origen: z.string(),
  destino: z.string(),
  fechaSalida: z.string(),
  pasajeros: z.number(),
  cliente: z.string(),
  placas: z.string(),
  conductor: z.string(),
  valorOferta: z.number().nullable(),
  metodoPago: z.enum(METODOS_PAGO).nullable(),
  recorridoIniciado: z.boolean(),
  fuec: z.boolean(),
  anticipoConductorPagado: z.boolean(),
  saldoConductorPagado: z.boolean(),
  empresaAliada: z.string(),
  nombreEmpresaAliada: z.string(),
  /** A cancelled reservation's reason (the history's CSV carries it). */
  cancelacion: z.object({ motivo: z.string(), at: z.string() }).nullable(),
});
export type ServicioFila = z.infer<typeof servicioFilaSchema>;

/** One page of a list; `cursor` asks for the next (null on the last). */
export const paginaSchema = <T extends z.ZodType>(fila: T) => z.object({ items: z.array(fila), cursor: z.string().nullable() });

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

/** The longest history asked at once: its first and last days at most 366 days apart. */
export const HISTORIAL_MAX_DIAS = 366;

/** A day ('YYYY-MM-DD') and n days after it (before it when n < 0). */
const sumarDias = (dia: string, n: number) => new Date(diaUTC(dia)! + n * 86_400_000).toISOString().slice(0, 10);

/** The history's range when none is asked: the last 90 days to the next 30 (Bogotá days). */
export const rangoHistorialPorDefecto = (hoy: string) => ({ desde: sumarDias(hoy, -90), hasta: sumarDias(hoy, 30) });

/**
 * A history's day is of this millennium's first centuries: 9999-12-31's end in UTC is in the year 10000,
 * whose instant ('+010000-…') sorts before the range's start as text, and the store refused the query (500).
 */
const enSiglo = (dia: string) => dia >= '2000-01-01' && dia <= '2999-12-31';

/**
 * The history's range, in Bogotá days: `rangoHistorialPorDefecto`'s ends unless given. 'fechas' when a
 * day is not a date, 'invertido' when it runs backwards, 'largo' over HISTORIAL_MAX_DIAS. The API refuses
 * those; the date picker says which; the console, reading the range from its address, opens the default.
 */
export function rangoHistorial(desde: string | null | undefined, hasta: string | null | undefined, hoy: string): { desde: string; hasta: string } | 'fechas' | 'invertido' | 'largo' {
  const porDefecto = rangoHistorialPorDefecto(hoy);
  const rango = { desde: desde ?? porDefecto.desde, hasta: hasta ?? porDefecto.hasta };
  const [inicio, fin] = [diaUTC(rango.desde), diaUTC(rango.hasta)];
  if (inicio === null || fin === null || !enSiglo(rango.desde) || !enSiglo(rango.hasta)) return 'fechas';
  const dias = (fin - inicio) / 86_400_000;
  return dias < 0 ? 'invertido' : dias > HISTORIAL_MAX_DIAS ? 'largo' : rango;
}

/** `GET /historial`: the company's services departing in a range, with its totals. */
export const historialServiciosSchema = z.object({
  items: z.array(servicioFilaSchema),
  /** `enValidacion`: of the services won, those whose client payment is still being checked. */
  /** `servicios` and `valor` leave out the `cancelados` (not served; their value went back to the client). */
  totales: z.object({ servicios: z.number(), enValidacion: z.number(), cancelados: z.number(), valor: z.number(), finalizados: z.number(), valorFinalizados: z.number() }),
  /** More services than one answer carries: narrow the range. */
  truncado: z.boolean(),
});
export type HistorialServicios = z.infer<typeof historialServiciosSchema>;

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
