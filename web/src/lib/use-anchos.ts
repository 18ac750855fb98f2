import type { TableProps } from '@cloudscape-design/components/table';
import { useLayoutEffect, useRef, useState } from 'react';
import { anchosElegidos, anchosTrasArrastrar, conAnchos, conElegidos, guardarAnchos, sinAnchos, type ConPeso } from './anchos.js';

/** A table's container padding, left and right: what its columns have of the box's width. */
const RELLENO_CAJA = 48;
/** Less than this is a scrollbar coming and going as rows arrive, not a new width to share. */
const CAMBIO_MINIMO = 40;
/** A window being resized: its width is shared again once it rests. */
const REPOSO_MS = 150;

/**
 * Column widths for a list (lib/anchos.ts), the same in every list: measured on the list's box before
 * its table mounts (`caja`, `listo`) and again when that box changes width (`clave`, the table's key),
 * shared by weight, fixed and resizable, the user's choices kept per list in this browser, the action
 * column sticky. On a phone the columns are sized by their content.
 */
export function useAnchos<T, C extends TableProps.ColumnDefinition<T> & ConPeso>(lista: string, columnas: readonly C[], telefono: boolean) {
  const caja = useRef<HTMLDivElement>(null);
  const [ancho, setAncho] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = caja.current;
    if (!el) return;
    const medir = () => el.clientWidth - RELLENO_CAJA;
    setAncho(medir());
    // The side menu opened beside the list, or the window resized: the columns are shared again (the
    // table mounts anew, `clave`: Cloudscape reads widths only on mounting). Before, the list scrolled
    // 150-240 px sideways under an opened menu.
    let espera: number | undefined;
    const observador = new ResizeObserver(() => {
      window.clearTimeout(espera);
      espera = window.setTimeout(() => setAncho((antes) => (antes === null || Math.abs(medir() - antes) >= CAMBIO_MINIMO ? medir() : antes)), REPOSO_MS);
    });
    observador.observe(el);
    return () => {
      window.clearTimeout(espera);
      observador.disconnect();
    };
  }, []);
  // Crossing the phone breakpoint measures at once, in the same commit as the new layout: the table
  // mounted twice before (for the layout, then 150 ms later for the width), and a click between the two
  // fell on a row that was gone.
  const primera = useRef(true);
  useLayoutEffect(() => {
    if (primera.current) {
      primera.current = false;
      return;
    }
    const el = caja.current;
    if (el) setAncho(el.clientWidth - RELLENO_CAJA);
  }, [telefono]);
  const [guardados, setGuardados] = useState(() => ({ lista, anchos: anchosElegidos(lista) }));
  // Read again when the same component shows another list (a tab changed).
  const elegidos = guardados.lista === lista ? guardados.anchos : anchosElegidos(lista);
  const fijas = ancho === null || telefono ? null : conElegidos(conAnchos(columnas, ancho), elegidos, ancho);
  const tabla = {
    columnDefinitions: (fijas ?? sinAnchos(columnas)) as TableProps.ColumnDefinition<T>[],
    // Widths set on the first render and then the user's: rows arriving do not move the columns. Not on
    // a phone, where its few columns share the width as their contents need.
    resizableColumns: !telefono,
    // The row's action stays in view when widened columns (or a narrow window) make the list scroll sideways.
    stickyColumns: telefono ? undefined : { last: 1 },
    onColumnWidthsChange: ({ detail }: { detail: TableProps.ColumnWidthsChangeDetail }) => {
      if (!fijas || ancho === null) return;
      const nuevos = anchosTrasArrastrar(elegidos, fijas, detail.widths, ancho);
      setGuardados({ lista, anchos: nuevos });
      guardarAnchos(lista, nuevos);
    },
  } satisfies Partial<TableProps<T>>;
  return { caja, listo: ancho !== null, clave: telefono ? 'telefono' : String(ancho), tabla };
}
