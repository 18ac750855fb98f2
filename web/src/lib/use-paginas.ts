import { useEffect, useState } from 'react';
import { MAX_BUSQUEDA } from '@shared/schemas/paginas.js';

/** Waits until typing pauses before asking the server (one query per word, not per key). */
export function useDemorado<T>(valor: T, ms = 350): T {
  const [v, setV] = useState(valor);
  useEffect(() => {
    const t = setTimeout(() => setV(valor), ms);
    return () => clearTimeout(t);
  }, [valor, ms]);
  return v;
}

/**
 * A list's search box: what is typed (at most MAX_BUSQUEDA characters), what was sent (`q`, once
 * typing pauses), and whether the two differ, for the list to say it is searching meanwhile.
 */
export function useBusqueda() {
  const [texto, setTexto] = useState('');
  const q = useDemorado(texto.trim());
  return { texto, setTexto: (t: string) => setTexto(t.slice(0, MAX_BUSQUEDA)), q, escribiendo: texto.trim() !== q };
}

/**
 * Whether a list should show its loading row instead of rows: on its first load, while typing is not
 * yet sent, and while another page, search or list is on its way (the rows held meanwhile,
 * `isPlaceholderData`, answer the one before and would read as the answer). A refresh of the same
 * page keeps its rows.
 */
export const cargandoFilas = (consulta: { isPending: boolean; isPlaceholderData: boolean }, escribiendo: boolean) =>
  consulta.isPending || consulta.isPlaceholderData || escribiendo;

/**
 * What a search found, beside its box (the heading keeps the list's whole count): exact when the
 * answer is one page, else this page's, since a further page of a search may hold none. Nothing while
 * the answer is on its way.
 */
/** What a list's search found, beside its box ('1 coincidencia', '3 coincidencias'). */
export const coincidencias = (n: number): string => (n === 1 ? '1 coincidencia' : `${n} coincidencias`);

export function conteoDeBusqueda(q: string, consulta: { isPending: boolean; isPlaceholderData: boolean; isError: boolean }, escribiendo: boolean, pagina: number, filas: number, hayMas: boolean): string | undefined {
  if (!q || cargandoFilas(consulta, escribiendo) || consulta.isError) return undefined;
  const n = coincidencias(filas);
  return pagina === 1 && !hayMas ? n : `${n} en esta página`;
}

/**
 * Pages of a list the server pages with cursors: page n is asked with the cursor the page before
 * answered (the first with none). Back to page 1 whenever `clave` (list, filter, company) changes.
 */
export function useCursores(clave: string) {
  const [cursores, setCursores] = useState<(string | null)[]>([null]);
  const [pagina, setPagina] = useState(1);
  useEffect(() => {
    setCursores([null]);
    setPagina(1);
  }, [clave]);
  /** The cursor the current page answered (only a settled answer counts, not the previous page's shown meanwhile). */
  const registrar = (siguiente: string | null | undefined, provisional: boolean) => {
    if (siguiente && !provisional) setCursores((c) => (c[pagina] === siguiente ? c : [...c.slice(0, pagina), siguiente]));
  };
  return { cursor: cursores[pagina - 1] ?? null, pagina, paginas: cursores.length, setPagina, registrar };
}
