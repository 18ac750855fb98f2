import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mapaSchema, servicioDetalleSchema, type Mapa } from '@shared/schemas/mapa.js';
import type { OfertaBody } from '@shared/schemas/oferta.js';
import { POSICIONES_REFRESCO_MS, type Limites } from '@shared/domain/recorrido.js';
import { conductoresSchema, type ConductorEnMapa } from '@shared/schemas/recorrido.js';
import { reservasSchema } from '@shared/schemas/reservas.js';
import { llamar, ApiError } from '../../../lib/api-client.js';
import { asignadoSchema } from '@shared/schemas/asignacion.js';
import { fuecSubidoSchema, verificacionFuecSchema } from '@shared/schemas/fuec.js';
import { ofertaEnviadaSchema, ofertaRetiradaSchema } from '@shared/schemas/oferta.js';

/** docs/spec/02.md section 7 (live data): the map asks again every 5 s; an unchanged feed costs a 304. */
export const MAPA_REFRESCO_MS = 5000;

export const mapaKeys = {
  feed: ['mapa'] as const,
  servicio: (id: string) => ['servicios', id] as const,
};

export const mapaQuery = queryOptions({
  queryKey: mapaKeys.feed,
  queryFn: ({ signal }) => llamar('GET /mapa', { schema: mapaSchema, signal }),
  refetchInterval: MAPA_REFRESCO_MS,
  // Keeps polling in a background tab too: new requests must be there when the person looks back.
  refetchIntervalInBackground: false,
  meta: { silent: true },
});
export const useMapa = () => useQuery(mapaQuery);

/** `GET /servicios/{id}`: re-read on every opening (its state and offer may have changed). */
export const useServicio = (id: string | null) =>
  useQuery({
    queryKey: mapaKeys.servicio(id ?? ''),
    queryFn: ({ signal }) => llamar('GET /servicios/:servicioId', { params: { servicioId: id! }, schema: servicioDetalleSchema, signal }),
    enabled: !!id,
    staleTime: 0,
    meta: { silent: true },
  });

/** Bounds rounded to ~100 m, so small pans do not make a new query each. */
const redondear = (l: Limites): Limites => ({ norte: +l.norte.toFixed(3), sur: +l.sur.toFixed(3), este: +l.este.toFixed(3), oeste: +l.oeste.toFixed(3) });

/**
 * `GET /mapa/conductores`: the company's drivers on started trips inside the visible bounds, asked
 * again every 5 s (docs/spec/02.md section 7) while the company has a trip under way.
 */
export function useConductores(limites: Limites | null, activo: boolean) {
  const l = limites && redondear(limites);
  return useQuery({
    queryKey: ['mapa', 'conductores', l],
    queryFn: ({ signal }): Promise<ConductorEnMapa[]> =>
      llamar('GET /mapa/conductores', { query: l!, schema: conductoresSchema, signal }).then((r) => r.conductores),
    enabled: activo && !!l,
    refetchInterval: POSICIONES_REFRESCO_MS,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `GET /reservas`: the company's reserved and confirmed services (304 when unchanged). */
export const useReservas = () =>
  useQuery({
    queryKey: ['reservas'],
    queryFn: ({ signal }) => llamar('GET /reservas', { schema: reservasSchema, signal }).then((r) => r.items),
    refetchInterval: 15_000,
    meta: { silent: true },
  });

/** `POST /servicios/{id}/ofertas/retiro`: the detail and the map read again, withdrawn or refused. */
export function useRetirarOferta(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => llamar('POST /servicios/:servicioId/ofertas/retiro', { params: { servicioId: id }, schema: ofertaRetiradaSchema }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: mapaKeys.servicio(id) }), queryClient.invalidateQueries({ queryKey: mapaKeys.feed })]),
    meta: { silent: true },
  });
}


/** `PUT /servicios/{id}/vehiculo`: the detail (now awaiting the FUEC) and the map read again. */
export function useAsignarVehiculo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehiculoId: string) => llamar('PUT /servicios/:servicioId/vehiculo', { params: { servicioId: id }, body: { vehiculoId }, schema: asignadoSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mapaKeys.servicio(id) });
      void queryClient.invalidateQueries({ queryKey: mapaKeys.feed });
      void queryClient.invalidateQueries({ queryKey: ['reservas'] });
    },
    meta: { silent: true },
  });
}


/** The differences of a refused FUEC (409 'fuec-no-coincide'), or null for any other failure. */
export const diferenciasFuec = (err: unknown): string[] | null => {
  if (!(err instanceof ApiError) || err.code !== 'fuec-no-coincide') return null;
  return verificacionFuecSchema.safeParse((err.details as { verificacion?: unknown } | null)?.verificacion).data?.problemas ?? null;
};

/** `POST /servicios/{id}/fuec` with the uploaded file's ticket: the reservation becomes confirmado. */
export function useSubirFuec(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { archivo: string; confirmarDiferencias?: boolean }) => llamar('POST /servicios/:servicioId/fuec', { params: { servicioId: id }, body, schema: fuecSubidoSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mapaKeys.servicio(id) });
      void queryClient.invalidateQueries({ queryKey: mapaKeys.feed });
      void queryClient.invalidateQueries({ queryKey: ['reservas'] });
    },
    meta: { silent: true },
  });
}


/** `POST /servicios/{id}/ofertas`; on success the marker turns orange at once, before the next poll. */
export function useOfertar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfertaBody) => llamar('POST /servicios/:servicioId/ofertas', { params: { servicioId: id }, body, schema: ofertaEnviadaSchema }),
    onSuccess: () => {
      queryClient.setQueryData<Mapa>(mapaKeys.feed, (m) => m && { ...m, servicios: m.servicios.map((s) => (s.id === id ? { ...s, estado: 'ofertas' } : s)) });
      void queryClient.invalidateQueries({ queryKey: mapaKeys.servicio(id) });
    },
    meta: { silent: true },
  });
}
