import { useEffect, useState } from 'react';

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
