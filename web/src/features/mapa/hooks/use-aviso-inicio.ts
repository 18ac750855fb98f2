import { useEffect, useRef } from 'react';
import type { Marcador } from '@shared/schemas/mapa.js';
import { RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { showToast } from '../../../lib/toast.js';

/**
 * docs/spec/02.md section 2.6: when one of the company's trips starts (the server's job marks it; the map's
 * poll brings it), 'Recorrido Iniciado' stays until 'Entendido'. Trips already started when the map
 * opened are not announced again.
 */
export function useAvisoInicio(servicios: readonly Marcador[] | undefined): void {
  const vistos = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!servicios) return;
    const iniciados = new Set(servicios.filter((s) => s.iniciado).map((s) => s.id));
    if (vistos.current) {
      for (const id of iniciados) {
        if (!vistos.current.has(id)) showToast({ type: 'success', header: RECORRIDO_MSG.iniciado, content: RECORRIDO_MSG.dirigete, action: RECORRIDO_MSG.entendido });
      }
    }
    vistos.current = iniciados;
  }, [servicios]);
}
