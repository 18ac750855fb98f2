import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { problemaDeVehiculo } from '@shared/domain/asignacion.js';
import type { ServicioDetalle } from '@shared/schemas/mapa.js';
import { ASIGNACION_MSG } from '@shared/schemas/messages-servicios.js';
import type { VehiculoResumen } from '@shared/schemas/vehiculo.js';
import { StatusText } from '../../../components/status-text.js';
import { TableEmptyState } from '../../../components/table-empty-state.js';
import { errorMessage } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { columnasEnTelefono, useEsTelefono } from '../../../lib/use-es-telefono.js';
import { useVehiculos } from '../../../lib/vehiculos.js';
import { EstadoBadge } from '../../../components/estado-badge.js';
import { useAsignarVehiculo } from '../api/mapa.js';
import { Paginacion } from '../../../components/paginacion.js';
import { Reintentar } from '../../../components/reintentar.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';

const EN_TELEFONO = ['placas', 'apto'];

/** docs/spec/02.md section 2.4: 5 vehicles a page. */
const POR_PAGINA = 5;

export interface AssignVehicleModalProps {
  servicio: ServicioDetalle;
  onClose: () => void;
}

/**
 * docs/spec/02.md section 2.4: 'Asignar Vehículo'. The company's vehicles, 5 a page; the radio opens
 * 'Confirmar Selección'. A vehicle that cannot take the service (type, validation, documents) shows
 * why and cannot be chosen; the server checks the same rules. One with fewer seats than passengers is
 * said so, and listed after those that fit.
 *
 * The arrow keys move through the radios and check each one on the way (native radios): a vehicle
 * reached that way is only marked, and Space or Enter opens the confirmation, so a keyboard user is
 * not asked at every vehicle they pass. A click, or Space or Enter on a radio not yet checked, opens it at once.
 */
export function AsignarVehiculoModal({ servicio, onClose }: AssignVehicleModalProps) {
  const vehiculos = useVehiculos();
  const telefono = useEsTelefono();
  const asignar = useAsignarVehiculo(servicio.id);
  const [elegido, setElegido] = useState<VehiculoResumen | null>(null);
  const [marcado, setMarcado] = useState<VehiculoResumen | null>(null);
  const porFlechas = useRef(false);
  const soltar = () => {
    setElegido(null);
    setMarcado(null);
  };
  const teclaEnRadio = (e: KeyboardEvent) => {
    if (!(e.target instanceof HTMLInputElement) || e.target.type !== 'radio') return;
    if (e.key.startsWith('Arrow')) porFlechas.current = true;
    // Enter chooses as Space does (a native radio ignores it), as it does everywhere else in the console.
    else if (e.key === 'Enter' && !e.target.checked) {
      e.preventDefault();
      e.target.click();
    } else if ((e.key === ' ' || e.key === 'Enter') && marcado && e.target.checked) {
      e.preventDefault();
      setElegido(marcado);
    }
  };
  const [error, setError] = useState<string>();
  // Those that fit first: the choice is usually on the first page.
  const filas = useMemo(
    () =>
      (vehiculos.data ?? [])
        .map((v) => ({ ...v, problema: problemaDeVehiculo(servicio, v), pequeno: v.capacidad < servicio.pasajeros }))
        .sort((a, b) => Number(!!a.problema) - Number(!!b.problema) || Number(a.pequeno) - Number(b.pequeno) || a.placas.localeCompare(b.placas)),
    [vehiculos.data, servicio],
  );
  const { items, collectionProps, paginationProps } = useCollection(filas, { pagination: { pageSize: POR_PAGINA } });

  const columns: TableProps.ColumnDefinition<(typeof filas)[number]>[] = [
    {
      id: 'placas',
      header: 'Placas',
      // A phone hides the other columns: the seats go under the plates.
      cell: (v) => (telefono ? <SpaceBetween size="xxxs"><strong>{v.placas}</strong><Box variant="small">{`${v.capacidad} puestos`}</Box></SpaceBetween> : <strong>{v.placas}</strong>),
      isRowHeader: true,
    },
    // Brand and model, with the type and seats under them: one column, so that why a vehicle cannot take
    // the trip has room (in a column of 113 px it took five lines a row, and only four vehicles showed).
    {
      id: 'vehiculo',
      header: 'Vehículo',
      cell: (v) => (
        <SpaceBetween size="xxxs">
          <span>{`${v.marca} ${v.modelo}`}</span>
          <Box variant="small">{`${textoTipoVehiculo(v.tipo)} · ${v.capacidad} puestos`}</Box>
        </SpaceBetween>
      ),
    },
    { id: 'estado', header: 'Estado', cell: (v) => <EstadoBadge validado={v.validado} /> },
    {
      id: 'apto',
      header: 'Para este servicio',
      cell: (v) =>
        v.problema ? (
          <StatusText type="warning">{v.problema}</StatusText>
        ) : v.pequeno ? (
          <StatusText type="info">{ASIGNACION_MSG.capacidadMenor(v.capacidad, servicio.pasajeros)}</StatusText>
        ) : (
          <StatusText type="success">Disponible</StatusText>
        ),
    },
  ];

  async function confirmar() {
    if (!elegido) return;
    setError(undefined);
    try {
      await asignar.mutateAsync(elegido.id);
      toast.success(ASIGNACION_MSG.asignado);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      soltar();
    }
  }

  return (
    <>
      <Modal
        visible
        onDismiss={onClose}
        size="large"
        header={
          <Header variant="h2" description={`Servicio ${textoTipoVehiculo(servicio.tipo)} · ${servicio.pasajeros} pasajeros · ${servicio.origen.split(',')[0]} → ${servicio.destino.split(',')[0]}`}>
            Asignar Vehículo
          </Header>
        }
        footer={
          <Box float="right">
            <Button onClick={onClose}>Cancelar</Button>
          </Box>
        }
      >
        <SpaceBetween size="m">
          {error && (
            <Alert type="error" header={ASIGNACION_MSG.error}>
              {error}
            </Alert>
          )}
          <div onKeyDownCapture={teclaEnRadio} onKeyUpCapture={() => (porFlechas.current = false)}>
            <Table
              {...collectionProps}
              variant="embedded"
              selectionType="single"
              selectedItems={elegido || marcado ? [(elegido ?? marcado) as (typeof filas)[number]] : []}
              onSelectionChange={({ detail }) => {
                const v = detail.selectedItems[0] ?? null;
                if (porFlechas.current) setMarcado(v);
                else {
                  setMarcado(null);
                  setElegido(v);
                }
              }}
              isItemDisabled={(v) => !!v.problema}
              trackBy="id"
              wrapLines
              columnDefinitions={columns}
              // A phone shows what decides the choice: the plates (with the seats) and whether it can take the trip.
              columnDisplay={telefono ? columnasEnTelefono(columns, EN_TELEFONO) : undefined}
              items={items}
              loading={vehiculos.isPending}
              loadingText="Cargando vehículos"
              ariaLabels={{
                tableLabel: 'Vehículos de la flota',
                selectionGroupLabel: 'Vehículo para el servicio',
                itemSelectionLabel: (_, v) => `Seleccionar ${v.placas}`,
              }}
              empty={
                vehiculos.isError ? (
                  <TableEmptyState title={ASIGNACION_MSG.errorCarga} action={<Reintentar consulta={vehiculos} />} />
                ) : (
                  <TableEmptyState title="Tu flota no tiene vehículos" />
                )
              }
              pagination={<Paginacion {...paginationProps} />}
            />
          </div>
        </SpaceBetween>
      </Modal>
      <Modal
        visible={!!elegido}
        onDismiss={soltar}
        header={<Header variant="h2">Confirmar Selección</Header>}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={soltar}>Cancelar</Button>
              <Button variant="primary" loading={asignar.isPending} onClick={() => void confirmar()}>
                Confirmar
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {elegido && ASIGNACION_MSG.confirmar(elegido.placas, elegido.marca, elegido.modelo)}
      </Modal>
    </>
  );
}
