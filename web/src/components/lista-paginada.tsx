import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useState, type ReactNode } from 'react';
import type { ConPeso } from '../lib/anchos.js';
import { useAnchos } from '../lib/use-anchos.js';
import { apiRequest, errorMessage } from '../lib/api-client.js';
import { descargarCsv, nombreCsv } from '../lib/csv.js';
import { paginaQuery, type Fuente } from '../lib/listas.js';
import { toast } from '../lib/toast.js';
import { columnasEnTelefono, useEsTelefono } from '../lib/use-es-telefono.js';
import { cargandoFilas, conteoDeBusqueda, useBusqueda, useCursores } from '../lib/use-paginas.js';
import { Paginacion } from './paginacion.js';
import { SinCoincidencias, TableEmptyState } from './table-empty-state.js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Reintentar } from './reintentar.js';

/** A list's column, with its share of the width (`peso`, see lib/anchos.ts). */
export type Columna<T> = TableProps.ColumnDefinition<T> & ConPeso;

export type ColumnaCsv<T> = { titulo: string; valor: (fila: T) => string | number };

const REFRESCO_MS = 15_000;

/**
 * A search's placeholder on a phone: the whole hint ('Buscar por cliente, ruta, tipo, placas…') was cut
 * off at 390 px (issue 47). The field's accessible name keeps the whole hint.
 */
export const BUSCAR_EN_TELEFONO = 'Buscar…';

/**
 * A list paged by the server (cursor by cursor), refreshed by itself, with its text filter (sent to
 * the server once typing pauses), its count, the CSV export of every matching row, and its empty
 * message: what every list of the console shows the same way.
 */
export function ListaPaginada<T extends { id: string }>(props: {
  titulo: string;
  contador?: number;
  descripcion?: string;
  fuente: Fuente<T>;
  columnas: Columna<T>[];
  vacio: string;
  /** What a search that matched nothing says, naming the list's things ("Ningún pago coincide con la búsqueda"). */
  sinCoincidencias: string;
  buscarPor: string;
  csv: { nombre: string; columnas: ColumnaCsv<T>[] };
  acciones?: ReactNode;
  variant?: TableProps['variant'];
  /** The columns a phone shows (ids), so the list fits its width; the rest is in each row's detail. */
  enTelefono: readonly string[];
}) {
  const { fuente } = props;
  const { texto, setTexto, q, escribiendo } = useBusqueda();
  const paginas = useCursores(`${fuente.clave}|${q}`);
  const consulta = useQuery({
    ...paginaQuery(fuente, q, paginas.cursor),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESCO_MS,
    meta: { enPantalla: true },
  });
  const [exportando, setExportando] = useState(false);
  const telefono = useEsTelefono();
  const { registrar } = paginas;
  useEffect(() => registrar(consulta.data?.cursor, consulta.isPlaceholderData), [consulta.data, consulta.isPlaceholderData]);

  const exportar = async () => {
    setExportando(true);
    try {
      const filas: T[] = [];
      let cursor: string | null = null;
      do {
        const pagina: { items: T[]; cursor: string | null } = await apiRequest(fuente.ruta({ q, cursor, limite: 100 }), { schema: fuente.pagina });
        filas.push(...pagina.items);
        cursor = pagina.cursor;
      } while (cursor && filas.length < 10_000);
      await descargarCsv(nombreCsv(props.csv.nombre), props.csv.columnas, filas);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setExportando(false);
    }
  };

  // The list's widths, measured before its table mounts, and the user's own (lib/use-anchos.ts).
  const anchos = useAnchos<T, Columna<T>>(props.csv.nombre, props.columnas, telefono);

  const items = consulta.data?.items ?? [];
  return (
    <div ref={anchos.caja}>
      {anchos.listo && (
        <Table
          key={anchos.clave}
          variant={props.variant ?? 'container'}
          header={
            <Header
              counter={props.contador !== undefined ? `(${props.contador})` : undefined}
              description={props.descripcion}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  {props.acciones}
                  <Button iconName="download" loading={exportando} disabled={!items.length} onClick={() => void exportar()}>
                    Exportar CSV
                  </Button>
                </SpaceBetween>
              }
            >
              {props.titulo}
            </Header>
          }
          filter={
            <TextFilter
              filteringText={texto}
              filteringPlaceholder={telefono ? BUSCAR_EN_TELEFONO : props.buscarPor}
              filteringAriaLabel={props.buscarPor}
              filteringClearAriaLabel="Borrar búsqueda"
              countText={conteoDeBusqueda(q, consulta, escribiendo, paginas.pagina, items.length, !!consulta.data?.cursor)}
              onChange={({ detail }) => setTexto(detail.filteringText)}
            />
          }
          pagination={<Paginacion currentPageIndex={paginas.pagina} pagesCount={paginas.paginas} openEnd={!!consulta.data?.cursor} onChange={({ detail }) => paginas.setPagina(detail.currentPageIndex)} />}
          {...anchos.tabla}
          columnDisplay={telefono ? columnasEnTelefono(props.columnas, props.enTelefono) : undefined}
          items={items}
          loading={cargandoFilas(consulta, escribiendo)}
          loadingText={q || texto.trim() ? 'Buscando' : 'Cargando'}
          trackBy="id"
          wrapLines
          empty={consulta.isError ? <TableEmptyState title={errorMessage(consulta.error)} action={<Reintentar consulta={consulta} />} /> : q ? <SinCoincidencias titulo={props.sinCoincidencias} onBorrar={() => setTexto('')} /> : <TableEmptyState title={props.vacio} />}
        />
      )}
    </div>
  );
}
