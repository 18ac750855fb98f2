import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListaId, TipoProveedor } from '@shared/domain/proveedores.js';
import {
  proveedorDetalleSchema,
  proveedoresPaginaSchema,
  proveedoresResumenSchema,
  type ProveedorDetalle,
  type ProveedorFila,
  type ProveedoresPagina,
  type SuspensionBody,
  type ValidacionBody,
} from '@shared/schemas/proveedores.js';
import { apiRequest, llamar } from '../../../lib/api-client.js';
import { rutaDe } from '@shared/api/contrato.js';

/** The counts refresh by themselves (docs/spec/01.md section 4: "counts update live"); an unchanged answer is a 304. */
export const RESUMEN_REFRESCO_MS = 5000;
/** The open list is asked again less often: it changes when someone acts, and the counts say so first. */
const LISTA_REFRESCO_MS = 15_000;
export const POR_PAGINA = 20;

const claves = {
  todo: ['proveedores'] as const,
  resumen: ['proveedores', 'resumen'] as const,
  lista: (lista: ListaId, q: string, cursor: string | null) => ['proveedores', 'lista', lista, q, cursor] as const,
  detalle: (tipo: TipoProveedor, id: string) => ['proveedores', tipo, id] as const,
};

export const useResumenProveedores = () =>
  useQuery({
    queryKey: claves.resumen,
    queryFn: ({ signal }) => llamar('GET /plataforma/proveedores/resumen', { schema: proveedoresResumenSchema, signal }).then((r) => r.conteos),
    refetchInterval: RESUMEN_REFRESCO_MS,
    meta: { silent: true },
  });

const rutaLista = (lista: ListaId, q: string, cursor: string | null, limite = POR_PAGINA) => {
  return rutaDe('GET /plataforma/proveedores/listas/:lista', { lista }, { limite, q, cursor });
};

/** One page of a list (`cursor` null: the first), newest first. */
export const useListaProveedores = (lista: ListaId, q: string, cursor: string | null) =>
  useQuery({
    queryKey: claves.lista(lista, q, cursor),
    queryFn: ({ signal }) => apiRequest(rutaLista(lista, q, cursor), { schema: proveedoresPaginaSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LISTA_REFRESCO_MS,
    meta: { enPantalla: true },
  });

/** Every row of a list matching the filter, page after page (for the CSV export). */
export async function todasLasFilas(lista: ListaId, q: string): Promise<ProveedorFila[]> {
  const filas: ProveedorFila[] = [];
  let cursor: string | null = null;
  do {
    const pagina: ProveedoresPagina = await apiRequest(rutaLista(lista, q, cursor, 100), { schema: proveedoresPaginaSchema });
    filas.push(...pagina.items);
    cursor = pagina.cursor;
  } while (cursor && filas.length < 10_000);
  return filas;
}

export const useProveedor = (tipo: TipoProveedor, id: string | null) =>
  useQuery({
    queryKey: claves.detalle(tipo, id ?? ''),
    queryFn: ({ signal }) => llamar('GET /plataforma/proveedores/:tipo/:id', { params: { tipo, id: id! }, schema: proveedorDetalleSchema, signal }),
    enabled: !!id,
    staleTime: 0,
    meta: { enPantalla: true },
  });

export type AccionPanel = { tipo: TipoProveedor; id: string } & ({ que: 'bienvenida' } | { que: 'validar'; body: ValidacionBody } | { que: 'suspension'; body: SuspensionBody });

/**
 * The panel's actions; each answers the provider after it, and every count and list is asked again.
 * A refusal asks the detail again too: it may say the record changed, and the new data must show.
 */
export function useAccionProveedor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: AccionPanel): Promise<ProveedorDetalle> =>
      a.que === 'bienvenida'
        ? llamar('POST /plataforma/proveedores/:tipo/:id/bienvenida', { params: a, schema: proveedorDetalleSchema })
        : a.que === 'validar'
          ? llamar('POST /plataforma/proveedores/:tipo/:id/validar', { params: a, body: a.body, schema: proveedorDetalleSchema })
          : llamar('POST /plataforma/proveedores/:tipo/:id/suspension', { params: a, body: a.body, schema: proveedorDetalleSchema }),
    onSuccess: (detalle, a) => {
      qc.setQueryData(claves.detalle(a.tipo, a.id), detalle);
      void qc.invalidateQueries({ queryKey: claves.todo });
    },
    onError: (_err, a) => void qc.invalidateQueries({ queryKey: claves.detalle(a.tipo, a.id) }),
    meta: { silent: true },
  });
}
