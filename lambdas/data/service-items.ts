import { type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { busquedaServicio } from '@shared/domain/listas.js';
import { INDICES_SERVICIO, indicesServicio } from '@shared/domain/pagos.js';
import { INICIO_PENDIENTE } from '@shared/schemas/service.js';
import { serviceSchema, type Service } from '@shared/schemas/service.js';
import { tableName } from '../adapters/clients/dynamodb.js';
import { type EntradaHistorial, type Quien } from '@shared/schemas/historial.js';
import { actualizacion } from './actualizacion.js';
import { cambios } from './cambios.js';
import { cancellationCodes, transact } from './transact.js';

/**
 * The services table's items (docs/architecture.md, "Data model"): what is stored of a service and its
 * lists' index keys, the projections the map and the lists read, and the one write every change of a
 * service goes through (`cambioDeServicio` in a transaction, `cambiarServicio`).
 */

/** The unapplied charges a service lists in its detail; more are still in its ledger and trail. */
export const MAX_COBROS_EN_SERVICIO = 20;

/** What the map draws of a service (a projection: the feed never reads whole records). */
export const CAMPOS_MAPA = ['id', 'estado', 'tipo', 'latOrigen', 'lonOrigen', 'origen', 'destino', 'fechaSalida', 'pasajeros', 'oferentes', 'expiresAt', 'recorridoIniciado', 'vehiculoId', 'placas', 'conductor'] as const;
export type ServicioMapa = Pick<Service, (typeof CAMPOS_MAPA)[number]>;
export const mapaSchema = serviceSchema.pick(Object.fromEntries(CAMPOS_MAPA.map((c) => [c, true])) as Record<(typeof CAMPOS_MAPA)[number], true>);
export const projection = {
  ProjectionExpression: CAMPOS_MAPA.map((_, i) => `#m${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(CAMPOS_MAPA.map((c, i) => [`#m${i}`, c])),
};

/** What a list row shows of a service (shared/schemas/pagos.ts, servicioFilaSchema), read as a projection. */
export const CAMPOS_FILA = [
  'id', 'estado', 'tipo', 'clase', 'origen', 'destino', 'fechaSalida', 'pasajeros', 'empresa', 'placas', 'conductor', 'valorOferta', 'metodoPago',
  'recorridoIniciado', 'fuec', 'anticipoConductorPagado', 'saldoConductorPagado', 'empresaAliada', 'nombreEmpresaAliada', 'cancelacion',
] as const;

export type OpcionesPagina = { limite: number; cursor?: Record<string, unknown>; texto?: string };

/** A page of one vehicle type's pending services, newest first, and where the next page starts. */
export type PaginaPendientes = { items: ServicioMapa[]; next: Record<string, unknown> | undefined };

export const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** A service as stored: offerers as a string set (what `ADD` extends), left out while empty (DynamoDB has no empty sets). */
export const servicioItem = ({ oferentes, inicio: _i, ...rest }: Service): Record<string, unknown> => ({
  ...rest,
  ...(oferentes.length ? { oferentes: new Set(oferentes) } : {}),
  // In the job's index exactly while it has a trip to start (seeds and tests build items here too).
  ...(rest.estado === 'confirmado' && !rest.recorridoIniciado ? { inicio: INICIO_PENDIENTE } : {}),
  // On the lists' indexes (shared/domain/pagos.ts) and searchable by their filter.
  ...indicesServicio(rest),
  busqueda: busquedaServicio(rest),
});

export type Condicion = { expresion: string; valores: Record<string, unknown> };

/**
 * The write of a change of the service read as `antes`: the changed fields, the lists' keys and search
 * text of the service after it (every list a service is on follows from its fields, so no change can
 * leave it on a wrong one), on `condicion` (placeholders `:c…`).
 */
export function cambioDeServicio(antes: Service, cambios: Partial<Service>, quitar: readonly (keyof Service)[], condicion: Condicion) {
  const despues: Service = { ...antes, ...cambios };
  for (const campo of quitar) delete despues[campo];
  const indices = indicesServicio(despues);
  const u = actualizacion({ ...cambios, ...indices, busqueda: busquedaServicio(despues) }, [...quitar, ...INDICES_SERVICIO.filter((k) => !indices[k])]);
  return {
    Update: {
      TableName: tableName('services'),
      Key: { id: antes.id },
      UpdateExpression: u.UpdateExpression,
      ConditionExpression: condicion.expresion,
      ExpressionAttributeNames: u.ExpressionAttributeNames,
      ExpressionAttributeValues: { ...u.ExpressionAttributeValues, ...condicion.valores },
    },
  };
}

export type Registro = { accion: EntradaHistorial['accion']; quien: Quien; antes: EntradaHistorial['antes']; despues: EntradaHistorial['despues'] };

/**
 * A change of the company's service, with its trail entry, in one transaction: false when a condition
 * refused it (another change won, or the state no longer allows it); the company's caches hear of it.
 */
export async function cambiarServicio(empresaId: string | undefined, items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<boolean> {
  try {
    await transact({ TransactItems: items });
  } catch (err) {
    if (cancellationCodes(err)?.some((c) => c === 'ConditionalCheckFailed')) return false;
    throw err;
  }
  if (empresaId) await cambios.anunciar({ tipo: 'empresa', id: empresaId });
  return true;
}
