import { useSyncExternalStore } from 'react';

/** A phone: under Cloudscape's own breakpoint for its mobile layout (688 px). */
const consulta = () => window.matchMedia('(max-width: 688px)');

export const esTelefono = (): boolean => consulta().matches;

/** Whether the window is phone-sized, following it when it turns or is resized. */
export function useEsTelefono(): boolean {
  return useSyncExternalStore((cambio) => {
    const m = consulta();
    m.addEventListener('change', cambio);
    return () => m.removeEventListener('change', cambio);
  }, esTelefono);
}

/** A table's columns as a phone shows them: only those named, in their order (Cloudscape's `columnDisplay`). */
export const columnasEnTelefono = (columnas: readonly { id?: string }[], visibles: readonly string[]) =>
  columnas.map((c) => ({ id: c.id!, visible: visibles.includes(c.id!) }));
