import type * as z from 'zod';
import type { asignacionBodySchema, asignadoSchema } from '../schemas/asignacion.js';
import type { confirmarCodigoSchema, invitacionValidadaSchema, registroEmpresaCreadoSchema, registroEmpresaSchema, validarInvitacionSchema } from '../schemas/auth.js';
import type { empresasListaSchema, meResponseSchema } from '../schemas/empresa.js';
import type { fuecBodySchema, fuecSubidoSchema } from '../schemas/fuec.js';
import type { historialRespuestaSchema } from '../schemas/historial.js';
import type { aceptarOfertaSchema, servicioPublicadoSchema } from '../schemas/integracion.js';
import type { historialServiciosSchema, servicioFilaSchema } from '../schemas/listas-servicios.js';
import type { mapaSchema, servicioDetalleSchema } from '../schemas/mapa.js';
import type { ofertaBodySchema, ofertaEnviadaSchema, ofertaRetiradaSchema } from '../schemas/oferta.js';
import type {
  cancelacionBodySchema,
  cobroPorReembolsarFilaSchema,
  comprobanteClienteSchema,
  consultaEpaycoRespuestaSchema,
  consultaEpaycoSchema,
  decisionPagoSchema,
  pagoConductorBodySchema,
  pagoConductorFilaSchema,
  pagoDetalleSchema,
  pagoPorValidarFilaSchema,
  recompensaBodySchema,
  recompensaFilaSchema,
  recompensaPagadaFilaSchema,
  reembolsoBodySchema,
  resumenPagosSchema,
} from '../schemas/pagos.js';
import type { avisosBodySchema, perfilBodySchema, registroInternoSchema, usuarioCreadoSchema } from '../schemas/profile.js';
import type {
  guiaPerfilSchema,
  operadorPerfilSchema,
  proveedorDetalleSchema,
  proveedoresPaginaSchema,
  proveedoresResumenSchema,
  suspensionBodySchema,
  validacionBodySchema,
} from '../schemas/proveedores.js';
import type { conductoresSchema, posicionSchema, recorridosEnCursoSchema, viajeFinalizadoSchema } from '../schemas/recorrido.js';
import type { seguimientoClienteSchema, seguimientoSchema } from '../schemas/seguimiento.js';
import type { reservasSchema } from '../schemas/reservas.js';
import type { resumenSchema } from '../schemas/resumen.js';
import type { confirmUploadSchema, uploadRequestSchema, uploadTicketSchema } from '../schemas/upload.js';
import type { invitacionSchema, placaDisponibleSchema, vehiculoDetalleSchema, vehiculoSchema, vehiculosResponseSchema } from '../schemas/vehiculo.js';
import type { vehiculoEdicionSchema, vehiculoNuevoSchema } from '../schemas/vehiculo-formulario.js';

/**
 * The API's contract (docs/architecture.md, "The API's contract"): every route as `'<METHOD> <path>'`,
 * the schema of the body it takes and the shape of its answer. Types only, so it costs the console's
 * bundle nothing: the API's route table mounts exactly these keys with these body schemas
 * (lambdas/api/route-table.ts, checked by the compiler and at start), and the console calls routes
 * by key (web/src/lib/api-client.ts), so a renamed route or a changed shape fails the type check on
 * both sides. `respuesta` is the answer's parsed type, where the console reads it.
 */
type Pagina<S extends z.ZodType> = { items: z.output<S>[]; cursor: string | null };
type De<S extends z.ZodType> = z.output<S>;

export interface Contrato {
  'GET /health': { respuesta: { ok: boolean } };
  'POST /registro': { cuerpo: typeof registroEmpresaSchema; respuesta: De<typeof registroEmpresaCreadoSchema> };
  'POST /registro/confirmar': { cuerpo: typeof confirmarCodigoSchema; respuesta: De<typeof registroEmpresaCreadoSchema> };
  'POST /registro/codigo': { respuesta: null };
  'POST /registro/invitacion': { cuerpo: typeof validarInvitacionSchema; respuesta: De<typeof invitacionValidadaSchema> };
  'GET /me': { respuesta: De<typeof meResponseSchema> };
  'PUT /perfil': { cuerpo: typeof perfilBodySchema; respuesta: De<typeof meResponseSchema> };
  'PUT /perfil/avisos': { cuerpo: typeof avisosBodySchema; respuesta: De<typeof meResponseSchema> };
  'POST /usuarios': { cuerpo: typeof registroInternoSchema; respuesta: De<typeof usuarioCreadoSchema> };
  'POST /uploads': { cuerpo: typeof uploadRequestSchema; respuesta: De<typeof uploadTicketSchema> };
  'POST /uploads/confirm': { cuerpo: typeof confirmUploadSchema; respuesta: De<typeof meResponseSchema> };
  'DELETE /fotos-corporativas': { respuesta: De<typeof meResponseSchema> };
  // The fleet (docs/spec/02.md sections 2.7, 5.3, 6).
  'GET /vehiculos': { respuesta: De<typeof vehiculosResponseSchema> };
  'GET /vehiculos/tipos': object;
  'GET /vehiculos/placas/:placas': { respuesta: De<typeof placaDisponibleSchema> };
  'GET /vehiculos/:id': { respuesta: De<typeof vehiculoDetalleSchema> };
  'POST /vehiculos': { cuerpo: typeof vehiculoNuevoSchema; respuesta: De<typeof vehiculoSchema> };
  'PUT /vehiculos/:id': { cuerpo: typeof vehiculoEdicionSchema; respuesta: De<typeof vehiculoDetalleSchema> };
  'POST /vehiculos/:id/invitacion': { respuesta: De<typeof invitacionSchema> };
  // The map, the service detail, offers, assignment and FUEC (docs/spec/02.md sections 2.1 to 2.5).
  'GET /mapa': { respuesta: De<typeof mapaSchema> };
  'GET /mapa/conductores': { respuesta: De<typeof conductoresSchema> };
  'GET /recorridos/en-curso': { respuesta: De<typeof recorridosEnCursoSchema> };
  'GET /resumen': { respuesta: De<typeof resumenSchema> };
  'GET /seguimiento/:token': { respuesta: De<typeof seguimientoSchema> };
  'GET /reservas': { respuesta: De<typeof reservasSchema> };
  'GET /servicios/:servicioId': { respuesta: De<typeof servicioDetalleSchema> };
  'GET /servicios/:servicioId/historial': { respuesta: De<typeof historialRespuestaSchema> };
  'POST /servicios/:servicioId/ofertas': { cuerpo: typeof ofertaBodySchema; respuesta: De<typeof ofertaEnviadaSchema> };
  'POST /servicios/:servicioId/ofertas/retiro': { respuesta: De<typeof ofertaRetiradaSchema> };
  'POST /servicios/:servicioId/fuec': { cuerpo: typeof fuecBodySchema; respuesta: De<typeof fuecSubidoSchema> };
  'POST /servicios/:servicioId/finalizar': { respuesta: De<typeof viajeFinalizadoSchema> };
  'PUT /servicios/:servicioId/vehiculo': { cuerpo: typeof asignacionBodySchema; respuesta: De<typeof asignadoSchema> };
  // Service lists, history and payments (docs/spec/01.md section 2).
  'GET /servicios': { respuesta: Pagina<typeof servicioFilaSchema> };
  'GET /historial': { respuesta: De<typeof historialServiciosSchema> };
  'GET /pagos': { respuesta: Pagina<typeof pagoConductorFilaSchema> };
  'GET /pagos/resumen': { respuesta: De<typeof resumenPagosSchema> };
  'GET /servicios/:servicioId/pagos': { respuesta: De<typeof pagoDetalleSchema> };
  // The provider panel: marketplace staff only.
  'GET /plataforma/proveedores/resumen': { respuesta: De<typeof proveedoresResumenSchema> };
  'GET /plataforma/proveedores/listas/:lista': { respuesta: De<typeof proveedoresPaginaSchema> };
  'GET /plataforma/proveedores/:tipo/:id': { respuesta: De<typeof proveedorDetalleSchema> };
  'POST /plataforma/proveedores/:tipo/:id/validar': { cuerpo: typeof validacionBodySchema; respuesta: De<typeof proveedorDetalleSchema> };
  'POST /plataforma/proveedores/:tipo/:id/bienvenida': { respuesta: De<typeof proveedorDetalleSchema> };
  'POST /plataforma/proveedores/:tipo/:id/suspension': { cuerpo: typeof suspensionBodySchema; respuesta: De<typeof proveedorDetalleSchema> };
  // Payments to validate, payouts, refunds and referral rewards: marketplace staff only.
  'GET /plataforma/empresas': { respuesta: De<typeof empresasListaSchema> };
  'GET /plataforma/pagos-por-validar/:metodo': { respuesta: Pagina<typeof pagoPorValidarFilaSchema> };
  'POST /plataforma/servicios/:servicioId/pago': { cuerpo: typeof decisionPagoSchema };
  'POST /plataforma/servicios/:servicioId/cancelacion': { cuerpo: typeof cancelacionBodySchema };
  'POST /plataforma/servicios/:servicioId/pago-conductor': { cuerpo: typeof pagoConductorBodySchema };
  'POST /plataforma/servicios/:servicioId/pago-epayco': { cuerpo: typeof consultaEpaycoSchema; respuesta: De<typeof consultaEpaycoRespuestaSchema> };
  'GET /plataforma/cobros-por-reembolsar': { respuesta: Pagina<typeof cobroPorReembolsarFilaSchema> };
  'POST /plataforma/cobros-por-reembolsar/:ref/reembolso': { cuerpo: typeof reembolsoBodySchema };
  'GET /plataforma/recompensas': { respuesta: Pagina<typeof recompensaFilaSchema> };
  'GET /plataforma/recompensas/pagadas': { respuesta: Pagina<typeof recompensaPagadaFilaSchema> };
  'POST /plataforma/recompensas/:vehiculoId': { cuerpo: typeof recompensaBodySchema };
  // The other apps (docs/product.md, "Integration routes"): ePayco, the driver app, the client app, the provider apps.
  'POST /integracion/epayco/confirmacion': object;
  'POST /integracion/conductor/posicion': { cuerpo: typeof posicionSchema };
  'POST /integracion/conductor/servicios/:servicioId/finalizar': object;
  'POST /integracion/cliente/servicios': { cuerpo: typeof servicioPublicadoSchema };
  'GET /integracion/cliente/servicios/:servicioId/ofertas': object;
  'GET /integracion/cliente/servicios/:servicioId/seguimiento': { respuesta: De<typeof seguimientoClienteSchema> };
  'POST /integracion/cliente/servicios/:servicioId/aceptar': { cuerpo: typeof aceptarOfertaSchema };
  'POST /integracion/cliente/uploads': { cuerpo: typeof uploadRequestSchema };
  'POST /integracion/cliente/servicios/:servicioId/comprobante': { cuerpo: typeof comprobanteClienteSchema };
  'POST /integracion/proveedores/uploads': { cuerpo: typeof uploadRequestSchema };
  'PUT /integracion/proveedores/guias/:id': { cuerpo: typeof guiaPerfilSchema };
  'PUT /integracion/proveedores/operadores/:id': { cuerpo: typeof operadorPerfilSchema };
}

export type Ruta = keyof Contrato;
export type Metodo<R extends Ruta> = R extends `${infer M} ${string}` ? M : never;
type Camino<R extends Ruta> = R extends `${string} ${infer P}` ? P : never;

/** The body schema a route takes (undefined when it takes none). */
export type CuerpoSchema<R extends Ruta> = Contrato[R] extends { cuerpo: infer S extends z.ZodType } ? S : undefined;
/** What the console sends: the body schema's input. */
export type Cuerpo<R extends Ruta> = CuerpoSchema<R> extends z.ZodType ? z.input<CuerpoSchema<R>> : undefined;
/** The answer's shape, where the console reads it. */
export type Respuesta<R extends Ruta> = Contrato[R] extends { respuesta: infer T } ? T : unknown;

type ParamsDe<P extends string> = P extends `${string}:${infer N}/${infer Resto}`
  ? { [K in N]: string } & ParamsDe<`/${Resto}`>
  : P extends `${string}:${infer N}`
    ? { [K in N]: string }
    : Record<never, never>;
/** A route's path parameters, by name (`:id` → `{ id: string }`). */
export type Params<R extends Ruta> = ParamsDe<Camino<R>>;

/** The query string's values; empty ones are left out. */
export type Query = Record<string, string | number | null | undefined>;

/** A route's method and path, from its key. */
export const partesDe = (ruta: Ruta): { metodo: string; camino: string } => {
  const espacio = ruta.indexOf(' ');
  return { metodo: ruta.slice(0, espacio), camino: ruta.slice(espacio + 1) };
};

/** The address of a route with its parameters (encoded) and query: what the console requests. */
export function rutaDe<R extends Ruta>(ruta: R, params: Params<R>, query: Query = {}): string {
  const valores = params as Record<string, string>;
  const camino = partesDe(ruta).camino.replace(/:(\w+)/g, (_, nombre: string) => encodeURIComponent(valores[nombre] ?? ''));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const texto = q.toString();
  return texto ? `${camino}?${texto}` : camino;
}
