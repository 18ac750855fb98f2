import Badge from '@cloudscape-design/components/badge';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { LISTA_IDS, listaPorId, sinCalificacion, TARJETAS_PROVEEDORES, type EstadoProveedor, type ListaId } from '@shared/domain/proveedores.js';
import type { ProveedorFila } from '@shared/schemas/proveedores.js';
import { Paginacion } from '../../../components/paginacion.js';
import { SinCoincidencias, TableEmptyState } from '../../../components/table-empty-state.js';
import { errorMessage } from '../../../lib/api-client.js';
import { descargarCsv, nombreCsv } from '../../../lib/csv.js';
import { formatDate } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { cargandoFilas, conteoDeBusqueda, useBusqueda, useCursores } from '../../../lib/use-paginas.js';
import { columnasEnTelefono, useEsTelefono } from '../../../lib/use-es-telefono.js';
import { useAnchos } from '../../../lib/use-anchos.js';
import { ANCHO } from '../../../lib/anchos.js';
import { BUSCAR_EN_TELEFONO, type Columna } from '../../../components/lista-paginada.js';
import { Correo } from '../../../components/correo.js';
import { todasLasFilas, useListaProveedores, useResumenProveedores } from '../api/proveedores.js';
import { Calificacion, ProveedorDetalleModal } from './proveedor-detalle-modal.js';
import { Reintentar } from '../../../components/reintentar.js';

/** After an action the panel goes back to its start (spec), keeping the list that was open. */
type EstadoNavegacion = { lista?: ListaId } | null;

const COLUMNAS_CSV = {
  conductor: [
    { titulo: 'Nombre', valor: (f: ProveedorFila) => f.nombre },
    { titulo: 'Placas', valor: (f: ProveedorFila) => f.placas ?? '' },
    { titulo: 'Vehículo', valor: (f: ProveedorFila) => f.vehiculo ?? '' },
    { titulo: 'Empresa afiliadora', valor: (f: ProveedorFila) => f.empresa ?? '' },
  ],
  guia: [
    { titulo: 'Nombre', valor: (f: ProveedorFila) => f.nombre },
    { titulo: 'RNT', valor: (f: ProveedorFila) => f.rnt ?? '' },
  ],
  operador: [
    { titulo: 'Nombre', valor: (f: ProveedorFila) => f.nombre },
    { titulo: 'Empresa', valor: (f: ProveedorFila) => f.empresa ?? '' },
  ],
};
const COLUMNAS_CSV_COMUNES = [
  { titulo: 'Correo', valor: (f: ProveedorFila) => f.email },
  { titulo: 'Teléfono', valor: (f: ProveedorFila) => f.telefono },
  // Written as the console shows them: decimal comma, the registration day in Bogotá.
  // Empty for a provider nobody has rated yet, as the list shows it.
  { titulo: 'Calificación', valor: (f: ProveedorFila) => (sinCalificacion(f) ? '' : f.rating.toLocaleString('es-CO', { maximumFractionDigits: 1 })) },
  { titulo: 'Registro', valor: (f: ProveedorFila) => hoyEnBogota(new Date(f.fechaCreacion)) },
  { titulo: 'Suspendido', valor: (f: ProveedorFila) => (f.suspendido ? 'Sí' : 'No') },
  { titulo: 'Bienvenida enviada', valor: (f: ProveedorFila) => (f.bienvenidaEnviada ? hoyEnBogota(new Date(f.bienvenidaEnviada)) : '') },
];

const BUSCAR_POR = {
  conductor: 'Buscar por nombre, correo, teléfono, placas, empresa o ciudad',
  guia: 'Buscar por nombre, correo, teléfono o RNT',
  operador: 'Buscar por nombre, correo, teléfono o empresa',
} as const;
/** A row's own data under its name on a phone: the driver's vehicle, the guide's RNT, the company; and since when. */
const detalleEnTelefono = (f: ProveedorFila, estado: EstadoProveedor): string =>
  [
    f.placas && [f.placas, f.vehiculo].filter(Boolean).join(' · '),
    f.rnt && `RNT ${f.rnt}`,
    f.empresa,
    `Registro ${formatDate(f.fechaCreacion)}`,
    // The state column's notes, which the phone does not show.
    f.suspendido && 'Suspendido',
    estado === 'nuevo' && f.bienvenidaEnviada && bienvenidaEnviada(f.bienvenidaEnviada),
  ]
    .filter(Boolean)
    .join(' · ');
const bienvenidaEnviada = (cuando: string) => `Bienvenida enviada el ${formatDate(cuando)}`;

const ESTADO_FILA = { nuevo: 'Nuevo', 'por-validar': 'Por validar', activo: 'Activo' } as const;

/**
 * `/panel-control/usuarios` and its eight child routes (docs/spec/01.md section 2, "Admin users panel"), for
 * marketplace staff: three cards with live counts, chips for the eight lists, the open list paged
 * from the server newest first, with its filter, CSV export and a detail per row.
 */
export function ProveedoresPage({ title, inicial }: { title: string; inicial?: ListaId }) {
  const navigate = useNavigate();
  const location = useLocation();
  const desdeAccion = (location.state as EstadoNavegacion)?.lista;
  const lista: ListaId = desdeAccion && LISTA_IDS.includes(desdeAccion) ? desdeAccion : (inicial ?? 'conductores-nuevos');
  const { texto, setTexto, q, escribiendo } = useBusqueda();
  const paginas = useCursores(`${lista}|${q}`);
  const [detalle, setDetalle] = useState<string | null>(null);
  const [exportando, setExportando] = useState(false);
  const resumen = useResumenProveedores();
  const def = listaPorId(lista);
  const pagina = useListaProveedores(lista, q, paginas.cursor);
  const conteos = resumen.data;

  // The open list's count changed (someone validated, a provider registered): its rows are read at
  // once, not at the list's own slower refresh (the count and the rows disagreed for up to 15 s).
  const conteoDeLista = conteos?.[lista];
  const visto = useRef({ lista, n: conteoDeLista });
  useEffect(() => {
    const antes = visto.current;
    visto.current = { lista, n: conteoDeLista };
    if (antes.lista === lista && antes.n !== undefined && antes.n !== conteoDeLista) void pagina.refetch();
  }, [lista, conteoDeLista]);

  const { registrar } = paginas;
  useEffect(() => registrar(pagina.data?.cursor, pagina.isPlaceholderData), [pagina.data, pagina.isPlaceholderData]);

  // Each list has its own address (docs/spec/01.md section 2): Back returns to the list before, a list can be shared.
  const elegir = (id: ListaId) => {
    if (id === lista) return;
    navigate(`/panel-control/${id}`);
  };

  const exportar = async () => {
    setExportando(true);
    try {
      const filas = await todasLasFilas(lista, q);
      await descargarCsv(nombreCsv(lista), [...COLUMNAS_CSV[def.tipo], ...COLUMNAS_CSV_COMUNES], filas);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setExportando(false);
    }
  };

  const telefono = useEsTelefono();
  const columnas = useMemo((): Columna<ProveedorFila>[] => {
    const nombre: Columna<ProveedorFila> = {
      id: 'nombre',
      header: 'Nombre',
      isRowHeader: true,
      minWidth: ANCHO.nombre,
      peso: 1.5,
      cell: (f) => (
        <SpaceBetween size="xxxs">
          <Box fontWeight="bold">{f.nombre}</Box>
          <Calificacion fila={f} />
          {/* A phone shows two columns (the detail's action was a swipe away): what sets the row apart comes here. */}
          {telefono && <Box variant="small">{detalleEnTelefono(f, def.estado)}</Box>}
        </SpaceBetween>
      ),
    };
    const propias: Columna<ProveedorFila>[] =
      def.tipo === 'conductor'
        ? [
            { id: 'vehiculo', header: 'Vehículo', minWidth: ANCHO.nombre, peso: 1.5, cell: (f) => `${f.placas ?? ''} · ${f.vehiculo ?? ''}` },
            // The company the vehicle is affiliated to, as on its documents; the payment lists' 'Empresa' is the allied company that runs it.
            { id: 'empresa', header: 'Empresa afiliadora', minWidth: ANCHO.nombre, cell: (f) => f.empresa },
          ]
        : def.tipo === 'guia'
          ? [{ id: 'rnt', header: 'RNT', cell: (f) => f.rnt || '—' }]
          : [{ id: 'empresa', header: 'Empresa', minWidth: ANCHO.nombre, cell: (f) => f.empresa || '—' }];
    return [
      nombre,
      ...propias,
      { id: 'contacto', header: 'Contacto', minWidth: ANCHO.nombre, peso: 1.5, cell: (f) => <SpaceBetween size="xxxs"><Correo valor={f.email} /><Box variant="small">{f.telefono}</Box></SpaceBetween> },
      { id: 'registro', header: 'Registro', minWidth: ANCHO.fecha, cell: (f) => <span className="nowrap">{formatDate(f.fechaCreacion)}</span> },
      {
        id: 'estado',
        header: 'Estado',
        // The words inside the badge do not wrap either ('Por validar' broke in two at 1366 px).
        cell: (f) => (
          <SpaceBetween size="xxxs">
            <span className="nowrap">{f.suspendido ? <Badge color="red">Suspendido</Badge> : <Badge color={def.estado === 'activo' ? 'green' : 'blue'}><span className="nowrap">{ESTADO_FILA[def.estado]}</span></Badge>}</span>
            {/* A new driver or guide stays new once welcomed: which of them were, without opening each. */}
            {f.bienvenidaEnviada && def.estado === 'nuevo' && <Box variant="small">{bienvenidaEnviada(f.bienvenidaEnviada)}</Box>}
          </SpaceBetween>
        ),
      },
      {
        id: 'acciones',
        header: 'Acciones',
        cell: (f) => (
          <Button variant="inline-link" ariaLabel={`Ver detalle de ${f.nombre}`} onClick={() => setDetalle(f.id)}>
            <span className="sin-corte">Ver detalle</span>
          </Button>
        ),
      },
    ];
  }, [def, telefono]);
  // Widths as in every list (lib/use-anchos.ts), kept per list.
  const anchos = useAnchos<ProveedorFila, Columna<ProveedorFila>>(lista, columnas, telefono);

  // docs/spec/01.md's small card, a way to list 7; on a phone inside the folded section with the other lists.
  const porValidar = (
    <SpaceBetween direction="horizontal" size="m" alignItems="center">
      <Box variant="h3" tagOverride="h2">
        Por Validar
      </Box>
      <Box>Lista de Guías de turismo por validar documentos</Box>
      <Button variant={lista === 'guias-por-validar' ? 'primary' : 'normal'} onClick={() => elegir('guias-por-validar')}>
        Ver Lista
      </Button>
    </SpaceBetween>
  );
  const total = conteos?.[lista];
  const items = pagina.data?.items ?? [];
  const hayMas = !!pagina.data?.cursor;

  return (
    <ContentLayout header={<Header variant="h1" description="Valida conductores, guías y operadores turísticos; los conteos se actualizan solos.">{title}</Header>}>
      <SpaceBetween size="l">
        {resumen.isError && !conteos && (
          <Alert type="error" header="No se pudieron cargar los conteos" action={<Reintentar consulta={resumen} />}>
            {errorMessage(resumen.error)}
          </Alert>
        )}
        {telefono ? (
          // On a phone the cards (and 'Por Validar') fold into one section, open on the panel and closed
          // on a list's own address: four boxes filled its first screen, the list below it (first row at y=1054).
          <ExpandableSection
            variant="container"
            defaultExpanded={!inicial}
            headerText="Listas de proveedores"
            headerDescription={conteos ? TARJETAS_PROVEEDORES.map((t) => `${t.titulo} ${sumaDe(t.listas, conteos)}`).join(' · ') : undefined}
          >
            <SpaceBetween size="m">
              {TARJETAS_PROVEEDORES.map((t) => (
                <SpaceBetween key={t.tipo} size="xs">
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <Box variant="h3" tagOverride="h2">
                      {t.titulo}
                    </Box>
                    <SumaDeTarjeta listas={t.listas} conteos={conteos} />
                  </SpaceBetween>
                  <ChipsDeTarjeta tarjeta={t} lista={lista} conteos={conteos} elegir={elegir} />
                </SpaceBetween>
              ))}
              {porValidar}
            </SpaceBetween>
          </ExpandableSection>
        ) : (
          <ColumnLayout columns={3}>
            {TARJETAS_PROVEEDORES.map((t) => (
              <Container key={t.tipo} header={<Header variant="h2" actions={<SumaDeTarjeta listas={t.listas} conteos={conteos} />}>{t.titulo}</Header>}>
                <ChipsDeTarjeta tarjeta={t} lista={lista} conteos={conteos} elegir={elegir} />
              </Container>
            ))}
          </ColumnLayout>
        )}
        {!telefono && <Container>{porValidar}</Container>}
        <div ref={anchos.caja}>
          {anchos.listo && (
            <Table
              // A list chosen anew, or a new width, starts from its own widths (Cloudscape keeps a mounted table's).
              key={`${lista}:${anchos.clave}`}
              variant="container"
              header={
                <Header
                  counter={total !== undefined ? `(${total})` : undefined}
                  actions={
                    <Button iconName="download" loading={exportando} disabled={!items.length} onClick={() => void exportar()}>
                      Exportar CSV
                    </Button>
                  }
                >
                  {def.titulo}
                </Header>
              }
              filter={
                <TextFilter
                  filteringText={texto}
                  filteringPlaceholder={telefono ? BUSCAR_EN_TELEFONO : BUSCAR_POR[def.tipo]}
                  // The whole hint in the name too: a phone's placeholder is 'Buscar…' (issue 47).
                  filteringAriaLabel={`Buscar proveedores ${BUSCAR_POR[def.tipo].replace(/^Buscar /, '')}`}
                  filteringClearAriaLabel="Borrar búsqueda"
                  countText={conteoDeBusqueda(q, pagina, escribiendo, paginas.pagina, items.length, hayMas)}
                  onChange={({ detail }) => setTexto(detail.filteringText)}
                />
              }
              pagination={
                <Paginacion currentPageIndex={paginas.pagina} pagesCount={paginas.paginas} openEnd={hayMas} onChange={({ detail }) => paginas.setPagina(detail.currentPageIndex)} />
              }
              {...anchos.tabla}
              columnDisplay={telefono ? columnasEnTelefono(columnas, ['nombre', 'acciones']) : undefined}
              items={items}
              loading={cargandoFilas(pagina, escribiendo)}
              loadingText={q || texto.trim() ? 'Buscando proveedores' : 'Cargando proveedores'}
              trackBy="id"
              wrapLines
              empty={pagina.isError ? <TableEmptyState title={errorMessage(pagina.error)} action={<Reintentar consulta={pagina} />} /> : q ? <SinCoincidencias titulo="Ningún proveedor coincide con la búsqueda" onBorrar={() => setTexto('')} /> : <TableEmptyState title={def.vacio} />}
            />
          )}
        </div>
      </SpaceBetween>
      <ProveedorDetalleModal
        tipo={def.tipo}
        id={detalle}
        onClose={() => setDetalle(null)}
        onDone={() => navigate('/panel-control/usuarios', { state: { lista } satisfies EstadoNavegacion })}
      />
    </ContentLayout>
  );
}

type Conteos = Partial<Record<ListaId, number>> | undefined;
type Tarjeta = (typeof TARJETAS_PROVEEDORES)[number];

/** A card's providers waiting, all its lists together (nothing when none, or unknown). */
const sumaDe = (listas: readonly ListaId[], conteos: NonNullable<Conteos>) => listas.reduce((s, id) => s + (conteos[id] ?? 0), 0);
function SumaDeTarjeta({ listas, conteos }: { listas: readonly ListaId[]; conteos: Conteos }) {
  const suma = conteos ? sumaDe(listas, conteos) : 0;
  return suma > 0 ? <Badge color="blue">{suma}</Badge> : null;
}

/** A card's lists as chips with their counts, the open one pressed. */
function ChipsDeTarjeta({ tarjeta, lista, conteos, elegir }: { tarjeta: Tarjeta; lista: ListaId; conteos: Conteos; elegir: (id: ListaId) => void }) {
  return (
    <div className="chips" role="group" aria-label={`Listas de ${tarjeta.titulo}`}>
      {tarjeta.listas.map((id) => {
        const l = listaPorId(id);
        return (
          // The id lets the focus stay on it when choosing a list opens another address (lib/foco.ts).
          <ToggleButton key={id} id={`lista-${id}`} pressed={lista === id} onChange={() => elegir(id)} ariaLabel={`${l.titulo}: ${conteos?.[id] ?? '…'}`}>
            {`${l.chip} ${conteos ? conteos[id] : '…'}`}
          </ToggleButton>
        );
      })}
    </div>
  );
}

/** The child routes open the panel on their list (docs/spec/01.md section 2). */
export const paginaDeLista = (inicial: ListaId) =>
  function ListaDeProveedores({ title }: { title: string }) {
    return <ProveedoresPage title={title} inicial={inicial} />;
  };
