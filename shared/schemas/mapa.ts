import { ESTADOS_MAPA } from '../domain/mapa.js';
import { OFERTA_ESTADOS } from '../domain/ofertas.js';
import { serviceSchema, vehicleTypeSchema } from './service.js';
import * as z from './zod-es.js';

/** One marker of the monitor map: what the map draws and its tooltip says, nothing more. */
export const marcadorSchema = z.object({
  id: z.string(),
  estado: z.enum(ESTADOS_MAPA),
  tipo: vehicleTypeSchema,
  lat: z.number(),
  lng: z.number(),
  origen: z.string(),
  destino: z.string(),
  fechaSalida: z.string(),
  pasajeros: z.number().int(),
  /** The trip started (recorridoIniciado): the console announces it once (docs/spec/02.md section 2.6). */
  iniciado: z.boolean().default(false),
});
export type Marcador = z.infer<typeof marcadorSchema>;

/** `GET /mapa`: the company's fleet types (empty: the map's warning) and at most 50 markers. */
export const mapaSchema = z.object({
  tipos: z.array(vehicleTypeSchema),
  servicios: z.array(marcadorSchema),
});
export type Mapa = z.infer<typeof mapaSchema>;

/**
 * `GET /servicios/{id}`: the service detail of docs/spec/02.md section 2.2, as this company may see it: the
 * requesting operator only once the service is the company's (its `solicitante`'s name always: the offer
 * form shows it, docs/spec/02.md section 5.1), and only the company's own offer.
 */
export const servicioDetalleSchema = serviceSchema
  // The client's receipt is staff's to check (its key too): the company reads the payment's state, not the file.
  .omit({ empresa: true, cliente: true, nombre: true, fotosVehiculo: true, fuecURL: true, telefonoOperador: true, rutCliente: true, telefonoCliente: true, emailCliente: true, oferentes: true, mapa: true, expiresAt: true, comprobantePago: true })
  .extend({
    estadoMapa: z.enum(ESTADOS_MAPA),
    /** Who asked for it (docs/spec/02.md section 2.2): the reserving company's business, so null while pending. */
    operador: z.object({ empresa: z.string(), rut: z.string().nullable(), nombre: z.string(), solicitante: z.string(), telefono: z.string() }).nullable(),
    miOferta: z
      .object({ precio: z.number().int(), estado: z.enum(OFERTA_ESTADOS), fechaOferta: z.string(), cotizacionUrl: z.string().nullable() })
      .nullable(),
    /** A short-lived link to the FUEC, for the company that uploaded it. */
    fuecUrl: z.string().nullable(),
    /** When a pending service stops taking offers (ISO); null once it is not pending. */
    venceEn: z.string().nullable(),
    /** Why this company cannot offer on it (no vehicle of its fleet could take the trip); null when it can, or once it offered. */
    sinVehiculoApto: z.string().nullable(),
  });
export type ServicioDetalle = z.infer<typeof servicioDetalleSchema>;
