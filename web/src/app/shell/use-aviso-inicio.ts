import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { recorridosEnCursoSchema } from '@shared/schemas/recorrido.js';
import { llamar } from '../../lib/api-client.js';
import { showToast } from '../../lib/toast.js';

/** How often the shell asks for the company's trips under way (an unchanged answer is a 304 that reads nothing). */
export const RECORRIDOS_REFRESCO_MS = 10_000;

/**
 * docs/spec/02.md section 2.6: when one of the company's trips starts (the server's job marks it),
 * 'Recorrido Iniciado' stays until 'Entendido', on whatever screen the company is: the shell asks
 * for the trips under way and says each new one once. Trips already under way when the console
 * opened are not announced again.
 */
export function useAvisoInicio(empresa: boolean): void {
  const { data } = useQuery({
    queryKey: ['recorridos', 'en-curso'],
    queryFn: ({ signal }) => llamar('GET /recorridos/en-curso', { schema: recorridosEnCursoSchema, signal }),
    refetchInterval: RECORRIDOS_REFRESCO_MS,
    enabled: empresa,
    meta: { silent: true },
  });
  const vistos = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = data.recorridos.map((r) => r.id);
    if (vistos.current) {
      for (const id of ids) {
        if (!vistos.current.has(id)) showToast({ type: 'success', header: RECORRIDO_MSG.iniciado, content: RECORRIDO_MSG.dirigete, action: RECORRIDO_MSG.entendido });
      }
    }
    vistos.current = new Set([...(vistos.current ?? []), ...ids]);
  }, [data]);
}
