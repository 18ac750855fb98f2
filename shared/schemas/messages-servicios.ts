/**
 * The Spanish texts of services: the map, offers, assignment, FUEC, trips and the client app's
 * integration (docs/spec/02.md). Apart from messages.ts so the sign-in page's first load does not carry them.
 */

/** A calendar date 'YYYY-MM-DD' as the console shows dates: DD/MM/AAAA. */
const fechaLegible = (dia: string) => dia.split('-').reverse().join('/');

/** Offers (docs/spec/02.md sections 4.4, 5.1 and 8), verbatim where the spec words them. */
export const OFERTA_MSG = {
  valorInvalido: 'Ingrese un valor válido para la oferta.',
  /** A comma typed in the price: in Colombia it starts the cents ("850.000,50" read 85000050 when the comma was dropped). */
  sinCentavos: 'El valor va en pesos, sin centavos: escríbelo sin coma (por ejemplo 850000).',
  registreValida: 'Registre una oferta válida para este servicio.',
  pdfTipo: 'Por favor seleccione un archivo PDF',
  pdfRequerido: 'Debe subir el PDF de cotización ya que lo ha marcado como requerido',
  /** Why the value waits while "Adjuntar PDF de cotización" is checked without a PDF. */
  subePdfPrimero: 'Sube el PDF de cotización para escribir el valor, o desmarca la casilla.',
  /** After 'Si' (docs/spec/02.md section 5.2, step 4) nothing is sent yet: the next button does it. */
  valorConfirmado: 'Valor confirmado. Pulsa «Enviar Oferta» para enviarla al cliente.',
  error: 'Error al procesar la oferta',
  servicioYPrecio: 'La oferta debe contener servicio y precio.',
  pdfSubido: 'PDF subido exitosamente',
  enviada: 'Su oferta está siendo procesada por el Cliente. Vigencia 24 horas',
  /** Beyond the spec. */
  maximo: 'El valor de la oferta no puede superar $ 1.000.000.000',
  yaOfertaste: 'Tu empresa ya envió una oferta para este servicio.',
  /** Withdrawing an offer (`POST /servicios/{id}/ofertas/retiro`). */
  retirar: 'Retirar oferta',
  retirarPregunta: (precio: string) => `¿Retiras tu oferta de ${precio}?`,
  retirarExplicacion: 'El cliente ya no podrá aceptarla y tu empresa no podrá enviar otra oferta para este servicio.',
  retirada: 'Oferta retirada: el cliente ya no puede aceptarla.',
  estadoRetirada: 'Retirada',
  yaRetirada: 'Tu empresa retiró su oferta para este servicio: no puede enviar otra.',
  sinOfertaVigente: 'Tu empresa no tiene una oferta vigente para este servicio.',
  yaAceptada: 'El cliente ya aceptó la oferta de tu empresa: ya no se puede retirar.',
  noDisponible: 'Este servicio ya no recibe ofertas: fue reservado por otra empresa, salió o venció.',
  yaEsTuyo: 'Este servicio ya es de tu empresa: no recibe más ofertas.',
  /** Its own reservation, cancelled by staff: it said 'ya es de tu empresa' / 'el cliente ya aceptó'. */
  cancelado: 'Este servicio fue cancelado: ya no recibe ofertas ni se pueden retirar.',
  tipoFueraDeFlota: 'Tu flota no tiene vehículos del tipo que pide este servicio.',
  sinVehiculoApto: (tipo: string, dia: string, motivos: readonly string[] = []) =>
    `Ningún vehículo tipo ${tipo} de tu flota puede hacer este viaje: debe estar validado, activo y con el SOAT, la revisión técnica, la tarjeta de operación y la licencia vigentes hasta el ${fechaLegible(dia)}.` +
    motivos.map((m) => ` ${m}`).join(''),
} as const;

/** Vehicle assignment (docs/spec/02.md sections 2.4 and 8; the refusals are beyond the spec). */
export const ASIGNACION_MSG = {
  errorCarga: 'Error al cargar los vehículos',
  confirmar: (placas: string, marca: string, modelo: string) => `¿Estás seguro de seleccionar el vehículo ${placas} (${marca} ${modelo})?`,
  asignado: 'Vehículo asignado al servicio',
  /** A warning, not a refusal (the specs set no such rule): the client chose the type, and may count a child on a lap. */
  capacidadMenor: (capacidad: number, pasajeros: number) => `Disponible, con ${capacidad} puestos para ${pasajeros} pasajeros`,
  error: 'No se pudo asignar el vehículo',
  vehiculoRequerido: 'Selecciona un vehículo',
  vehiculoNoEncontrado: 'No encontramos ese vehículo en tu flota.',
  otroTipo: (tipo: string) => `El servicio pide un vehículo tipo ${tipo}.`,
  noValidado: 'El vehículo no está validado.',
  suspendido: 'El conductor de este vehículo está suspendido por la plataforma.',
  documentoVence: (documento: string, dia: string) => `${documento} vence antes del fin del viaje (${fechaLegible(dia)}).`,
  noAsignable: 'Este servicio ya no admite asignación: ya tiene vehículo, ya tiene FUEC o no está reservado.',
  vehiculoOcupado: 'El vehículo ya tiene otro servicio en ese horario.',
  vehiculoCambio: 'El vehículo se acaba de asignar a otro servicio. Revisa su horario e intenta de nuevo.',
} as const;

/** The FUEC dialog (docs/spec/02.md sections 2.5, 4.2 and 8; the refusals are beyond the spec). */
export const FUEC_MSG = {
  titulo: 'Información FUEC',
  /** Beyond the spec: the dialog's X or Escape while the FUEC uploads. */
  esperaSubida: 'El FUEC se está subiendo: espera a que termine para cerrar.',
  nota: 'Envía esta información a tu empresa afiliadora para la emisión del FUEC',
  arrastra: 'Arrastra y suelta tu archivo aquí',
  formatos: 'Formatos aceptados: PDF, JPG, PNG',
  agregado: 'FUEC agregado con éxito',
  archivoRequerido: 'Selecciona el archivo del FUEC',
  sinVehiculo: 'Primero asigna un vehículo al servicio',
  noAdmite: 'Este servicio no admite FUEC: debe estar reservado, con vehículo asignado y sin FUEC cargado.',
  /** The FUEC check (beyond the spec). */
  placaNoCoincide: (placas: string) => `La placa del FUEC no coincide con el vehículo asignado (${placas}).`,
  sinFechas: 'No encontramos en el FUEC las fechas del contrato.',
  fechasNoCubren: (desde: string, hasta: string, viaje: string) => `Las fechas del FUEC (${desde} a ${hasta}) no cubren el viaje (${viaje}).`,
  origenNoCoincide: (origen: string) => `El origen del FUEC no coincide con el del servicio (${origen}).`,
  destinoNoCoincide: (destino: string) => `El destino del FUEC no coincide con el del servicio (${destino}).`,
  noCoincide: 'El FUEC no coincide con la reserva. Revísalo o confírmalo de todas formas.',
  sinVerificar: 'FUEC sin verificar: es una imagen o un PDF sin texto.',
  pdfIlegible: 'No pudimos abrir el PDF del FUEC: el archivo parece dañado. Descárgalo de nuevo o sube una foto (JPG o PNG).',
  pdfPesado: 'El PDF del FUEC es demasiado pesado para revisarlo. Súbelo con menos páginas o como foto (JPG o PNG).',
  /** Beyond the spec: this server is reading as many PDFs as it reads at once (docs/architecture.md, "Untrusted input"). */
  pdfOcupado: 'Estamos revisando muchos FUEC en este momento. Intenta de nuevo en unos segundos.',
  verificado: 'FUEC verificado: placa, fechas y ruta coinciden con la reserva.',
  conDiferencias: 'FUEC guardado con diferencias: quedaron registradas en el historial.',
} as const;

/** docs/spec/02.md section 2.6: the trip-start toast. */
export const RECORRIDO_MSG = {
  iniciado: 'Recorrido Iniciado',
  dirigete: 'Dirígete al punto donde recogerás tus pasajeros',
  entendido: 'Entendido',
  /** Beyond the spec: the end of the trip and the driver's position. */
  finalizar: 'Finalizar Viaje',
  confirmarFin: '¿Confirmas que el viaje terminó? El saldo del conductor quedará pendiente de pago.',
  finalizado: 'Viaje finalizado',
  noFinalizable: 'Solo un viaje iniciado, después de su salida, se puede finalizar.',
  noEsTuViaje: 'Este servicio no es de tu vehículo.',
  sinVehiculo: 'Tu cuenta no tiene un vehículo asignado.',
  /** A position is shared only while a trip of the driver's is under way (issue 46). */
  sinViajeEnCurso: 'No tienes un viaje en curso: tu posición se comparte solo durante un recorrido.',
  posicionInvalida: 'La posición no es válida.',
  limitesInvalidos: 'Los límites del mapa no son válidos.',
} as const;

/** The live trip link for the passengers (issue 48, docs/decisions/0014). */
export const SEGUIMIENTO_MSG = {
  /** One answer for a link that never was, a wrong secret, a cancelled trip and an expired link: none tells which. */
  noDisponible: 'Este enlace de seguimiento no existe o ya no está disponible. Los enlaces dejan de funcionar 2 horas después de terminar el viaje.',
} as const;

/** The map and the service detail (docs/spec/02.md sections 2.1 and 2.2). */
export const MAPA_MSG = {
  cargando: 'Cargando mapa...',
  /** The legend's line while the feed has not answered yet (its states show at once). */
  cargandoServicios: 'Cargando servicios...',
  /** The base map (outline, cities or tiles) failed; the markers still show where they are. */
  fondoFallido: 'No se pudo cargar el mapa de fondo. Los servicios siguen en su lugar; recarga la página para intentarlo de nuevo.',
  sinTipos: 'No hay tipos de vehículos registrados en su flota',
  servicioNoEncontrado: 'No encontramos ese servicio, o ya no está disponible.',
  sinParadas: 'Sin paradas',
  recibeOfertas: (hasta: string) => `Recibe ofertas hasta el ${hasta}`,
  /** After the company withdrew its own: the request still takes the others'. */
  recibeOfertasDeOtras: (hasta: string) => `Recibe ofertas de otras empresas hasta el ${hasta}`,
  noEspecificada: 'No especificada',
  sinRetorno: 'No contrató retorno',
  noRegistrado: 'No registrado',
  noAsignado: 'No asignado',
  recordarAsignar: 'Recordar Asignar vehículo y subir FUEC 24 horas antes de iniciar el servicio',
  recordarFuec: 'Recordar Subir FUEC 24 horas antes de iniciar el servicio',
  /** A reservation whose departure passed before its trip (shared/domain/servicios.ts, reservaVencida). */
  vencida: 'Vencida',
  /** Where the lists mark it: what the mark means. */
  vencidaExplicada: "'Vencida': su salida pasó sin que el viaje quedara confirmado.",
  vencidaEmpresa: 'La salida de esta reserva ya pasó y el viaje no quedó confirmado. Si el viaje se hizo, completa la reserva; si no, la plataforma la cancelará y reembolsará al cliente.',
} as const;

/** The client app's integration endpoints (docs/product.md); read by another team's app, still in Spanish. */
export const INTEGRACION_MSG = {
  firmaRequerida: 'Falta la firma de la aplicación.',
  firmaInvalida: 'La firma de la solicitud no es válida o expiró.',
  firmaRepetida: 'Esta solicitud ya fue recibida: cada firma vale una sola vez. Para repetirla, fírmala de nuevo.',
  servicioExiste: 'Ya existe un servicio con ese identificador.',
  ofertaNoDisponible: 'Esa oferta no existe, venció o ya no está vigente.',
  servicioNoPendiente: 'El servicio ya no está pendiente: otra oferta fue aceptada o venció.',
  salidaFutura: 'La fecha de salida debe ser futura',
  /** Beyond the spec: a bound that catches typos such as the year 9999. */
  salidaLejana: 'La fecha de salida debe estar dentro del próximo año',
  regresoDespues: 'La fecha de regreso debe ser posterior a la salida',
  regresoLejano: 'La fecha de regreso debe estar dentro de los 31 días siguientes a la salida',
} as const;
