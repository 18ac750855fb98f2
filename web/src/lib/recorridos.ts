import { useQuery } from '@tanstack/react-query';
import { recorridosEnCursoSchema } from '@shared/schemas/recorrido.js';
import { llamar } from './api-client.js';

/** How often the console asks for the company's trips under way (an unchanged answer is a 304 that reads nothing). */
export const RECORRIDOS_REFRESCO_MS = 10_000;

/**
 * The company's trips under way with their live links (`GET /recorridos/en-curso`): one query shared
 * by the shell's 'Recorrido Iniciado' notice and the 'Servicios en Curso' list's links.
 */
export const useRecorridosEnCurso = (empresa: boolean) =>
  useQuery({
    queryKey: ['recorridos', 'en-curso'],
    queryFn: ({ signal }) => llamar('GET /recorridos/en-curso', { schema: recorridosEnCursoSchema, signal }),
    refetchInterval: RECORRIDOS_REFRESCO_MS,
    enabled: empresa,
    meta: { silent: true },
  });
