import { INTEGRACION_MSG } from './messages-servicios.js';
import { redondear } from './recorrido.js';
import { METODOS_PAGO, vehicleTypeSchema } from './service.js';
import { cleanText, requiredText } from './text.js';
import * as z from './zod-es.js';

const texto = (max = 160) => requiredText('Este campo es requerido', max);
const opcional = (max = 160) => cleanText(max).optional();
/** An ISO-8601 UTC instant as `toISOString()` writes it. */
const instante = (v: string) => new Date(v).toISOString();

/** How far ahead a client may book. */
export const SALIDA_MAXIMA_DIAS = 366;
/** How long a trip may last: a longer one is a typo (no vehicle's documents would cover it, so nobody could offer). */
export const VIAJE_MAXIMO_DIAS = 31;

/**
 * `POST /integracion/cliente/servicios`: a transport request published by the client app (docs/product.md,
 * integration endpoints). The app chooses the id, so a retried publish cannot make a second service.
 */
export const servicioPublicadoSchema = z
  .object({
    id: z.uuid(),
    cliente: texto(),
    nombre: opcional(),
    solicitante: texto(),
    telefonoOperador: z.string().regex(/^\d{7,15}$/, 'El teléfono debe tener entre 7 y 15 dígitos'),
    rutCliente: opcional(20),
    telefonoCliente: opcional(20),
    emailCliente: z.email().max(254).optional(),
    tipo: vehicleTypeSchema,
    clase: texto(60),
    origen: texto(200),
    destino: texto(200),
    // As the drivers' positions: 7 decimals, so 1e-300 is 0 and not a number DynamoDB refuses.
    latOrigen: z.number().min(-90).max(90).transform(redondear(7)),
    lonOrigen: z.number().min(-180).max(180).transform(redondear(7)),
    paradas: z.array(z.object({ location: texto(200) })).max(10).default([]),
    // Stored as toISOString() writes them (milliseconds, 'Z'): the API compares instants as text.
    fechaSalida: z.iso.datetime().transform(instante),
    fechaRegreso: z.iso.datetime().transform(instante).nullable().default(null),
    pasajeros: z.number().int().min(1).max(60),
    ciudad: texto(60),
    departamento: texto(60),
    observaciones: cleanText(500).default(''),
    guia: opcional(),
    telefonoGuia: opcional(20),
    especialidadesGuia: z.array(texto(60)).max(10).optional(),
    idiomasGuia: z.array(texto(40)).max(10).optional(),
    experienciaGuia: z.number().int().min(0).max(80).optional(),
    /** The client's picture (docs/spec/01.md section 3: imagenCliente), an https address. */
    imagenCliente: z.url({ protocol: /^https$/, error: 'La imagen del cliente debe ser una dirección https' }).max(500).optional(),
  })
  .refine((s) => Date.parse(s.fechaSalida) > Date.now(), { path: ['fechaSalida'], error: INTEGRACION_MSG.salidaFutura })
  .refine((s) => Date.parse(s.fechaSalida) <= Date.now() + SALIDA_MAXIMA_DIAS * 86_400_000, { path: ['fechaSalida'], error: INTEGRACION_MSG.salidaLejana })
  .refine((s) => !s.fechaRegreso || Date.parse(s.fechaRegreso) > Date.parse(s.fechaSalida), {
    path: ['fechaRegreso'],
    error: INTEGRACION_MSG.regresoDespues,
  })
  .refine((s) => !s.fechaRegreso || Date.parse(s.fechaRegreso) <= Date.parse(s.fechaSalida) + VIAJE_MAXIMO_DIAS * 86_400_000, {
    path: ['fechaRegreso'],
    error: INTEGRACION_MSG.regresoLejano,
  });
export type ServicioPublicado = z.infer<typeof servicioPublicadoSchema>;

/** `POST /integracion/cliente/servicios/{id}/aceptar`: the chosen company's offer and how the client pays. */
export const aceptarOfertaSchema = z.object({
  empresaAliada: z.string().min(1).max(100),
  metodoPago: z.enum(METODOS_PAGO),
});
export type AceptarOferta = z.infer<typeof aceptarOfertaSchema>;
