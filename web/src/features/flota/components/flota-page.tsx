import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Alert from '@cloudscape-design/components/alert';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { coincideBusqueda } from '@shared/domain/proveedores.js';
import { requiereAtencion, resumenVencimientos, TIPO_INDICADOR } from '@shared/domain/vencimientos.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import type { VehiculoResumen } from '@shared/schemas/vehiculo.js';
import { StatusText } from '../../../components/status-text.js';
import { SinCoincidencias, TableEmptyState } from '../../../components/table-empty-state.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useMe } from '../../../lib/me/get-me.js';
import { dismissToast, toast } from '../../../lib/toast.js';
import { columnasEnTelefono, useEsTelefono } from '../../../lib/use-es-telefono.js';
import { coincidencias } from '../../../lib/use-paginas.js';
import { useCrearVehiculo, useEditarVehiculo, useVehiculo, useVehiculos } from '../api/vehiculos.js';
import { EstadoBadge } from '../../../components/estado-badge.js';
import { Paginacion } from '../../../components/paginacion.js';
import { Reintentar } from '../../../components/reintentar.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';
import { TAMANOS_PAGINA, useTamanoPagina } from '../../../lib/tamano-pagina.js';

// The modals (form with date pickers and uploads, details) load when first opened, not with the list.
const VehiculoDetalleModal = lazy(() => import('./vehiculo-detalle-modal.js').then((m) => ({ default: m.VehiculoDetalleModal })));
const VehiculoFormModal = lazy(() => import('./vehiculo-form.js').then((m) => ({ default: m.VehiculoFormModal })));

/** docs/spec/02.md section 9: 5 vehicles per page, by default; 10, 20 or 50 by the user's choice (issue 47). */
export const PAGE_SIZE = TAMANOS_PAGINA[0];

/**
 * On a phone: the plate (it opens the details, which has 'Actualizar'), its state and its documents,
 * what a company checks on the way; the rest is in the details.
 */
// The state goes under the plate: three columns were 17 px too wide for a 360 px phone.
const EN_TELEFONO = ['placas', 'documentos'];

type Open = { modal: 'crear' } | { modal: 'detalle'; id: string } | { modal: 'editar'; id: string } | null;
type Filtro = 'todos' | 'por-vencer';

/** Documents column: the worst expiry of the vehicle, naming the documents that need attention. */
function Documentos({ v }: { v: VehiculoResumen }) {
  const { nivel, documentos } = resumenVencimientos(v);
  // One line per document that needs attention, worst first.
  if (!documentos.length) return <StatusText type={TIPO_INDICADOR[nivel]}>{nivel === 'sin_fecha' ? 'Sin fechas' : 'Al día'}</StatusText>;
  return (
    <SpaceBetween size="xxxs">
      {documentos.map((d) => (
        <StatusText key={d.campo} type={TIPO_INDICADOR[d.nivel]}>
          {`${d.nombre}: ${d.texto.toLowerCase()}`}
        </StatusText>
      ))}
    </SpaceBetween>
  );
}

/**
 * 'Gestión de Flota' (docs/spec/02.md section 2.7): the company's vehicles, 5 per page unless the user chose more, with text search,
 * sorting and a filter for documents about to expire; details and edit for everyone in the company,
 * 'Agregar Vehículo' for its admins.
 */
export function FlotaPage() {
  const me = useMe();
  const isAdmin = me.data?.usuario.role === 'admin';
  const vehiculos = useVehiculos();
  const [open, setOpen] = useState<Open>(null);
  const [filtro, setFiltro] = useState<Filtro>('todos');
  const telefono = useEsTelefono();
  const [porPagina, setPorPagina] = useTamanoPagina('flota', me.data?.usuario.id);

  const all = useMemo(() => vehiculos.data ?? [], [vehiculos.data]);
  const porVencer = useMemo(() => all.filter((v) => requiereAtencion(v)).length, [all]);
  const shown = useMemo(() => (filtro === 'por-vencer' ? all.filter((v) => requiereAtencion(v)) : all), [all, filtro]);

  const addButton = (
    <Button variant="primary" iconName="add-plus" disabled={!isAdmin} disabledReason={VEHICULO_MSG.soloAdmin} onClick={() => setOpen({ modal: 'crear' })}>
      Agregar Vehículo
    </Button>
  );
  const { items, actions, collectionProps, filterProps, paginationProps, filteredItemsCount } = useCollection(shown, {
    filtering: {
      // Every word, accents, case and hyphens aside: 'rva-381' finds RVA381 (it found nothing).
      filteringFunction: (v, texto) => coincideBusqueda(texto, [v.placas, v.marca, v.modelo, textoTipoVehiculo(v.tipo), v.nombre, v.codigo]),
      empty: (
        <TableEmptyState
          title={filtro === 'por-vencer' ? 'Ningún vehículo tiene documentos por vencer' : 'Aún no hay vehículos en tu flota'}
          subtitle={filtro === 'por-vencer' ? 'Los SOAT, revisiones, tarjetas de operación y licencias están al día.' : 'Agrega el primero con sus fotos y documentos.'}
          action={filtro === 'todos' ? addButton : undefined}
        />
      ),
      noMatch: <SinCoincidencias titulo="Ningún vehículo coincide con la búsqueda" onBorrar={() => actions.setFiltering('')} />,
    },
    sorting: { defaultState: { sortingColumn: { sortingField: 'placas' } } },
    pagination: { pageSize: porPagina },
  });

  const columns: TableProps.ColumnDefinition<VehiculoResumen>[] = [
    {
      id: 'placas',
      header: 'Placas',
      // The plate opens the details too: on a phone the actions column is off screen.
      cell: (v) => (
        <SpaceBetween size="xxs">
          <Link variant="primary" onFollow={() => setOpen({ modal: 'detalle', id: v.id })} ariaLabel={`${v.placas}, ver detalles`}>
            {v.placas}
          </Link>
          {telefono && <EstadoBadge validado={v.validado} />}
        </SpaceBetween>
      ),
      sortingField: 'placas',
      isRowHeader: true,
      width: telefono ? undefined : 110,
    },
    { id: 'marca', header: 'Marca', cell: (v) => v.marca, sortingField: 'marca' },
    { id: 'modelo', header: 'Modelo', cell: (v) => v.modelo, sortingField: 'modelo' },
    { id: 'tipo', header: 'Tipo', cell: (v) => textoTipoVehiculo(v.tipo), sortingField: 'tipo' },
    { id: 'capacidad', header: 'Capacidad', cell: (v) => v.capacidad, sortingField: 'capacidad' },
    { id: 'estado', header: 'Estado', cell: (v) => <EstadoBadge validado={v.validado} />, minWidth: telefono ? undefined : 120 },
    { id: 'documentos', header: 'Documentos', cell: (v) => <Documentos v={v} />, minWidth: telefono ? undefined : 200 },
    {
      id: 'acciones',
      header: 'Acciones',
      // The two links side by side where there is room, one under the other where not: at 210 px the
      // list scrolled 91 px sideways at 1280 with the menu open, 'Documentos' hidden under the actions.
      minWidth: 130,
      cell: (v) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="inline-link" ariaLabel={`Ver detalles de ${v.placas}`} onClick={() => setOpen({ modal: 'detalle', id: v.id })}>
            Ver Detalles
          </Button>
          <Button variant="inline-link" ariaLabel={`Actualizar ${v.placas}`} onClick={() => setOpen({ modal: 'editar', id: v.id })}>
            Actualizar
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  return (
    <>
      <Table
        {...collectionProps}
        variant="full-page"
        stickyColumns={telefono ? undefined : { first: 1, last: 1 }}
        wrapLines
        columnDefinitions={columns}
        columnDisplay={telefono ? columnasEnTelefono(columns, EN_TELEFONO) : undefined}
        items={items}
        loading={vehiculos.isPending}
        loadingText="Cargando vehículos"
        trackBy="id"
        ariaLabels={{ tableLabel: 'Vehículos de la flota' }}
        empty={
          vehiculos.isError ? (
            <TableEmptyState title={VEHICULO_MSG.errorCarga} action={<Reintentar consulta={vehiculos} />} />
          ) : (
            collectionProps.empty
          )
        }
        header={
          <Header variant="awsui-h1-sticky" counter={vehiculos.data ? `(${all.length})` : undefined} description="Los vehículos de tu empresa con su conductor, fotos y documentos." actions={addButton}>
            Gestión de Flota
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            {/* A width of its own, as in Reservaciones: the count appearing as one types pushed the control beside it. */}
            <div className="filtro-con-texto">
              <TextFilter {...filterProps} filteringPlaceholder="Placas, marca o conductor" filteringAriaLabel="Buscar vehículos" countText={coincidencias(filteredItemsCount ?? 0)} />
            </div>
            <SegmentedControl
              label="Documentos"
              selectedId={filtro}
              onChange={({ detail }) => setFiltro(detail.selectedId as Filtro)}
              options={[
                { id: 'todos', text: 'Todos' },
                // Unknown until the fleet is read: no '(0)' beside a failed read.
                { id: 'por-vencer', text: vehiculos.data ? `Documentos por vencer (${porVencer})` : 'Documentos por vencer' },
              ]}
            />
          </SpaceBetween>
        }
        pagination={<Paginacion {...paginationProps} />}
        preferences={
          <CollectionPreferences
            title="Preferencias"
            confirmLabel="Confirmar"
            cancelLabel="Cancelar"
            preferences={{ pageSize: porPagina }}
            pageSizePreference={{ title: 'Vehículos por página', options: TAMANOS_PAGINA.map((n) => ({ value: n, label: `${n} vehículos` })) }}
            onConfirm={({ detail }) => detail.pageSize && setPorPagina(detail.pageSize)}
          />
        }
        footer={
          // Read out when a filter or a page changes what the table shows (the search says its own count).
          <div role="status">
            <Box color="text-body-secondary" fontSize="body-s">
              Mostrando {items.length} de {filteredItemsCount ?? 0} registros
            </Box>
          </div>
        }
      />
      <Suspense fallback={null}>
        {open?.modal === 'crear' && <CreateModal onClose={() => setOpen(null)} />}
        {open?.modal === 'detalle' && <VehiculoDetalleModal id={open.id} onDismiss={() => setOpen(null)} onEdit={() => setOpen({ modal: 'editar', id: open.id })} />}
        {open?.modal === 'editar' && <EditModal id={open.id} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}

function CreateModal({ onClose }: { onClose: () => void }) {
  const crear = useCrearVehiculo();
  return <VehiculoFormModal mode="crear" save={(body) => crear.mutateAsync(body as never)} onSaved={onClose} onDismiss={onClose} />;
}

/** The edit form opens once the full record is read; opening it says what to do (docs/spec/02.md section 2.7). */
function EditModal({ id, onClose }: { id: string; onClose: () => void }) {
  const detalle = useVehiculo(id);
  const editar = useEditarVehiculo(id);
  const told = useRef<string | null>(null);
  const abierto = !!detalle.data;
  useEffect(() => {
    // Said once the form is there (not over a failed read).
    if (!abierto) return;
    told.current ??= toast.neutral(VEHICULO_MSG.completaEdicion);
    // The hint is about this form: it leaves with it.
    return () => {
      if (told.current) dismissToast(told.current);
      told.current = null;
    };
  }, [abierto]);
  // A failed read: said in the dialog, with 'Reintentar'.
  if (detalle.isError && !detalle.data)
    return (
      <Modal
        visible
        onDismiss={onClose}
        header="Editar Información del Vehículo"
        footer={
          <Box float="right">
            <Button variant="link" onClick={onClose}>
              Cerrar
            </Button>
          </Box>
        }
      >
        <Alert type="error" action={<Reintentar consulta={detalle} />}>
          {errorMessage(detalle.error)}
        </Alert>
      </Modal>
    );
  if (!detalle.data) return null;
  return <VehiculoFormModal mode="editar" detalle={detalle.data} save={(body) => editar.mutateAsync(body as never)} onSaved={onClose} onDismiss={onClose} />;
}
