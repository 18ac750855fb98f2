import { cleanText } from './text.js';
import * as z from './zod-es.js';

/** A list page's query (`q`, `limite`), the same for every paged list of the API. */
export const MAX_POR_PAGINA = 100;
export const MAX_BUSQUEDA = 100;
export const PAGINA_MSG = {
  limiteInvalido: `El tamaño de página debe ser un número entero entre 1 y ${MAX_POR_PAGINA}.`,
  cursorInvalido: 'La página pedida no es válida. Vuelve a la primera.',
} as const;
/** The free-text filter of a list (words of at most this length in total). */
export const textoFiltro = cleanText(MAX_BUSQUEDA);

/** One page of a list; `cursor` asks for the next (null on the last). */
export const paginaSchema = <T extends z.ZodType>(fila: T) => z.object({ items: z.array(fila), cursor: z.string().nullable() });
