import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { meResponseSchema, type MeResponse } from '@shared/schemas/empresa.js';
import type { perfilPersonalSchema, perfilSchema } from '@shared/schemas/profile.js';
import { llamar } from '../../../lib/api-client.js';
import { storeMe } from '../../../lib/me/get-me.js';

/** What `PUT /perfil` takes: the whole form from an admin, the personal part from a `user`. */
export type PerfilPayload = z.output<typeof perfilSchema> | z.output<typeof perfilPersonalSchema>;

export const updatePerfil = (payload: PerfilPayload): Promise<MeResponse> => llamar('PUT /perfil', { body: payload, schema: meResponseSchema });

export function useUpdatePerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerfil,
    onSuccess: (me) => storeMe(queryClient, me),
    // The screen words the failure itself (docs/spec/01.md section 8).
    meta: { silent: true },
  });
}
