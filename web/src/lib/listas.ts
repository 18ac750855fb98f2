import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client.js';

/** Where a list is read: its address for a filter, a cursor and a page size; its row's shape. */
export type Fuente<T> = { clave: string; ruta: (c: { q: string; cursor: string | null; limite: number }) => string; pagina: z.ZodType<{ items: T[]; cursor: string | null }> };

export const POR_PAGINA = 20;

/** One page of a paged list: the list's own query, and the one app/preload.ts starts ahead of it. */
export function paginaQuery<T>(fuente: Fuente<T>, q: string, cursor: string | null) {
  const ruta = fuente.ruta({ q, cursor, limite: POR_PAGINA });
  return queryOptions({ queryKey: ['listas', ruta], queryFn: ({ signal }) => apiRequest(ruta, { schema: fuente.pagina, signal }) });
}
