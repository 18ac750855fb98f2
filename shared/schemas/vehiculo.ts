import * as z from './zod-es.js';
import { vehicleTypeSchema } from './service.js';

/** Vehicle with its driver (spec 02 section 3.3: conductores). The fleet issue widens this record. */
export const vehiculoSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  empresaAliada: z.string(),
  empresa: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  email: z.string(),
  placas: z.string().length(6),
  marca: z.string(),
  modelo: z.string(),
  tipo: vehicleTypeSchema,
  capacidad: z.number().int().min(1).max(50),
  color: z.string(),
  numeroInterno: z.string(),
  validado: z.boolean(),
  rating: z.number(),
  viajesRealizados: z.number().int().nonnegative(),
  fechaCreacion: z.iso.datetime(),
});
export type Vehiculo = z.infer<typeof vehiculoSchema>;

/** Spec 02: the vehicle code is the last 6 characters of its id. */
export const vehicleCode = (id: string): string => id.slice(-6);
