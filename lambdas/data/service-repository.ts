import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { claveMapa, DIAS_FINALIZADOS_EN_MAPA, MAX_SERVICIOS_MAPA } from '../../shared/domain/mapa.js';
import type { CamposAsignacion } from '../../shared/domain/asignacion.js';
import type { VerificacionFuec } from '../../shared/domain/fuec.js';
import { tripStartCutoff } from '../../shared/domain/trips.js';
import { CAMPOS_RESERVA, DIAS_RESERVAS_PASADAS, reservaSchema, type Reserva } from '../../shared/schemas/reservas.js';
import { INICIO_PENDIENTE, POR_ASIGNAR } from '../../shared/schemas/service.js';
import { serviceSchema, type Service, type VehicleType } from '../../shared/schemas/service.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { APP_CLIENTES, SISTEMA, type Quien } from '../../shared/schemas/historial.js';
import { cambios } from './cambios.js';
import { entradaHistorial } from './historial-repository.js';
import { queryAll } from './query-all.js';
import { cancellationCodes, transact } from './transact.js';

/** What the map draws of a service (a projection: the feed never reads whole records). */
export const CAMPOS_MAPA = ['id', 'estado', 'tipo', 'latOrigen', 'lonOrigen', 'origen', 'destino', 'fechaSalida', 'pasajeros', 'oferentes', 'expiresAt', 'recorridoIniciado', 'vehiculoId', 'placas', 'conductor'] as const;
export type ServicioMapa = Pick<Service, (typeof CAMPOS_MAPA)[number]>;
const mapaSchema = serviceSchema.pick(Object.fromEntries(CAMPOS_MAPA.map((c) => [c, true])) as Record<(typeof CAMPOS_MAPA)[number], true>);
const projection = {
  ProjectionExpression: CAMPOS_MAPA.map((_, i) => `#m${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(CAMPOS_MAPA.map((c, i) => [`#m${i}`, c])),
};

/** A page of one vehicle type's pending services, newest first, and where the next page starts. */
export type PaginaPendientes = { items: ServicioMapa[]; next: Record<string, unknown> | undefined };

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** A service as stored: offerers as a string set (what `ADD` extends), left out while empty (DynamoDB has no empty sets). */
export const servicioItem = ({ oferentes, inicio: _i, ...rest }: Service): Record<string, unknown> => ({
  ...rest,
  ...(oferentes.length ? { oferentes: new Set(oferentes) } : {}),
  // In the job's index exactly while it has a trip to start (seeds and tests build items here too).
  ...(rest.estado === 'confirmado' && !rest.recorridoIniciado ? { inicio: INICIO_PENDIENTE } : {}),
});

/**
 * A change of the company's service, with its trail entry, in one transaction: false when a condition
 * refused it (another change won, or the state no longer allows it); the company's caches hear of it.
 */
async function cambiarServicio(empresaId: string, items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<boolean> {
  try {
    await transact({ TransactItems: items });
  } catch (err) {
    if (cancellationCodes(err)?.some((c) => c === 'ConditionalCheckFailed')) return false;
    throw err;
  }
  await cambios.anunciar({ tipo: 'empresa', id: empresaId });
  return true;
}

export const serviceRepository = {
  async get(id: string): Promise<Service | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('services'), Key: { id } }));
    return Item ? serviceSchema.parse(Item) : null;
  },

  /**
   * Pending services of one type, most recently published first, never an expired one: the key
   * condition (expiry after now) skips them in the index, so what is read does not grow with the
   * expired services TTL has not deleted yet. A departure already past is dropped by the filter.
   */
  async pendientesPorTipo(tipo: VehicleType, now: Date, limit: number, startKey?: Record<string, unknown>): Promise<PaginaPendientes> {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName('services'),
        IndexName: 'pendientesPorTipo',
        KeyConditionExpression: 'mapa = :k AND expiresAt > :now',
        FilterExpression: 'fechaSalida > :ahora',
        ExpressionAttributeValues: { ':k': claveMapa(tipo), ':now': nowSeconds(now), ':ahora': now.toISOString() },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: startKey,
        ...projection,
      }),
    );
    return { items: (page.Items ?? []).map((i) => mapaSchema.parse(i)), next: page.LastEvaluatedKey };
  },

  /**
   * The company's reservations: reserved or confirmed (not finished), departing from 30 days ago on,
   * earliest first. One query on the company's index, bounded by its own services in that window.
   */
  reservas(empresaId: string, now: Date): Promise<Reserva[]> {
    const names = CAMPOS_RESERVA.map((_, i) => `#r${i}`);
    return queryAll(
      {
        TableName: tableName('services'),
        IndexName: 'byEmpresaAliada',
        KeyConditionExpression: 'empresaAliada = :e AND fechaSalida >= :desde',
        FilterExpression: '#estado IN (:reservado, :confirmado)',
        ExpressionAttributeNames: { ...Object.fromEntries(CAMPOS_RESERVA.map((c, i) => [names[i], c])), '#estado': 'estado' },
        ExpressionAttributeValues: { ':e': empresaId, ':desde': new Date(now.getTime() - DIAS_RESERVAS_PASADAS * 86_400_000).toISOString(), ':reservado': 'reservado', ':confirmado': 'confirmado' },
        ProjectionExpression: names.join(', '),
      },
      (i) => reservaSchema.parse(i),
    );
  },

  /**
   * The company's reservations that hold this vehicle (reserved or confirmed, departing from 30 days
   * ago on): one query on the company's index, filtered on the vehicle.
   */
  delVehiculo(empresaId: string, vehiculoId: string, now: Date): Promise<Pick<Service, 'id' | 'fechaSalida' | 'fechaRegreso'>[]> {
    return queryAll(
      {
        TableName: tableName('services'),
        IndexName: 'byEmpresaAliada',
        KeyConditionExpression: 'empresaAliada = :e AND fechaSalida >= :desde',
        FilterExpression: 'vehiculoId = :v AND #estado IN (:reservado, :confirmado)',
        ExpressionAttributeNames: { '#estado': 'estado' },
        ExpressionAttributeValues: { ':e': empresaId, ':v': vehiculoId, ':desde': new Date(now.getTime() - DIAS_RESERVAS_PASADAS * 86_400_000).toISOString(), ':reservado': 'reservado', ':confirmado': 'confirmado' },
        ProjectionExpression: 'id, fechaSalida, fechaRegreso',
      },
      (i) => ({ id: String(i.id), fechaSalida: String(i.fechaSalida), fechaRegreso: (i.fechaRegreso as string | null | undefined) ?? null }),
    );
  },

  /**
   * The company's own services after pendiente, departures from a week ago on, latest departure
   * first, at most the map's 50: one indexed query on the company, bounded whatever the table holds.
   */
  async propiosRecientes(empresaId: string, now: Date): Promise<ServicioMapa[]> {
    const desde = new Date(now.getTime() - DIAS_FINALIZADOS_EN_MAPA * 86_400_000).toISOString();
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName('services'),
        IndexName: 'byEmpresaAliada',
        KeyConditionExpression: 'empresaAliada = :e AND fechaSalida >= :desde',
        ExpressionAttributeValues: { ':e': empresaId, ':desde': desde },
        ScanIndexForward: false,
        Limit: MAX_SERVICIOS_MAPA,
        ...projection,
      }),
    );
    return (page.Items ?? []).map((i) => mapaSchema.parse(i));
  },

  /** A new pending service; false when one with this id exists (the client app retried). */
  async publicar(service: Service, now: Date): Promise<boolean> {
    try {
      await transact({
        TransactItems: [
          { Put: { TableName: tableName('services'), Item: servicioItem(service), ConditionExpression: 'attribute_not_exists(id)' } },
          entradaHistorial(service.id, 'publicacion', APP_CLIENTES, {}, { estado: 'pendiente' }, now),
        ],
      });
      return true;
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  /**
   * Writes the vehicle and driver onto the company's reserved service, only while it still has none
   * and no FUEC (spec 02 section 4.3): of two assignments at once, one wins. Whether this one
   * won.
   */
  async asignar(id: string, empresaId: string, campos: CamposAsignacion, quien: Quien, now: Date): Promise<boolean> {
    const entries = Object.entries(campos);
    return cambiarServicio(empresaId, [
      {
        Update: {
          TableName: tableName('services'),
          Key: { id },
          UpdateExpression: `SET ${entries.map((_, i) => `#c${i} = :c${i}`).join(', ')}`,
          ConditionExpression: 'estado = :reservado AND empresaAliada = :e AND placas = :por AND fuec = :no',
          ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(entries.map(([, v], i) => [`:c${i}`, v])),
            ':reservado': 'reservado',
            ':e': empresaId,
            ':por': POR_ASIGNAR,
            ':no': false,
          },
        },
      },
      entradaHistorial(id, 'asignacion', quien, { placas: POR_ASIGNAR, conductor: POR_ASIGNAR }, { placas: campos.placas, conductor: campos.conductor, vehiculoId: campos.vehiculoId }, now),
    ]);
  },

  /**
   * The FUEC's upload confirms the company's reservation (spec 02 section 4.2): only a reserved service
   * with its vehicle and without FUEC, so of two uploads at once one wins. Whether it won.
   */
  async confirmarConFuec(id: string, empresaId: string, fuec: { fuecURL: string; tipoFuec: string; verificacion: VerificacionFuec }, quien: Quien, now: Date): Promise<boolean> {
    return cambiarServicio(empresaId, [
      {
        Update: {
          TableName: tableName('services'),
          Key: { id },
          UpdateExpression: 'SET estado = :confirmado, fuec = :si, fuecURL = :url, tipoFuec = :tipo, pagarAnticipoConductor = :si, confirmadoEn = :at, inicio = :inicio, verificacionFuec = :v',
          ConditionExpression: 'estado = :reservado AND empresaAliada = :e AND placas <> :por AND fuec = :no',
          ExpressionAttributeValues: {
            ':confirmado': 'confirmado', ':reservado': 'reservado', ':si': true, ':no': false, ':url': fuec.fuecURL, ':tipo': fuec.tipoFuec,
            ':at': now.toISOString(), ':e': empresaId, ':por': POR_ASIGNAR, ':inicio': INICIO_PENDIENTE, ':v': fuec.verificacion,
          },
        },
      },
      entradaHistorial(id, 'fuec', quien, { estado: 'reservado', fuec: false }, { estado: 'confirmado', fuec: true, tipoFuec: fuec.tipoFuec, pagarAnticipoConductor: true, verificacion: fuec.verificacion.estado }, now),
    ]);
  },

  /** Undoes `confirmarConFuec` when its file could not be stored (only while nothing else changed it). */
  async revertirFuec(id: string, empresaId: string, fuecURL: string, quien: Quien, now: Date): Promise<void> {
    await transact({
      TransactItems: [
        {
          Update: {
            TableName: tableName('services'),
            Key: { id },
            UpdateExpression: 'SET estado = :reservado, fuec = :no, pagarAnticipoConductor = :no REMOVE fuecURL, tipoFuec, confirmadoEn, inicio, verificacionFuec',
            ConditionExpression: 'estado = :confirmado AND fuecURL = :url AND recorridoIniciado = :no',
            ExpressionAttributeValues: { ':reservado': 'reservado', ':confirmado': 'confirmado', ':no': false, ':url': fuecURL },
          },
        },
        entradaHistorial(id, 'fuec-retirado', quien, { estado: 'confirmado', fuec: true }, { estado: 'reservado', fuec: false }, now),
      ],
    });
    await cambios.anunciar({ tipo: 'empresa', id: empresaId });
  },

  /**
   * The end of a started trip (PRODUCT.md lifecycle): finalizado with the driver's balance due, and
   * the vehicle's trip count up by one, together; only once, only after the departure.
   */
  async finalizar(s: Pick<Service, 'id' | 'empresaAliada' | 'vehiculoId'>, quien: Quien, now: Date): Promise<boolean> {
    const empresaId = s.empresaAliada!;
    return cambiarServicio(empresaId, [
      {
        Update: {
          TableName: tableName('services'),
          Key: { id: s.id },
          UpdateExpression: 'SET estado = :fin, pagarSaldoConductor = :si, finalizadoEn = :at REMOVE inicio',
          ConditionExpression: 'estado = :confirmado AND recorridoIniciado = :si AND empresaAliada = :e AND fechaSalida <= :at',
          ExpressionAttributeValues: { ':fin': 'finalizado', ':confirmado': 'confirmado', ':si': true, ':at': now.toISOString(), ':e': empresaId },
        },
      },
      ...(s.vehiculoId
        ? [
            {
              Update: {
                TableName: tableName('vehiculos'),
                Key: { id: s.vehiculoId },
                UpdateExpression: 'ADD viajesRealizados :uno',
                ConditionExpression: 'empresaAliada = :e',
                ExpressionAttributeValues: { ':uno': 1, ':e': empresaId },
              },
            },
          ]
        : []),
      entradaHistorial(s.id, 'fin', quien, { estado: 'confirmado', pagarSaldoConductor: false }, { estado: 'finalizado', pagarSaldoConductor: true }, now),
    ]);
  },

  /** Confirmed, not yet started trips departing within the start lead (GSI byEstado). */
  listDueTrips(now: Date): Promise<Pick<Service, 'id' | 'empresaAliada' | 'fechaSalida'>[]> {
    // The sparse index holds only trips still to start: a started one leaves it, so a run reads the
    // due ones and nothing of the backlog, however many trips were confirmed.
    return queryAll(
      {
        TableName: tableName('services'),
        IndexName: 'porIniciar',
        KeyConditionExpression: 'inicio = :p AND fechaSalida <= :cutoff',
        ExpressionAttributeValues: { ':p': INICIO_PENDIENTE, ':cutoff': tripStartCutoff(now) },
        ProjectionExpression: 'id, empresaAliada, fechaSalida',
      },
      (i) => ({ id: String(i.id), empresaAliada: i.empresaAliada as string | undefined, fechaSalida: String(i.fechaSalida) }),
    );
  },

  /** Idempotent: only a confirmed, not started trip changes (and leaves the job's index). Returns whether this call started it. */
  async markTripStarted(id: string, empresaId: string | undefined, now = new Date()): Promise<boolean> {
    try {
      await transact({
        TransactItems: [
          {
            Update: {
              TableName: tableName('services'),
              Key: { id },
              UpdateExpression: 'SET recorridoIniciado = :yes, recorridoIniciadoEn = :now REMOVE inicio',
              ConditionExpression: 'estado = :e AND recorridoIniciado = :no',
              ExpressionAttributeValues: { ':yes': true, ':no': false, ':e': 'confirmado', ':now': now.toISOString() },
            },
          },
          entradaHistorial(id, 'inicio', SISTEMA, { recorridoIniciado: false }, { recorridoIniciado: true }, now),
        ],
      });
      // The company's map shows the start (and its console the toast).
      if (empresaId) await cambios.anunciar({ tipo: 'empresa', id: empresaId });
      return true;
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },
};
