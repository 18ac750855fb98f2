import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useMemo, useState } from 'react';
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
 * docs/spec/02.md section 2.4: 'Asignar Vehículo'. The company's vehicles, 5 a page, in the spec's
 * columns; a vehicle that cannot take the service (type, validation, documents) shows why and cannot be
 * chosen (the server checks the same rules), one with fewer seats than passengers is said so, and those
 * that fit come first and can be shown alone. The radio marks a vehicle; 'Asignar vehículo' then opens
 * 'Confirmar Selección' (docs/decisions/0013: a click on a radio no longer asks at once).
 */
export function AsignarVehiculoModal({ servicio, onClose }: AssignVehicleModalProps) {
  const vehiculos = useVehiculos();
  const telefono = useEsTelefono();
  const asignar = useAsignarVehiculo(servicio.id);
  /** The vehicle the radio marks, and whether its confirmation is open. */
  const [marcado, setMarcado] = useState<VehiculoResumen | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const [soloAptos, setSoloAptos] = useState(false);
  const [error, setError] = useState<string>();
  // Those that fit first: the choice is usually on the first page.
  const filas = useMemo(
    () =>
      (vehiculos.data ?? [])
        .map((v) => ({ ...v, problema: problemaDeVehiculo(servicio, v), pequeno: v.capacidad < servicio.pasajeros }))
        .sort((a, b) => Number(!!a.problema) - Number(!!b.problema) || Number(a.pequeno) - Number(b.pequeno) || a.placas.localeCompare(b.placas)),
    [vehiculos.data, servicio],
  );
  const aptos = filas.filter((v) => !v.problema && !v.pequeno).length;
  const { items, collectionProps, paginationProps } = useCollection(soloAptos ? filas.filter((v) => !v.problema && !v.pequeno) : filas, { pagination: { pageSize: POR_PAGINA } });

  const columns: TableProps.ColumnDefinition<(typeof filas)[number]>[] = [
    {
      id: 'placas',
      header: 'Placas',
      // A phone hides the other columns: the seats go under the plates.
      cell: (v) => (telefono ? <SpaceBetween size="xxxs"><strong>{v.placas}</strong><Box variant="small">{`${v.capacidad} puestos`}</Box></SpaceBetween> : <strong>{v.placas}</strong>),
      isRowHeader: true,
    },
    // The spec's columns, each its own: brand, model, type and capacity.
    { id: 'marca', header: 'Marca', cell: (v) => v.marca },
    { id: 'modelo', header: 'Modelo', cell: (v) => v.modelo },
    { id: 'tipo', header: 'Tipo', cell: (v) => textoTipoVehiculo(v.tipo) },
    { id: 'capacidad', header: 'Capacidad', cell: (v) => v.capacidad },
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
    if (!marcado) return;
    setError(undefined);
    try {
      await asignar.mutateAsync(marcado.id);
      toast.success(ASIGNACION_MSG.asignado);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setConfirmando(false);
      setMarcado(null);
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
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={onClose}>Cancelar</Button>
              <Button variant="primary" disabled={!marcado} disabledReason="Elige un vehículo de la lista" onClick={() => setConfirmando(true)}>
                {marcado ? `Asignar ${marcado.placas}` : 'Asignar vehículo'}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Toggle
            checked={soloAptos}
            onChange={({ detail }) => {
              setSoloAptos(detail.checked);
              // A marked vehicle the list now hides is not left chosen out of sight.
              if (detail.checked && marcado && filas.some((v) => v.id === marcado.id && (v.problema || v.pequeno))) setMarcado(null);
            }}
          >
            {`Mostrar solo los que sirven para este servicio (${aptos})`}
          </Toggle>
          {error && (
            <Alert type="error" header={ASIGNACION_MSG.error}>
              {error}
            </Alert>
          )}
          <Table
              {...collectionProps}
              variant="embedded"
              selectionType="single"
              selectedItems={marcado ? [marcado as (typeof filas)[number]] : []}
              onSelectionChange={({ detail }) => setMarcado(detail.selectedItems[0] ?? null)}
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
                  <TableEmptyState title={soloAptos ? 'Ningún vehículo de tu flota sirve para este servicio' : 'Tu flota no tiene vehículos'} />
                )
              }
              pagination={<Paginacion {...paginationProps} />}
            />
        </SpaceBetween>
      </Modal>
      <Modal
        visible={confirmando && !!marcado}
        onDismiss={() => setConfirmando(false)}
        header={<Header variant="h2">Confirmar Selección</Header>}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setConfirmando(false)}>Cancelar</Button>
              <Button variant="primary" loading={asignar.isPending} onClick={() => void confirmar()}>
                Confirmar
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {marcado && ASIGNACION_MSG.confirmar(marcado.placas, marcado.marca, marcado.modelo)}
      </Modal>
    </>
  );
}
