import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '@shared/schemas/empresa.js';
import { GALERIA_MSG } from '@shared/schemas/messages.js';
import { llamar } from '../../../lib/api-client.js';
import { meQueryOptions, storeMe } from '../../../lib/me/get-me.js';
import { toast } from '../../../lib/toast.js';

/** `DELETE /fotos-corporativas`: one photo out of the gallery, named by its storage key; answers the new `/me`. */
export const quitarFotoCorporativa = (key: string): Promise<MeResponse> =>
  llamar('DELETE /fotos-corporativas', { query: { foto: key }, schema: meResponseSchema });

export function useQuitarFotoCorporativa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quitarFotoCorporativa,
    onSuccess: (me) => {
      // The gallery, the top bar and the menu's gate follow at once.
      storeMe(queryClient, me);
      toast.success(GALERIA_MSG.fotoQuitada);
    },
    // The gallery on screen may be stale (another admin changed it): fetch the current one.
    onError: () => void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
    // The confirmation dialog shows the failure itself.
    meta: { silent: true },
  });
}
