import { ASIGNACION_MSG } from './messages-servicios.js';
import * as z from './zod-es.js';

/** `PUT /servicios/{id}/vehiculo`: the company's vehicle chosen for the reserved service (docs/spec/02.md section 2.4). */
export const asignacionBodySchema = z.object({
  vehiculoId: z
    .string({ error: ASIGNACION_MSG.vehiculoRequerido })
    .trim()
    .min(1, ASIGNACION_MSG.vehiculoRequerido)
    .regex(/^[A-Za-z0-9-]{1,64}$/, ASIGNACION_MSG.vehiculoNoEncontrado),
});
export type AsignacionBody = z.infer<typeof asignacionBodySchema>;

/** `PUT /servicios/{id}/vehiculo`'s answer: the service with its vehicle and driver. */
export const asignadoSchema = z.object({ id: z.string(), estado: z.string(), placas: z.string(), conductor: z.string() });
