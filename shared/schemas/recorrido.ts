import { RECORRIDO_MSG } from './messages-servicios.js';
import * as z from './zod-es.js';

/** Rounded to 7 decimals (about 1 cm): what a phone measures, and what DynamoDB can store (not 1e-131). */
export const redondear = (decimales: number) => (n: number) => Math.round(n * 10 ** decimales) / 10 ** decimales;
const coordenada = (min: number, max: number) =>
  z.number({ error: RECORRIDO_MSG.posicionInvalida }).min(min, RECORRIDO_MSG.posicionInvalida).max(max, RECORRIDO_MSG.posicionInvalida).transform(redondear(7));

/** `POST /integracion/conductor/posicion`: where the driver app is now. */
export const posicionSchema = z.object({
  lat: coordenada(-90, 90),
  lng: coordenada(-180, 180),
  /** km/h, as the phone reports it. */
  velocidad: z.number({ error: RECORRIDO_MSG.posicionInvalida }).min(0, RECORRIDO_MSG.posicionInvalida).max(300, RECORRIDO_MSG.posicionInvalida).transform(redondear(1)).optional(),
});
export type Posicion = z.infer<typeof posicionSchema>;

/** `GET /mapa/conductores`: the visible map's bounds (query strings). */
/** A number in a query string: an empty one is missing, not 0. */
const enConsulta = z.string().trim().min(1).pipe(z.coerce.number());
export const limitesSchema = z
  .object({ norte: enConsulta, sur: enConsulta, este: enConsulta, oeste: enConsulta }, { error: RECORRIDO_MSG.limitesInvalidos })
  .refine((l) => [l.norte, l.sur, l.este, l.oeste].every(Number.isFinite) && l.norte >= l.sur && Math.abs(l.norte) <= 90 && Math.abs(l.sur) <= 90, { error: RECORRIDO_MSG.limitesInvalidos });

/** A started trip's driver on the map. */
export const conductorEnMapaSchema = z.object({
  servicioId: z.string(),
  placas: z.string(),
  conductor: z.string(),
  lat: z.number(),
  lng: z.number(),
  posicionEn: z.string(),
});
export type ConductorEnMapa = z.infer<typeof conductorEnMapaSchema>;
export const conductoresSchema = z.object({ conductores: z.array(conductorEnMapaSchema) });

/**
 * `GET /recorridos/en-curso`: the company's trips under way, which the console's shell polls on every
 * screen to say 'Recorrido Iniciado' once for each new one (docs/spec/02.md section 2.6).
 */
export const recorridosEnCursoSchema = z.object({
  /** `enlace`: the live trip link for the passengers (shared/domain/seguimiento.ts), the company's alone. */
  recorridos: z.array(z.object({ id: z.string(), placas: z.string(), origen: z.string(), enlace: z.string().nullable() })),
});


/** `POST /servicios/{id}/finalizar`'s answer: the service, now finished. */
export const viajeFinalizadoSchema = z.object({ id: z.string(), estado: z.string() });
