import { useEffect, useRef } from 'react';
import { RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { useRecorridosEnCurso } from '../../lib/recorridos.js';
import { showToast } from '../../lib/toast.js';

/**
 * docs/spec/02.md section 2.6: when one of the company's trips starts (the server's job marks it),
 * 'Recorrido Iniciado' stays until 'Entendido', on whatever screen the company is: the shell asks
 * for the trips under way and says each new one once. Trips already under way when the console
 * opened are not announced again.
 */
export function useAvisoInicio(empresa: boolean): void {
  const { data } = useRecorridosEnCurso(empresa);
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
