import * as z from './zod-es.js';

/*
 * The live trip link's answers (docs/decisions/0014). A file of its own: the passengers' page loads it
 * on its first load, which must stay within the sign-in page's budget (no message catalogues here).
 */

/**
 * `GET /seguimiento/{token}`: what a passenger sees of a trip (docs/decisions/0014). Nothing of the
 * company or the client: the plate, the driver's first name, the route, the state, the last position.
 */
export const seguimientoSchema = z.object({
  placas: z.string(),
  conductor: z.string(),
  origen: z.string(),
  destino: z.string(),
  fechaSalida: z.string(),
  estado: z.enum(['en_curso', 'finalizado']),
  /** While under way: the last position the driver's app reported, with its time (null before the first). */
  posicion: z.object({ lat: z.number(), lng: z.number(), en: z.string() }).nullable(),
  finalizadoEn: z.string().nullable(),
  /** When the link stops working (two hours after the end); null while the trip is under way. */
  caducaEn: z.string().nullable(),
});
export type Seguimiento = z.infer<typeof seguimientoSchema>;

/** `GET /integracion/cliente/servicios/{id}/seguimiento`: the link for the client app, once the trip started. */
export const seguimientoClienteSchema = z.object({ estado: z.string(), enlace: z.string().nullable(), caducaEn: z.string().nullable() });
