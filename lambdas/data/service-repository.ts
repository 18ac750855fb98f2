import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { busquedaServicio, ESTADOS_HISTORIAL, type ListaServicios } from '../../shared/domain/listas.js';
import { INDICES_SERVICIO, indicesServicio, type PagoPendiente } from '../../shared/domain/pagos.js';
import { claveMapa, DIAS_FINALIZADOS_EN_MAPA, MAX_SERVICIOS_MAPA } from '../../shared/domain/mapa.js';
import { agendaCon, inicioAgenda, type CamposAsignacion } from '../../shared/domain/asignacion.js';
import type { VerificacionFuec } from '../../shared/domain/fuec.js';
import { tripStartCutoff } from '../../shared/domain/trips.js';
import { CAMPOS_RESERVA, reservaSchema, type Reserva } from '../../shared/schemas/reservas.js';
import { INICIO_PENDIENTE, POR_ASIGNAR, type CobroSinAplicar, type ServiceState } from '../../shared/schemas/service.js';
import { serviceSchema, type Service, type VehicleType } from '../../shared/schemas/service.js';
import type { Vehiculo } from '../../shared/schemas/vehiculo.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { APP_CLIENTES, EPAYCO, SISTEMA, type EntradaHistorial, type Quien } from '../../shared/schemas/historial.js';
import { actualizacion } from './actualizacion.js';
import { cambios } from './cambios.js';
import { entradaHistorial } from './historial-repository.js';
import { paginaDeIndice, type Pagina } from './pagina.js';
import { movimientoPut, TIPO_POR_REEMBOLSAR, TIPO_REEMBOLSADO, type Movimiento } from './pago-repository.js';
import { vehiculoRepository } from './vehiculo-repository.js';
import { batchGetAll } from './batch-get.js';
import { queryAll } from './query-all.js';
import { cancellationCodes, transact, transactORechazo } from './transact.js';
import { logger } from '../logger.js';

/** The unapplied charges a service lists in its detail; more are still in its ledger and trail. */
export const MAX_COBROS_EN_SERVICIO = 20;

/** What the map draws of a service (a projection: the feed never reads whole records). */
export const CAMPOS_MAPA = ['id', 'estado', 'tipo', 'latOrigen', 'lonOrigen', 'origen', 'destino', 'fechaSalida', 'pasajeros', 'oferentes', 'expiresAt', 'recorridoIniciado', 'vehiculoId', 'placas', 'conductor'] as const;
export type ServicioMapa = Pick<Service, (typeof CAMPOS_MAPA)[number]>;
const mapaSchema = serviceSchema.pick(Object.fromEntries(CAMPOS_MAPA.map((c) => [c, true])) as Record<(typeof CAMPOS_MAPA)[number], true>);
const projection = {
  ProjectionExpression: CAMPOS_MAPA.map((_, i) => `#m${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(CAMPOS_MAPA.map((c, i) => [`#m${i}`, c])),
};

/** What a list row shows of a service (shared/schemas/pagos.ts, servicioFilaSchema), read as a projection. */
export const CAMPOS_FILA = [
  'id', 'estado', 'tipo', 'clase', 'origen', 'destino', 'fechaSalida', 'pasajeros', 'empresa', 'placas', 'conductor', 'valorOferta', 'metodoPago',
  'recorridoIniciado', 'fuec', 'anticipoConductorPagado', 'saldoConductorPagado', 'empresaAliada', 'nombreEmpresaAliada', 'cancelacion',
] as const;

type OpcionesPagina = { limite: number; cursor?: Record<string, unknown>; texto?: string };

/** A page of one vehicle type's pending services, newest first, and where the next page starts. */
export type PaginaPendientes = { items: ServicioMapa[]; next: Record<string, unknown> | undefined };

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

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

type Condicion = { expresion: string; valores: Record<string, unknown> };

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

type Registro = { accion: EntradaHistorial['accion']; quien: Quien; antes: EntradaHistorial['antes']; despues: EntradaHistorial['despues'] };

/**
 * A change of the company's service, with its trail entry, in one transaction: false when a condition
 * refused it (another change won, or the state no longer allows it); the company's caches hear of it.
 */
async function cambiarServicio(empresaId: string | undefined, items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<boolean> {
  try {
    await transact({ TransactItems: items });
  } catch (err) {
    if (cancellationCodes(err)?.some((c) => c === 'ConditionalCheckFailed')) return false;
    throw err;
  }
  if (empresaId) await cambios.anunciar({ tipo: 'empresa', id: empresaId });
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
        ExpressionAttributeValues: { ':e': empresaId, ':desde': inicioAgenda(now), ':reservado': 'reservado', ':confirmado': 'confirmado' },
        ProjectionExpression: names.join(', '),
      },
      (i) => reservaSchema.parse(i),
    );
  },

  /**
   * Of these services, those that hold the vehicle (reservado or confirmado with it), read as last
   * written: the trips of its agenda that the index of `delVehiculo` may not show yet.
   */
  async conVehiculo(ids: string[], vehiculoId: string): Promise<Pick<Service, 'id' | 'fechaSalida' | 'fechaRegreso'>[]> {
    const items = await batchGetAll(tableName('services'), ids, { consistente: true, proyeccion: 'id, fechaSalida, fechaRegreso, vehiculoId, #estado', nombres: { '#estado': 'estado' } });
    return items
      .filter((i) => i.vehiculoId === vehiculoId && (i.estado === 'reservado' || i.estado === 'confirmado'))
      .map((i) => ({ id: String(i.id), fechaSalida: String(i.fechaSalida), fechaRegreso: (i.fechaRegreso as string | null | undefined) ?? null }));
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
        ExpressionAttributeValues: { ':e': empresaId, ':v': vehiculoId, ':desde': inicioAgenda(now), ':reservado': 'reservado', ':confirmado': 'confirmado' },
        ProjectionExpression: 'id, fechaSalida, fechaRegreso',
      },
      (i) => ({ id: String(i.id), fechaSalida: String(i.fechaSalida), fechaRegreso: (i.fechaRegreso as string | null | undefined) ?? null }),
    );
  },

  /**
   * The company's own services after pendiente for its map, at most the map's 50, in the order they
   * matter to it: from a day ago on, nearest departure first (trips under way, then the next ones);
   * then, while there is room, the week's earlier ones, latest first (finished trips, long trips still
   * under way). Two indexed queries on the company (paged past cancelled ones), bounded whatever the table holds.
   */
  async propiosRecientes(empresaId: string, now: Date): Promise<ServicioMapa[]> {
    const ayer = new Date(now.getTime() - 86_400_000).toISOString();
    const desde = new Date(now.getTime() - DIAS_FINALIZADOS_EN_MAPA * 86_400_000).toISOString();
    // A cancelled reservation is no work at hand (its departure passed without a trip). The filter
    // applies after each page's limit, so pages go on until the map's 50 or the range's end: the
    // extra reads are the cancellations of the range (a day, or the week), never the table.
    const consulta = async (rango: string, valores: Record<string, string>, adelante: boolean) => {
      const items: ServicioMapa[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await ddb().send(
          new QueryCommand({
            TableName: tableName('services'),
            IndexName: 'byEmpresaAliada',
            KeyConditionExpression: `empresaAliada = :e AND ${rango}`,
            FilterExpression: '#fe <> :cancelado',
            ExpressionAttributeValues: { ':e': empresaId, ':cancelado': 'cancelado', ...valores },
            ScanIndexForward: adelante,
            Limit: MAX_SERVICIOS_MAPA - items.length,
            ExclusiveStartKey,
            ProjectionExpression: projection.ProjectionExpression,
            ExpressionAttributeNames: { ...projection.ExpressionAttributeNames, '#fe': 'estado' },
          }),
        );
        items.push(...(page.Items ?? []).map((i) => mapaSchema.parse(i)));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey && items.length < MAX_SERVICIOS_MAPA);
      return items;
    };
    const proximos = await consulta('fechaSalida >= :ayer', { ':ayer': ayer }, true);
    // The week's earlier ones only when the nearest leave room.
    if (proximos.length >= MAX_SERVICIOS_MAPA) return proximos;
    const anteriores = await consulta('fechaSalida BETWEEN :desde AND :ayer', { ':desde': desde, ':ayer': ayer }, false);
    // BETWEEN includes its end: a departure exactly a day ago comes back from both.
    const vistos = new Set(proximos.map((s) => s.id));
    return [...proximos, ...anteriores.filter((s) => !vistos.has(s.id))].slice(0, MAX_SERVICIOS_MAPA);
  },

  /**
   * A page of one of the service lists (shared/domain/listas.ts): one company's from its state's
   * partition of `porEstadoEmpresa`, or every company's from `byEstado` (marketplace staff).
   */
  lista(l: ListaServicios, empresaId: string | null, opciones: OpcionesPagina): Promise<Pagina<Record<string, unknown>>> {
    const clave = empresaId ? { nombre: 'estadoEmpresa', valor: `${empresaId}#${l.estado}` } : { nombre: 'estado', valor: l.estado };
    return paginaDeIndice({
      tabla: tableName('services'),
      indice: empresaId ? 'porEstadoEmpresa' : 'byEstado',
      clave,
      descendente: l.recientesPrimero,
      ...(l.soloIniciados ? { filtro: { expresion: '#fsi = :fsi', nombres: { '#fsi': 'recorridoIniciado' }, valores: { ':fsi': true } } } : {}),
      ...opciones,
      proyeccion: CAMPOS_FILA,
      claveDe: (item) => ({ id: item.id, [clave.nombre]: clave.valor, fechaSalida: item.fechaSalida }),
      leer: (item) => item,
    });
  },

  /** A page of the services waiting for one payment (`porPagar`, or per company `porPagarEmpresa`), earliest departure first. */
  porPagar(pago: PagoPendiente, empresaId: string | null, opciones: OpcionesPagina): Promise<Pagina<Service>> {
    const clave = empresaId ? { nombre: 'pagoPendienteEmpresa', valor: `${empresaId}#${pago}` } : { nombre: 'pagoPendiente', valor: pago };
    return paginaDeIndice({
      tabla: tableName('services'),
      indice: empresaId ? 'porPagarEmpresa' : 'porPagar',
      clave,
      descendente: false,
      ...opciones,
      claveDe: (s) => ({ id: s.id, [clave.nombre]: clave.valor, fechaSalida: s.fechaSalida }),
      leer: (item) => serviceSchema.parse(item),
    });
  },

  /** How many services wait for this payment (a count of its index partition: only what is owed is read). */
  async contarPorPagar(pago: PagoPendiente, empresaId: string | null): Promise<number> {
    let total = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(
        new QueryCommand({
          TableName: tableName('services'),
          IndexName: empresaId ? 'porPagarEmpresa' : 'porPagar',
          KeyConditionExpression: '#k = :k',
          ExpressionAttributeNames: { '#k': empresaId ? 'pagoPendienteEmpresa' : 'pagoPendiente' },
          ExpressionAttributeValues: { ':k': empresaId ? `${empresaId}#${pago}` : pago },
          Select: 'COUNT',
          ExclusiveStartKey,
        }),
      );
      total += page.Count ?? 0;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return total;
  },

  /**
   * The services departing in [desde, hasta] (the history), latest first: the company's (or every
   * company's, `empresaId` null), in one state or in all after pendiente. Each read is one query on an
   * index bounded by the range (the state's partition when one is asked), at most `max` rows
   * (`truncado` says there were more).
   */
  async historial(empresaId: string | null, rango: { desde: string; hasta: string; estado?: ServiceState }, max: number): Promise<{ items: Record<string, unknown>[]; truncado: boolean }> {
    const particiones: { indice: string; k: string; v: string }[] = empresaId
      ? [rango.estado ? { indice: 'porEstadoEmpresa', k: 'estadoEmpresa', v: `${empresaId}#${rango.estado}` } : { indice: 'byEmpresaAliada', k: 'empresaAliada', v: empresaId }]
      : (rango.estado ? [rango.estado] : ESTADOS_HISTORIAL).map((e) => ({ indice: 'byEstado', k: 'estado', v: e }));
    const leer = async (p: (typeof particiones)[number]) => {
      const items: Record<string, unknown>[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await ddb().send(
          new QueryCommand({
            TableName: tableName('services'),
            IndexName: p.indice,
            KeyConditionExpression: '#k = :k AND fechaSalida BETWEEN :desde AND :hasta',
            ExpressionAttributeValues: { ':k': p.v, ':desde': rango.desde, ':hasta': rango.hasta },
            ProjectionExpression: CAMPOS_FILA.map((_, i) => `#p${i}`).join(', '),
            ExpressionAttributeNames: { '#k': p.k, ...Object.fromEntries(CAMPOS_FILA.map((c, i) => [`#p${i}`, c])) },
            ScanIndexForward: false,
            Limit: max + 1 - items.length,
            ExclusiveStartKey,
          }),
        );
        items.push(...(page.Items ?? []));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey && items.length <= max);
      return items;
    };
    const items = (await Promise.all(particiones.map(leer))).flat().sort((a, b) => String(b.fechaSalida).localeCompare(String(a.fechaSalida)));
    return { items: items.slice(0, max), truncado: items.length > max };
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
   * The vehicle and driver onto the company's reserved service, only while it still has none and no
   * FUEC (docs/spec/02.md section 4.3), with its history entry. The vehicle's `asignaciones` must still be what
   * the caller read (when it checked the vehicle's other trips) and moves by one, its agenda gains the
   * trip: of two assignments of one vehicle at once, one wins and the other is told the vehicle changed.
   */
  async asignar(service: Service, campos: CamposAsignacion, vehiculo: Pick<Vehiculo, 'id' | 'asignaciones' | 'agenda'>, quien: Quien, now: Date): Promise<'ok' | 'servicio-cambio' | 'vehiculo-cambio'> {
    const empresaId = service.empresaAliada!;
    const leidas = vehiculo.asignaciones;
    const agenda = agendaCon(vehiculo.agenda, service, now);
    try {
      await transact({
        TransactItems: [
          cambioDeServicio(service, campos, [], {
            expresion: 'estado = :cr AND empresaAliada = :ce AND placas = :cpor AND fuec = :cno',
            valores: { ':cr': 'reservado', ':ce': empresaId, ':cpor': POR_ASIGNAR, ':cno': false },
          }),
          entradaHistorial(service.id, 'asignacion', quien, { placas: POR_ASIGNAR, conductor: POR_ASIGNAR }, { placas: campos.placas, conductor: campos.conductor, vehiculoId: campos.vehiculoId }, now),
          {
            Update: {
              TableName: tableName('vehiculos'),
              Key: { id: vehiculo.id },
              UpdateExpression: 'SET asignaciones = :nuevas, agenda = :agenda',
              ConditionExpression: `empresaAliada = :ce AND ${leidas === undefined ? 'attribute_not_exists(asignaciones)' : 'asignaciones = :leidas'}`,
              ExpressionAttributeValues: { ':nuevas': (leidas ?? 0) + 1, ':agenda': agenda, ':ce': empresaId, ...(leidas === undefined ? {} : { ':leidas': leidas }) },
            },
          },
        ],
      });
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[2] === 'ConditionalCheckFailed') return 'vehiculo-cambio';
      if (codes?.some((c) => c === 'ConditionalCheckFailed')) return 'servicio-cambio';
      throw err;
    }
    await cambios.anunciar({ tipo: 'empresa', id: empresaId });
    return 'ok';
  },

  /**
   * The FUEC's upload confirms the company's reservation (docs/spec/02.md section 4.2): only a reserved service
   * with its vehicle and without FUEC, so of two uploads at once one wins. Whether it won.
   */
  async confirmarConFuec(service: Service, fuec: { fuecURL: string; tipoFuec: string; verificacion: VerificacionFuec }, quien: Quien, now: Date): Promise<boolean> {
    const empresaId = service.empresaAliada!;
    return cambiarServicio(empresaId, [
      cambioDeServicio(
        service,
        { estado: 'confirmado', fuec: true, fuecURL: fuec.fuecURL, tipoFuec: fuec.tipoFuec, pagarAnticipoConductor: true, confirmadoEn: now.toISOString(), inicio: INICIO_PENDIENTE, verificacionFuec: fuec.verificacion },
        [],
        { expresion: 'estado = :cr AND empresaAliada = :ce AND placas <> :cpor AND fuec = :cno', valores: { ':cr': 'reservado', ':ce': empresaId, ':cpor': POR_ASIGNAR, ':cno': false } },
      ),
      entradaHistorial(service.id, 'fuec', quien, { estado: 'reservado', fuec: false }, { estado: 'confirmado', fuec: true, tipoFuec: fuec.tipoFuec, pagarAnticipoConductor: true, verificacion: fuec.verificacion.estado }, now),
    ]);
  },

  /**
   * The end of a started trip (docs/product.md, the service lifecycle): finalizado with the driver's balance due, and
   * the vehicle's trip count up by one, together; only once, only after the departure.
   */
  async finalizar(s: Service, quien: Quien, now: Date): Promise<boolean> {
    const empresaId = s.empresaAliada!;
    const hecho = await cambiarServicio(empresaId, [
      // The advance as read: whether the balance is due now or after it decides the list.
      cambioDeServicio(s, { estado: 'finalizado', pagarSaldoConductor: true, finalizadoEn: now.toISOString() }, ['inicio'], {
        expresion: 'estado = :cc AND recorridoIniciado = :csi AND empresaAliada = :ce AND fechaSalida <= :cat AND anticipoConductorPagado = :cap',
        valores: { ':cc': 'confirmado', ':csi': true, ':cat': now.toISOString(), ':ce': empresaId, ':cap': s.anticipoConductorPagado },
      }),
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
    // The trip may be the one that earns the vehicle's referrer the reward.
    if (hecho && s.vehiculoId) await vehiculoRepository.revisarRecompensa(s.vehiculoId).catch((err: unknown) => logger.error('No se pudo revisar la recompensa', { vehiculoId: s.vehiculoId, error: err as Error }));
    return hecho;
  },

  /**
   * A change of the service's payments (the client's payment confirmed or refused, a receipt attached,
   * a payout made) with its ledger rows and trail entry, in one transaction on `condicion`: false when
   * the service changed meanwhile or the payment was already recorded.
   */
  async cambiarPago(antes: Service, cambio: { cambios: Partial<Service>; quitar?: (keyof Service)[]; condicion: Condicion; movimientos?: Movimiento[]; extra?: NonNullable<TransactWriteCommandInput['TransactItems']> }, registro: Registro, now: Date): Promise<boolean> {
    return cambiarServicio(antes.empresaAliada!, [
      cambioDeServicio(antes, cambio.cambios, cambio.quitar ?? [], cambio.condicion),
      ...(cambio.movimientos ?? []).map(movimientoPut),
      ...(cambio.extra ?? []),
      entradaHistorial(antes.id, registro.accion, registro.quien, registro.antes, registro.despues, now),
    ]);
  },

  /**
   * An ePayco charge that did not apply, recorded once for its refund: its ledger row (so a replay
   * changes nothing), on the service, and in its trail (by ePayco's confirmation, or by the staff member
   * who asked ePayco). False when the row exists (a replay won).
   */
  async registrarCobroSinAplicar(s: Service, cobro: CobroSinAplicar, registro: Record<string, unknown>, now: Date, quien: Quien = EPAYCO): Promise<boolean> {
    const items = (alServicio: boolean) => ({
      TransactItems: [
        movimientoPut(registro),
        ...(alServicio
          ? [
              {
                Update: {
                  TableName: tableName('services'),
                  Key: { id: s.id },
                  UpdateExpression: 'SET cobrosSinAplicar = list_append(if_not_exists(cobrosSinAplicar, :vacia), :cobro)',
                  ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(cobrosSinAplicar) OR size(cobrosSinAplicar) < :max)',
                  ExpressionAttributeValues: { ':vacia': [], ':cobro': [cobro], ':max': MAX_COBROS_EN_SERVICIO },
                },
              },
            ]
          : []),
        entradaHistorial(s.id, 'cobro-sin-aplicar', quien, {}, { referencia: cobro.referencia, monto: cobro.monto, motivo: cobro.motivo }, now),
      ],
    });
    // The service keeps the first ones (an item has 400 KB), its cap held in the write itself, so
    // charges at once cannot pass it; past it, or with the service gone, the ledger and the trail keep
    // every one.
    let rechazo = (s.cobrosSinAplicar?.length ?? 0) < MAX_COBROS_EN_SERVICIO ? await transactORechazo(items(true), ['repetido', 'sinLugar', null]) : 'sinLugar';
    if (rechazo === 'sinLugar') rechazo = await transactORechazo(items(false), ['repetido', null]);
    if (rechazo) return false;
    if (s.empresaAliada) await cambios.anunciar({ tipo: 'empresa', id: s.empresaAliada });
    return true;
  },

  /**
   * The refund of an ePayco charge that did not apply, once: its ledger row changes kind (it leaves the
   * list of charges to refund) only while still to refund; the service's entry, if it lists it, and
   * the trail say so. False when it was already refunded.
   */
  reembolsarCobro(fila: { id: string; servicioId: string; referencia: string; monto: number }, s: Service | null, reembolso: NonNullable<CobroSinAplicar['reembolso']>, quien: Quien, now: Date): Promise<boolean> {
    const i = s?.cobrosSinAplicar?.findIndex((c) => c.referencia === fila.referencia) ?? -1;
    return cambiarServicio(s?.empresaAliada, [
      {
        Update: {
          TableName: tableName('pagos'),
          Key: { id: fila.id },
          UpdateExpression: 'SET tipo = :reembolsado, reembolso = :r',
          ConditionExpression: 'tipo = :pendiente',
          ExpressionAttributeValues: { ':reembolsado': TIPO_REEMBOLSADO, ':pendiente': TIPO_POR_REEMBOLSAR, ':r': reembolso },
        },
      },
      ...(s && i >= 0
        ? [
            {
              Update: {
                TableName: tableName('services'),
                Key: { id: s.id },
                UpdateExpression: `SET cobrosSinAplicar[${i}].reembolso = :r`,
                ConditionExpression: `cobrosSinAplicar[${i}].referencia = :ref`,
                ExpressionAttributeValues: { ':r': reembolso, ':ref': fila.referencia },
              },
            },
          ]
        : []),
      entradaHistorial(fila.servicioId, 'reembolso', quien, {}, { cobro: fila.referencia, monto: fila.monto, fechaReembolso: reembolso.fecha, reembolso: reembolso.referencia }, now),
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
