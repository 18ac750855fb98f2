/** The payment screens' and routes' messages (docs/spec/01.md sections 2 and 8; beyond it, in the same voice). */

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
