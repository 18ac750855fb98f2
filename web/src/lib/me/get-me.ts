import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '@shared/schemas/empresa.js';
import { llamar } from '../api-client.js';
import { saveStoredUsuario } from './stored-usuario.js';

/** `GET /me`: the caller, the caller's company, groups and whether the gated menu entries are open. */
export async function getMe(signal?: AbortSignal): Promise<MeResponse> {
  const me = await llamar('GET /me', { schema: meResponseSchema, signal });
  saveStoredUsuario(me);
  return me;
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => getMe(signal),
});

export const useMe = () => useQuery(meQueryOptions);

/**
 * Puts a fresh `MeResponse` (answered by a save or an upload) in the cache and in local storage, so the
 * side menu's gated entries and the top bar's photo follow without a reload (docs/spec/01.md section 4).
 */
export function storeMe(queryClient: QueryClient, me: MeResponse): void {
  saveStoredUsuario(me);
  queryClient.setQueryData(meQueryOptions.queryKey, me);
}

/** The caller's role in the company, as recorded (`user` cannot change the company's data). */
export const canEditEmpresa = (me: MeResponse | undefined): boolean => me?.usuario.role === 'admin';
