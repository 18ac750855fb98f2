import * as z from './zod-es.js';

/** Vehicle types (docs/spec/02.md section 3.5). */
export const VEHICLE_TYPES = ['4x4 Platon', 'Automovil', 'Suv', 'Bus', 'Buseton', 'Buseta', 'Chiva', 'Minivan', 'Van'] as const;
export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

/**
 * Stored estado values; 'validar' is shown as 'validando'. 'cancelado' (beyond the spec): a reservation
 * whose departure passed without its trip, cancelled by marketplace staff (shared/domain/servicios.ts).
 */
export const SERVICE_STATES = ['pendiente', 'validar', 'reservado', 'confirmado', 'finalizado', 'cancelado'] as const;
export const serviceStateSchema = z.enum(SERVICE_STATES);
export type ServiceState = z.infer<typeof serviceStateSchema>;

export const POR_ASIGNAR = 'por Asignar';

/** How the client pays an accepted offer (docs/product.md: the service lifecycle). */
export const METODOS_PAGO = ['epayco', 'transferencia'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];

/** A transport request (docs/spec/02.md section 3.1). Instants are ISO-8601 UTC; shown in America/Bogota. */
/** The FUEC check's results (shared/domain/fuec.ts); here, so the service's shape needs no check code. */
export const VERIFICACIONES_FUEC = ['coincide', 'no-coincide', 'sin-verificar'] as const;

/** `inicio` of a confirmed trip the job has still to start. */
export const INICIO_PENDIENTE = 'pendiente';

/** An ePayco charge that did not apply to its reservation, as recorded for its refund. */
export const cobroSinAplicarSchema = z.object({
  referencia: z.string(),
  monto: z.number(),
  moneda: z.string(),
  motivo: z.string(),
  at: z.iso.datetime(),
  /** Once staff refunded it: when and by what reference (`POST /plataforma/cobros-por-reembolsar/{ref}/reembolso`). */
  reembolso: z.object({ fecha: z.string(), referencia: z.string(), registradoPor: z.string(), registradoEn: z.string(), comprobante: z.string().optional() }).optional(),
});
export type CobroSinAplicar = z.infer<typeof cobroSinAplicarSchema>;

export const serviceSchema = z.object({
  id: z.string(),
  estado: serviceStateSchema,
  empresa: z.string(),
  /** Company id of the company whose offer the client accepted; absent while pending (a sparse index key). */
  empresaAliada: z.string().optional(),
  cliente: z.string(),
  nombre: z.string(),
  solicitante: z.string(),
  telefonoOperador: z.string().default(''),
  tipo: vehicleTypeSchema,
  clase: z.string(),
  origen: z.string(),
  destino: z.string(),
  latOrigen: z.number(),
  lonOrigen: z.number(),
  paradas: z.array(z.object({ location: z.string() })).default([]),
  fechaSalida: z.iso.datetime(),
  fechaRegreso: z.iso.datetime().nullable().default(null),
  pasajeros: z.number().int().positive(),
  ciudad: z.string(),
  departamento: z.string(),
  pais: z.string().default('Colombia'),
  observaciones: z.string().default(''),
  recorridoIniciado: z.boolean().default(false),
  /** The client's contact data (the client app sends them; shown once the service is this company's). */
  rutCliente: z.string().optional(),
  telefonoCliente: z.string().optional(),
  emailCliente: z.string().optional(),
  conductor: z.string().default(POR_ASIGNAR),
  placas: z.string().default(POR_ASIGNAR),
  telefonoConductor: z.string().optional(),
  empresaAfiliadora: z.string().optional(),
  /** The assigned vehicle and its driver, copied in on assignment (shared/domain/asignacion.ts). */
  vehiculoId: z.string().optional(),
  idConductor: z.string().nullable().optional(),
  cedulaConductor: z.string().optional(),
  licenciaDeConducir: z.string().optional(),
  vencimientoLicenciaDeConducir: z.string().optional(),
  marca: z.string().optional(),
  modelo: z.string().optional(),
  numeroInterno: z.string().optional(),
  tarjetaOperacion: z.string().optional(),
  /** Storage keys of the vehicle's photos at assignment (docs/spec/02.md section 3.1). */
  fotosVehiculo: z.record(z.string(), z.string()).optional(),
  /** The tour guide the client hired with the trip, if any. */
  guia: z.string().optional(),
  telefonoGuia: z.string().optional(),
  especialidadesGuia: z.array(z.string()).optional(),
  idiomasGuia: z.array(z.string()).optional(),
  experienciaGuia: z.number().int().nonnegative().optional(),
  fuec: z.boolean().default(false),
  /** Storage key of the FUEC (`fuecs/{id}/fuec`) and its type, once uploaded (docs/spec/02.md section 3.1). */
  fuecURL: z.string().optional(),
  tipoFuec: z.string().optional(),
  confirmadoEn: z.iso.datetime().optional(),
  /** The FUEC check's result, recorded with the upload (shared/domain/fuec.ts). */
  verificacionFuec: z.object({ estado: z.enum(VERIFICACIONES_FUEC), problemas: z.array(z.string()) }).optional(),
  valorOferta: z.number().int().nonnegative().nullable().default(null),
  metodoPago: z.enum(METODOS_PAGO).nullable().default(null),
  /** The company whose offer the client accepted, by name (copied from the offer: lists show it). */
  nombreEmpresaAliada: z.string().optional(),
  /** The client's picture, an https address the client app sends (docs/spec/01.md section 3: imagenCliente). */
  imagenCliente: z.string().optional(),
  aceptadoEn: z.iso.datetime().optional(),
  /** Storage key of the transfer receipt the client app uploaded, while it waits to be checked. */
  comprobantePago: z.string().optional(),
  /** Why marketplace staff (or ePayco) refused the last payment; the client pays again. */
  pagoRechazado: z.object({ motivo: z.string(), at: z.iso.datetime() }).optional(),
  /** Why marketplace staff cancelled the reservation (and how the client was refunded), and when. */
  cancelacion: z.object({ motivo: z.string(), at: z.iso.datetime() }).optional(),
  /** ePayco charges of the client that did not apply (shared/domain/epayco.ts, cobroPorReembolsar): to refund. */
  cobrosSinAplicar: z.array(cobroSinAplicarSchema).optional(),
  /** When and by what reference the client's payment was confirmed. */
  pagoValidadoEn: z.iso.datetime().optional(),
  referenciaPago: z.string().optional(),
  recorridoIniciadoEn: z.iso.datetime().optional(),
  /** The live trip link's secret, made when the trip starts (shared/domain/seguimiento.ts). */
  seguimiento: z.string().optional(),
  finalizadoEn: z.iso.datetime().optional(),
  pagarAnticipoConductor: z.boolean().default(false),
  anticipoConductorPagado: z.boolean().default(false),
  pagarSaldoConductor: z.boolean().default(false),
  saldoConductorPagado: z.boolean().default(false),
  creadoEn: z.iso.datetime(),
  /** TTL (epoch seconds) while pending; removed once an offer is accepted. */
  expiresAt: z.number().int().optional(),
  /**
   * Key of the map's index while pending (`pendiente#<tipo>`, see shared/domain/mapa.ts); removed
   * when the service leaves pendiente, so the index holds only what may be offered on.
   */
  mapa: z.string().optional(),
  /** Key of the trip-start job's index (`porIniciar`): 'pendiente' while confirmed and not started. */
  inicio: z.literal(INICIO_PENDIENTE).optional(),
  /** Companies that have offered (kept with the service so the shared map feed can tell 'ofertas'). */
  oferentes: z.preprocess((v) => (v instanceof Set ? [...v] : v), z.array(z.string())).default([]),
});
export type Service = z.infer<typeof serviceSchema>;
