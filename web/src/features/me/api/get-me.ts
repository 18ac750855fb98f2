import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '../../../../../shared/schemas/empresa.js';
import { api } from '../../../lib/api-client.js';
import { saveStoredUsuario } from './stored-usuario.js';

/** `GET /me`: the caller, the caller's company, groups and whether the gated menu entries are open. */
export async function getMe(signal?: AbortSignal): Promise<MeResponse> {
  const me = await api.get('/me', meResponseSchema, signal);
  saveStoredUsuario(me);
  return me;
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => getMe(signal),
});

export const useMe = () => useQuery(meQueryOptions);

export const isAdmin = (me: MeResponse | undefined): boolean => !!me?.groups.includes('admin');
