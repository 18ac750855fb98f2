import { EXPIRY_SECONDS, INITIAL_RATING } from '../constants.js';
import { OFERTA_MAXIMA, OFERTA_ESTADOS } from '../domain/ofertas.js';
import { hoyEnBogota } from '../domain/vencimientos.js';
import type { Empresa } from './empresa.js';
import { OFERTA_MSG } from './messages-servicios.js';
import { POR_ASIGNAR, vehicleTypeSchema, type Service } from './service.js';
import { uploadId } from './upload.js';
import { AMENIDAD_KEYS, type Amenidad } from './vehiculo.js';
import * as z from './zod-es.js';

/**
 * `POST /servicios/{id}/ofertas`: the price as typed (the server rounds it up to a multiple of 1000,
 * docs/spec/02.md section 4.4) and, optionally, the upload ticket of the quote PDF.
 */
export const ofertaBodySchema = z.object({
  precio: z
    // Missing: the spec's message; sent but not a number (text, say): not a valid value.
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? OFERTA_MSG.servicioYPrecio : OFERTA_MSG.valorInvalido) })
    .int(OFERTA_MSG.valorInvalido)
    .positive(OFERTA_MSG.registreValida)
    .max(OFERTA_MAXIMA, OFERTA_MSG.maximo),
  cotizacion: uploadId.optional(),
});
export type OfertaBody = z.infer<typeof ofertaBodySchema>;

const amenidadesEnFalso = Object.fromEntries(AMENIDAD_KEYS.map((k) => [k, z.literal(false)])) as Record<Amenidad, z.ZodLiteral<false>>;

/**
 * An offer as stored (docs/spec/02.md section 3.2): the company's data and the service's copied in, so the
 * client app shows it without reading either. One per company per service (the table's key).
 */
export const ofertaSchema = z.object({
  id: z.string(),
  idServicio: z.string(),
  empresaAliada: z.string(),
  /** The company's name, and who sent it (the user's e-mail). */
  empresa: z.string(),
  oferente: z.string(),
  solicitante: z.string(),
  estado: z.enum(OFERTA_ESTADOS),
  precio: z.number().int().positive(),
  /** Storage key of the quote PDF. */
  documentoCotizacion: z.string().nullable(),
  corporativa: z.literal(true),
  isOfer: z.literal(true),
  logo: z.string().nullable(),
  fotosCorporativas: z.array(z.string()),
  banco: z.string(),
  tipocuenta: z.string(),
  cuenta: z.string(),
  titular: z.string(),
  tipoVehiculo: vehicleTypeSchema,
  clase: z.string(),
  origen: z.string(),
  destino: z.string(),
  fechaSalida: z.string(),
  fechaRegreso: z.string().nullable(),
  pasajeros: z.number().int(),
  paradas: z.array(z.object({ location: z.string() })),
  finalizadoConductor: z.literal(false),
  conductor: z.string(),
  placas: z.string(),
  ratingConductor: z.number(),
  ...amenidadesEnFalso,
  /** YYYY-MM-DD in Bogotá (docs/spec/02.md section 3.2). */
  fechaOferta: z.string(),
  creadoEn: z.iso.datetime(),
  /** TTL, 24 h after creation while 'enviada'; removed when accepted. */
  expiresAt: z.number().int().optional(),
});
export type Oferta = z.infer<typeof ofertaSchema>;

/**
 * A company's new offer on a service, as stored: its data and the service's copied in, no driver yet,
 * 'enviada', expiring 24 h after it was made (docs/spec/02.md section 3.2). The price comes already rounded.
 */
export function nuevaOferta(
  args: { service: Service; empresa: Empresa; oferente: string; precio: number; documentoCotizacion: string | null },
  now: Date,
): Oferta {
  const { service, empresa } = args;
  return ofertaSchema.parse({
    id: crypto.randomUUID(),
    idServicio: service.id,
    empresaAliada: empresa.id,
    empresa: empresa.empresa,
    oferente: args.oferente,
    solicitante: service.solicitante,
    estado: 'enviada',
    precio: args.precio,
    documentoCotizacion: args.documentoCotizacion,
    corporativa: true,
    isOfer: true,
    logo: empresa.logo,
    fotosCorporativas: empresa.fotosCorporativas.filter(Boolean),
    banco: empresa.banco,
    tipocuenta: empresa.tipocuenta,
    cuenta: empresa.cuenta,
    titular: empresa.titular,
    tipoVehiculo: service.tipo,
    clase: service.clase,
    origen: service.origen,
    destino: service.destino,
    fechaSalida: service.fechaSalida,
    fechaRegreso: service.fechaRegreso,
    pasajeros: service.pasajeros,
    paradas: service.paradas,
    finalizadoConductor: false,
    conductor: POR_ASIGNAR,
    placas: POR_ASIGNAR,
    ratingConductor: INITIAL_RATING,
    ...Object.fromEntries(AMENIDAD_KEYS.map((k) => [k, false])),
    fechaOferta: hoyEnBogota(now),
    creadoEn: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + EXPIRY_SECONDS,
  });
}

/** `POST /servicios/{id}/ofertas`'s answer: the offer as stored. */
export const ofertaEnviadaSchema = z.object({ precio: z.number(), estado: z.enum(OFERTA_ESTADOS), fechaOferta: z.string() });

/** `POST /servicios/{id}/ofertas/retiro`'s answer: the withdrawn offer. */
export const ofertaRetiradaSchema = z.object({ precio: z.number(), estado: z.string() });
