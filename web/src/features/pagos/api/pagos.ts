import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListaServiciosId } from '@shared/domain/listas.js';
import type { Fuente } from '../../../lib/listas.js';
import { cobroPorReembolsarFilaSchema, consultaEpaycoRespuestaSchema, pagoConductorFilaSchema, pagoDetalleSchema, pagoPorValidarFilaSchema, recompensaFilaSchema, recompensaPagadaFilaSchema, resumenPagosSchema, type ConsultaEpaycoBody, type CancelacionBody, type CobroPorReembolsarFila, type ReembolsoBody, type DecisionPago, type PagoConductorBody, type PagoConductorFila, type PagoPorValidarFila, type RecompensaBody, type RecompensaFila, type RecompensaPagadaFila } from '@shared/schemas/pagos.js';
import { paginaSchema } from '@shared/schemas/paginas.js';
import { historialServiciosSchema, servicioFilaSchema, type ServicioFila } from '@shared/schemas/listas-servicios.js';
import { llamar } from '../../../lib/api-client.js';
import { empresasListaSchema } from '@shared/schemas/empresa.js';
import { rutaDe, type Params, type Query, type Ruta } from '@shared/api/contrato.js';

/** The counts refresh every 5 s; an unchanged answer is a 304 (ETag), so a quiet count costs little. */
export const RESUMEN_REFRESCO_MS = 5000;

export const CLAVE_PAGOS = ['pagos'] as const;

/** A list's address for a filter, a cursor and a page size (and the company, for marketplace staff). */
const ruta =
  <R extends Ruta>(base: R, params: Params<R>, extra: Query, empresa: string | null) =>
  (c: { q: string; cursor: string | null; limite: number }) =>
    rutaDe(base, params, { ...extra, limite: c.limite, q: c.q, cursor: c.cursor, empresa });

/** Where each paged list is read, and its row's shape (components/lista-paginada.tsx reads them). */
export const FUENTES = {
  servicios: (lista: ListaServiciosId, empresa: string | null): Fuente<ServicioFila> => ({ clave: `servicios-${lista}-${empresa}`, ruta: ruta('GET /servicios', {}, { lista }, empresa), pagina: paginaSchema(servicioFilaSchema) }),
  pagosConductor: (tipo: 'anticipo' | 'saldo', empresa: string | null): Fuente<PagoConductorFila> => ({ clave: `pagos-${tipo}-${empresa}`, ruta: ruta('GET /pagos', {}, { lista: tipo }, empresa), pagina: paginaSchema(pagoConductorFilaSchema) }),
  porValidar: (metodo: 'epayco' | 'transferencia', empresa: string | null): Fuente<PagoPorValidarFila> => ({
    clave: `validar-${metodo}-${empresa}`,
    ruta: ruta('GET /plataforma/pagos-por-validar/:metodo', { metodo }, {}, empresa),
    pagina: paginaSchema(pagoPorValidarFilaSchema),
  }),
  recompensas: (): Fuente<RecompensaFila> => ({ clave: 'recompensas', ruta: ruta('GET /plataforma/recompensas', {}, {}, null), pagina: paginaSchema(recompensaFilaSchema) }),
  cobrosPorReembolsar: (): Fuente<CobroPorReembolsarFila> => ({
    clave: 'cobros-por-reembolsar',
    ruta: ruta('GET /plataforma/cobros-por-reembolsar', {}, {}, null),
    pagina: paginaSchema(cobroPorReembolsarFilaSchema),
  }),
  recompensasPagadas: (): Fuente<RecompensaPagadaFila> => ({
    clave: 'recompensas-pagadas',
    ruta: ruta('GET /plataforma/recompensas/pagadas', {}, {}, null),
    pagina: paginaSchema(recompensaPagadaFilaSchema),
  }),
};

/** The latest reward paid (staff): the pay form shows its value, as the spec sets no amount. */
export const useUltimaRecompensa = (activo: boolean) =>
  useQuery({
    queryKey: [...CLAVE_PAGOS, 'ultima-recompensa'],
    queryFn: ({ signal }) => llamar('GET /plataforma/recompensas/pagadas', { query: { limite: 1 }, schema: paginaSchema(recompensaPagadaFilaSchema), signal }).then((p) => p.items[0] ?? null),
    enabled: activo,
    meta: { silent: true },
  });

/** The counts of the caller's pending payments (the bottom bar's badge, the tabs). */
export const useResumenPagos = () =>
  useQuery({
    queryKey: [...CLAVE_PAGOS, 'resumen'],
    queryFn: ({ signal }) => llamar('GET /pagos/resumen', { schema: resumenPagosSchema, signal }),
    refetchInterval: RESUMEN_REFRESCO_MS,
    meta: { silent: true },
  });

/** Every company (marketplace staff's company filter). */
export const useEmpresas = (activo: boolean) =>
  useQuery({ queryKey: ['empresas'], queryFn: ({ signal }) => llamar('GET /plataforma/empresas', { schema: empresasListaSchema, signal }).then((r) => r.items), enabled: activo, staleTime: 60_000 });

/** A service's money and ledger. */
export const usePagoDetalle = (id: string | null) =>
  useQuery({
    queryKey: [...CLAVE_PAGOS, 'detalle', id],
    queryFn: ({ signal }) => llamar('GET /servicios/:servicioId/pagos', { params: { servicioId: id! }, schema: pagoDetalleSchema, signal }),
    enabled: !!id,
    staleTime: 0,
    meta: { enPantalla: true },
  });

export type FiltroHistorial = { desde: string; hasta: string; estado: string; empresa: string | null };
/** The history of a date range, with its totals. */
export const useHistorial = (f: FiltroHistorial) => {
  const query = { desde: f.desde, hasta: f.hasta, estado: f.estado, empresa: f.empresa };
  return useQuery({
    queryKey: [...CLAVE_PAGOS, 'historial', rutaDe('GET /historial', {}, query)],
    queryFn: ({ signal }) => llamar('GET /historial', { query, schema: historialServiciosSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    meta: { enPantalla: true },
  });
};

/**
 * After any payment action every list, count and detail is asked again; after a refused one too (it
 * was refused because something changed, e.g. the account to pay).
 */
function useAccion<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: CLAVE_PAGOS }), qc.invalidateQueries({ queryKey: ['listas'] })]),
    // Each caller says a failure where it happened (beside the form, or its own toast): not twice.
    meta: { silent: true },
  });
}

export const useCancelarReserva = () => useAccion(({ id, body }: { id: string; body: CancelacionBody }) => llamar('POST /plataforma/servicios/:servicioId/cancelacion', { params: { servicioId: id }, body }));
export const useReembolsarCobro = () => useAccion(({ ref, body }: { ref: string; body: ReembolsoBody }) => llamar('POST /plataforma/cobros-por-reembolsar/:ref/reembolso', { params: { ref }, body }));
export const useDecidirPago = () => useAccion(({ id, body }: { id: string; body: DecisionPago }) => llamar('POST /plataforma/servicios/:servicioId/pago', { params: { servicioId: id }, body }));
export const useConsultarEpayco = () =>
  useAccion(({ id, body }: { id: string; body: ConsultaEpaycoBody }) => llamar('POST /plataforma/servicios/:servicioId/pago-epayco', { params: { servicioId: id }, body, schema: consultaEpaycoRespuestaSchema }));
export const usePagarConductor = () => useAccion(({ id, body }: { id: string; body: PagoConductorBody }) => llamar('POST /plataforma/servicios/:servicioId/pago-conductor', { params: { servicioId: id }, body }));
export const usePagarRecompensa = () => useAccion(({ id, body }: { id: string; body: RecompensaBody }) => llamar('POST /plataforma/recompensas/:vehiculoId', { params: { vehiculoId: id }, body }));
