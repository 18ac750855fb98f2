import { diaUTC } from '../domain/vencimientos.js';
import { METODOS_PAGO, SERVICE_STATES, vehicleTypeSchema } from './service.js';
import * as z from './zod-es.js';

/** The service lists' rows, a page of them, and the history's date range (docs/spec/01.md section 2, "Payment and service lists"). */

/** A row of the service lists and the history. */
export const servicioFilaSchema = z.object({
  id: z.string(),
  estado: z.enum(SERVICE_STATES),
  tipo: vehicleTypeSchema,
  clase: z.string(),
  origen: z.string(),
  destino: z.string(),
  fechaSalida: z.string(),
  pasajeros: z.number(),
  cliente: z.string(),
  placas: z.string(),
  conductor: z.string(),
  valorOferta: z.number().nullable(),
  metodoPago: z.enum(METODOS_PAGO).nullable(),
  recorridoIniciado: z.boolean(),
  fuec: z.boolean(),
  anticipoConductorPagado: z.boolean(),
  saldoConductorPagado: z.boolean(),
  empresaAliada: z.string(),
  nombreEmpresaAliada: z.string(),
  /** A cancelled reservation's reason (the history's CSV carries it). */
  cancelacion: z.object({ motivo: z.string(), at: z.string() }).nullable(),
});

export type ServicioFila = z.infer<typeof servicioFilaSchema>;


/** The longest history asked at once: its first and last days at most 366 days apart. */
export const HISTORIAL_MAX_DIAS = 366;

/** A day ('YYYY-MM-DD') and n days after it (before it when n < 0). */
const sumarDias = (dia: string, n: number) => new Date(diaUTC(dia)! + n * 86_400_000).toISOString().slice(0, 10);

/** The history's range when none is asked: the last 90 days to the next 30 (Bogotá days). */
export const rangoHistorialPorDefecto = (hoy: string) => ({ desde: sumarDias(hoy, -90), hasta: sumarDias(hoy, 30) });

/**
 * A history's day is of this millennium's first centuries: 9999-12-31's end in UTC is in the year 10000,
 * whose instant ('+010000-…') sorts before the range's start as text, and the store refused the query (500).
 */
const enSiglo = (dia: string) => dia >= '2000-01-01' && dia <= '2999-12-31';

/**
 * The history's range, in Bogotá days: `rangoHistorialPorDefecto`'s ends unless given. 'fechas' when a
 * day is not a date, 'invertido' when it runs backwards, 'largo' over HISTORIAL_MAX_DIAS. The API refuses
 * those; the date picker says which; the console, reading the range from its address, opens the default.
 */
export function rangoHistorial(desde: string | null | undefined, hasta: string | null | undefined, hoy: string): { desde: string; hasta: string } | 'fechas' | 'invertido' | 'largo' {
  const porDefecto = rangoHistorialPorDefecto(hoy);
  const rango = { desde: desde ?? porDefecto.desde, hasta: hasta ?? porDefecto.hasta };
  const [inicio, fin] = [diaUTC(rango.desde), diaUTC(rango.hasta)];
  if (inicio === null || fin === null || !enSiglo(rango.desde) || !enSiglo(rango.hasta)) return 'fechas';
  const dias = (fin - inicio) / 86_400_000;
  return dias < 0 ? 'invertido' : dias > HISTORIAL_MAX_DIAS ? 'largo' : rango;
}

/** `GET /historial`: the company's services departing in a range, with its totals. */
export const historialServiciosSchema = z.object({
  items: z.array(servicioFilaSchema),
  /** `enValidacion`: of the services won, those whose client payment is still being checked. */
  /** `servicios` and `valor` leave out the `cancelados` (not served; their value went back to the client). */
  totales: z.object({ servicios: z.number(), enValidacion: z.number(), cancelados: z.number(), valor: z.number(), finalizados: z.number(), valorFinalizados: z.number() }),
  /** More services than one answer carries: narrow the range. */
  truncado: z.boolean(),
});

export type HistorialServicios = z.infer<typeof historialServiciosSchema>;
