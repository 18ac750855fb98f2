import { useState } from 'react';

/** The page sizes a list offers; the first is the spec's default (docs/spec/02.md section 9: 5 vehicles). */
export const TAMANOS_PAGINA = [5, 10, 20, 50] as const;

const clave = (lista: string, usuario: string) => `filas-por-pagina:${lista}:${usuario}`;

/**
 * Rows per page of a list, as this user chose on this device (local storage): 5 rows left half a
 * desktop screen empty (issue 47). Anything unreadable, or a size no longer offered, is the default.
 */
export function useTamanoPagina(lista: string, usuario: string | undefined): [number, (n: number) => void] {
  const leer = () => {
    try {
      const n = Number(localStorage.getItem(clave(lista, usuario ?? '')));
      return (TAMANOS_PAGINA as readonly number[]).includes(n) ? n : TAMANOS_PAGINA[0];
    } catch {
      return TAMANOS_PAGINA[0];
    }
  };
  // Read again when the user is known (the list may show before /me answers).
  const [elegido, setElegido] = useState<{ usuario?: string; n: number }>(() => ({ usuario, n: leer() }));
  const n = elegido.usuario === usuario ? elegido.n : leer();
  const guardar = (nuevo: number) => {
    setElegido({ usuario, n: nuevo });
    try {
      if (usuario) localStorage.setItem(clave(lista, usuario), String(nuevo));
    } catch {
      // Storage refused: the choice lasts until the page is left.
    }
  };
  return [n, guardar];
}
