import * as z from './zod-es.js';

/** Vehicle types (spec 02 section 3.5). */
export const VEHICLE_TYPES = ['4x4 Platon', 'Automovil', 'Suv', 'Bus', 'Buseton', 'Buseta', 'Chiva', 'Minivan', 'Van'] as const;
export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

/** Stored estado values; 'validar' is shown as 'validando'. */
export const SERVICE_STATES = ['pendiente', 'validar', 'reservado', 'confirmado', 'finalizado'] as const;
export const serviceStateSchema = z.enum(SERVICE_STATES);
export type ServiceState = z.infer<typeof serviceStateSchema>;

export const POR_ASIGNAR = 'por Asignar';

/** A transport request (spec 02 section 3.1). Instants are ISO-8601 UTC; shown in America/Bogota. */
export const serviceSchema = z.object({
  id: z.string(),
  estado: serviceStateSchema,
  empresa: z.string(),
  /** Company id of the reserving company; 'none' while pending (GSI keys cannot be empty). */
  empresaAliada: z.string(),
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
  conductor: z.string().default(POR_ASIGNAR),
  placas: z.string().default(POR_ASIGNAR),
  fuec: z.boolean().default(false),
  valorOferta: z.number().int().nonnegative().nullable().default(null),
  metodoPago: z.enum(['epayco', 'transferencia']).nullable().default(null),
  pagarAnticipoConductor: z.boolean().default(false),
  anticipoConductorPagado: z.boolean().default(false),
  pagarSaldoConductor: z.boolean().default(false),
  saldoConductorPagado: z.boolean().default(false),
  creadoEn: z.iso.datetime(),
  /** TTL (epoch seconds) while pending; removed once reserved. */
  expiresAt: z.number().int().optional(),
});
export type Service = z.infer<typeof serviceSchema>;

export const SIN_EMPRESA = 'none';
