import type { Context } from 'hono';
import { ESTADOS_HISTORIAL, LISTA_SERVICIOS_IDS, listaServicios, totalesHistorial } from '@shared/domain/listas.js';
import { diaUTC, hoyEnBogota } from '@shared/domain/vencimientos.js';
import { rangoHistorial, servicioFilaSchema, type HistorialServicios, type ServicioFila } from '@shared/schemas/listas-servicios.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import type { ServiceState } from '@shared/schemas/service.js';
import * as z from '@shared/schemas/zod-es.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { serviceRepository } from '../../data/service-repository.js';
import { ttlCache } from '../../data/ttl-cache.js';
import { badRequest } from '../../errors.js';
import type { ConsolaCaller } from '../caller.js';
import { codificarCursor, empresaDeLista, opcionesDeLista } from '../cursor.js';
import { jsonWithEtag } from '../etag.js';
import { particionDeEstado } from '@shared/tablas/services.js';

/** The service lists and the history (docs/spec/01.md section 2, "Payment and service lists"). */

/** A stored service (a projection) as a list row; fields a service has not had yet take their defaults. */
const fila = (item: Record<string, unknown>): ServicioFila =>
  servicioFilaSchema.parse({
    valorOferta: null,
    metodoPago: null,
    recorridoIniciado: false,
    fuec: false,
    anticipoConductorPagado: false,
    saldoConductorPagado: false,
    nombreEmpresaAliada: '',
    cancelacion: null,
    ...item,
    cliente: item.empresa,
  });

const listaSchema = z.enum(LISTA_SERVICIOS_IDS);

/**
 * `GET /servicios?lista=pedidos|reservados|confirmados|finalizados|en-curso`: one page of a list. A
 * company sees its own services; marketplace staff every company's, or one's with `empresa`.
 */
export async function listarServicios(c: Context, caller: ConsolaCaller) {
  const id = listaSchema.safeParse(c.req.query('lista') ?? 'pedidos');
  if (!id.success) throw badRequest(PAGO_MSG.listaInvalida);
  const lista = listaServicios(id.data);
  const empresaId = empresaDeLista(c, caller);
  const pagina = await serviceRepository.lista(lista, empresaId, opcionesDeLista(c, particionDeEstado(empresaId, lista.estado), 'fechaSalida'));
  return jsonWithEtag(c, { items: pagina.items.map(fila), cursor: codificarCursor(pagina.cursor) });
}

const HISTORIAL_MAX_FILAS = 2000;

/**
 * `GET /historial?desde=&hasta=&estado=`: the company's services departing in the range (days in
 * Bogotá, the last 90 days to the next 30 by default, at most a year), latest first, with totals.
 * Marketplace staff see every company's, or one's with `empresa`.
 */
export async function historialServicios(c: Context, caller: ConsolaCaller) {
  const empresaId = empresaDeLista(c, caller);
  const rango = rangoHistorial(c.req.query('desde'), c.req.query('hasta'), hoyEnBogota());
  if (rango === 'fechas') throw badRequest(PAGO_MSG.fechasHistorialInvalidas);
  if (typeof rango === 'string') throw badRequest(PAGO_MSG.rangoInvalido);
  const estado = c.req.query('estado') || undefined;
  if (estado && !(ESTADOS_HISTORIAL as readonly string[]).includes(estado)) throw badRequest(PAGO_MSG.listaInvalida);
  // Bogotá is UTC-5: its day D runs from D 05:00 UTC to D+1 05:00 UTC.
  const desde = new Date(diaUTC(rango.desde)! + 5 * 3_600_000).toISOString();
  const hasta = new Date(diaUTC(rango.hasta)! + 29 * 3_600_000 - 1).toISOString();
  const { items, truncado } = await serviceRepository.historial(empresaId, { desde, hasta, estado: estado as ServiceState | undefined }, HISTORIAL_MAX_FILAS);
  const filas = items.map(fila);
  const respuesta: HistorialServicios = {
    items: filas,
    totales: totalesHistorial(filas),
    truncado,
  };
  return jsonWithEtag(c, respuesta);
}

/** The companies' names change rarely: kept a minute per container. */
const directorio = ttlCache<{ id: string; empresa: string }[]>(60_000);

/** `GET /plataforma/empresas`: every company's id and name, for marketplace staff's company filter. */
export async function listarEmpresas(c: Context) {
  return jsonWithEtag(c, { items: await directorio.get('todas', () => empresaRepository.directorio()) });
}
