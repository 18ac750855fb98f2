import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vehiculoDetalleSchema, vehiculoSchema, type VehiculoDetalle } from '@shared/schemas/vehiculo.js';
import { type VehiculoEdicion, type VehiculoNuevo } from '@shared/schemas/vehiculo-formulario.js';
import { llamar } from '../../../lib/api-client.js';

import { fleetKeys } from '../../../lib/vehiculos.js';
import { invitacionSchema, placaDisponibleSchema } from '@shared/schemas/vehiculo.js';

export { fleetKeys, useVehiculos, vehiculosQuery } from '../../../lib/vehiculos.js';

/** `GET /vehiculos/{id}`: the record with short-lived URLs of its files (re-read on each opening). */
export const useVehiculo = (id: string | null) =>
  useQuery({
    queryKey: fleetKeys.detail(id ?? ''),
    queryFn: ({ signal }) => llamar('GET /vehiculos/:id', { params: { id: id! }, schema: vehiculoDetalleSchema, signal }),
    enabled: !!id,
    staleTime: 0,
    meta: { enPantalla: true },
  });

/** Whether the plate is free in the company (docs/spec/02.md section 5.3: checked while typing). */
export const placaDisponible = (placas: string, signal?: AbortSignal) =>
  llamar('GET /vehiculos/placas/:placas', { params: { placas }, schema: placaDisponibleSchema, signal }).then((r) => r.disponible);

/** `POST /vehiculos`: the form with the upload ids of its files. */
export function useCrearVehiculo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehiculoNuevo) => llamar('POST /vehiculos', { body, schema: vehiculoSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
    meta: { silent: true },
  });
}

/** `PUT /vehiculos/{id}`: the changeable fields and any replaced files. */
export function useEditarVehiculo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehiculoEdicion) => llamar('PUT /vehiculos/:id', { params: { id }, body, schema: vehiculoDetalleSchema }),
    onSuccess: (detalle: VehiculoDetalle) => {
      queryClient.setQueryData(fleetKeys.detail(id), detalle);
      return queryClient.invalidateQueries({ queryKey: fleetKeys.all, exact: true });
    },
    meta: { silent: true },
  });
}

/** `POST /vehiculos/{id}/invitacion`: the driver's invitation again, while the driver has not signed in. */
export function useReenviarInvitacion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => llamar('POST /vehiculos/:id/invitacion', { params: { id }, schema: invitacionSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.detail(id) }),
    // Said inline, in the details dialog (a toast would cover it).
    meta: { silent: true },
  });
}
