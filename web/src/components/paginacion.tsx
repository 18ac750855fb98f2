import Pagination, { type PaginationProps } from '@cloudscape-design/components/pagination';

/** docs/spec/02.md section 2.7: Anterior, numbered pages, Siguiente; one set of Spanish labels for every list. */
const ETIQUETAS: PaginationProps.Labels = { previousPageLabel: 'Anterior', nextPageLabel: 'Siguiente', pageLabel: (n) => `Página ${n}` };

export function Paginacion(props: Omit<PaginationProps, 'ariaLabels'>) {
  return <Pagination {...props} ariaLabels={ETIQUETAS} />;
}
