import { queryOptions, useQuery } from '@tanstack/react-query';
import { vehiculosResponseSchema } from '@shared/schemas/vehiculo.js';
import { llamar } from './api-client.js';

/** The company's fleet, shared by the fleet screen and the map's vehicle assignment. */
export const fleetKeys = {
  all: ['vehiculos'] as const,
  detail: (id: string) => ['vehiculos', 'detalle', id] as const,
};

/** `GET /vehiculos`: the company's fleet, list fields only (the API answers 304 when unchanged). */
export const vehiculosQuery = queryOptions({
  queryKey: fleetKeys.all,
  queryFn: ({ signal }) => llamar('GET /vehiculos', { schema: vehiculosResponseSchema, signal }).then((r) => r.items),
  // The spec's failure text for the list (docs/spec/02.md section 8), shown by the screen.
  meta: { silent: true },
});
export const useVehiculos = () => useQuery(vehiculosQuery);
