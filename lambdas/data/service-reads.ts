import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ESTADOS_HISTORIAL, type ListaServicios } from '@shared/domain/listas.js';
import { type PagoPendiente } from '@shared/domain/pagos.js';
import { claveMapa, DIAS_FINALIZADOS_EN_MAPA, MAX_SERVICIOS_MAPA } from '@shared/domain/mapa.js';
import { inicioAgenda } from '@shared/domain/asignacion.js';
import { CAMPOS_RESERVA, reservaSchema, type Reserva } from '@shared/schemas/reservas.js';
import { type ServiceState } from '@shared/schemas/service.js';
import { serviceSchema, type Service, type VehicleType } from '@shared/schemas/service.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { paginaDeIndice, type Pagina } from './pagina.js';
import { batchGetAll } from './batch-get.js';
import { queryAll } from './query-all.js';
import { mapaSchema, nowSeconds, projection, CAMPOS_FILA, type OpcionesPagina, type PaginaPendientes, type ServicioMapa } from './service-items.js';
import { particionDeEmpresa, particionDeEstado, particionDePago, type ParticionServicios } from '@shared/tablas/services.js';
import { indice } from '@shared/tables.js';

/** A trip under way, as the company's notice, its map's drivers and the driver's reports read it. */
export type ViajeEnCurso = { id: string; vehiculoId: string; placas: string; origen: string; conductor: string; seguimiento?: string };

/** Reads of services: one by id, the map's feed, the company's reservations, the lists, counts and history (each an indexed query). */
export const serviceReads = {
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
        IndexName: indice('services', 'pendientesPorTipo'),
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
        IndexName: indice('services', 'byEmpresaAliada'),
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
        IndexName: indice('services', 'byEmpresaAliada'),
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
            IndexName: indice('services', 'byEmpresaAliada'),
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
   * The company's trips under way (confirmed and started): its confirmed partition of `porEstadoEmpresa`
   * (its upcoming and running trips, never its history), filtered. Not the map's part of the company,
   * which holds its 50 nearest services of the last week: a long trip that left days ago, of a company
   * with more trips ahead, is under way all the same.
   */
  enCurso(empresaId: string): Promise<ViajeEnCurso[]> {
    const p = particionDeEstado(empresaId, 'confirmado');
    return queryAll(
      {
        TableName: tableName('services'),
        IndexName: p.indice,
        KeyConditionExpression: '#p = :p',
        FilterExpression: 'recorridoIniciado = :si AND attribute_exists(vehiculoId)',
        ExpressionAttributeNames: { '#p': p.atributo, '#id': 'id', '#v': 'vehiculoId', '#pl': 'placas', '#o': 'origen', '#c': 'conductor', '#s': 'seguimiento' },
        ExpressionAttributeValues: { ':p': p.valor, ':si': true },
        ProjectionExpression: '#id, #v, #pl, #o, #c, #s',
      },
      (i) => ({
        id: String(i.id), vehiculoId: String(i.vehiculoId), placas: String(i.placas ?? ''), origen: String(i.origen ?? ''), conductor: String(i.conductor ?? ''),
        ...(typeof i.seguimiento === 'string' ? { seguimiento: i.seguimiento } : {}),
      }),
    );
  },

  /**
   * A page of one of the service lists (shared/domain/listas.ts): one company's from its state's
   * partition of `porEstadoEmpresa`, or every company's from `byEstado` (marketplace staff).
   */
  lista(l: ListaServicios, empresaId: string | null, opciones: OpcionesPagina): Promise<Pagina<Record<string, unknown>>> {
    const p = particionDeEstado(empresaId, l.estado);
    const clave = { nombre: p.atributo, valor: p.valor };
    return paginaDeIndice({
      tabla: tableName('services'),
      indice: p.indice,
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
    const p = particionDePago(empresaId, pago);
    const clave = { nombre: p.atributo, valor: p.valor };
    return paginaDeIndice({
      tabla: tableName('services'),
      indice: p.indice,
      clave,
      descendente: false,
      ...opciones,
      claveDe: (s) => ({ id: s.id, [clave.nombre]: clave.valor, fechaSalida: s.fechaSalida }),
      leer: (item) => serviceSchema.parse(item),
    });
  },

  /** How many services wait for this payment (a count of its index partition: only what is owed is read). */
  async contarPorPagar(pago: PagoPendiente, empresaId: string | null): Promise<number> {
    const p = particionDePago(empresaId, pago);
    let total = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(
        new QueryCommand({
          TableName: tableName('services'),
          IndexName: p.indice,
          KeyConditionExpression: '#k = :k',
          ExpressionAttributeNames: { '#k': p.atributo },
          ExpressionAttributeValues: { ':k': p.valor },
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
    const particiones: ParticionServicios[] = empresaId
      ? [rango.estado ? particionDeEstado(empresaId, rango.estado) : particionDeEmpresa(empresaId)]
      : (rango.estado ? [rango.estado] : ESTADOS_HISTORIAL).map((e) => particionDeEstado(null, e));
    const leer = async (p: (typeof particiones)[number]) => {
      const items: Record<string, unknown>[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await ddb().send(
          new QueryCommand({
            TableName: tableName('services'),
            IndexName: p.indice,
            KeyConditionExpression: '#k = :k AND fechaSalida BETWEEN :desde AND :hasta',
            ExpressionAttributeValues: { ':k': p.valor, ':desde': rango.desde, ':hasta': rango.hasta },
            ProjectionExpression: CAMPOS_FILA.map((_, i) => `#p${i}`).join(', '),
            ExpressionAttributeNames: { '#k': p.atributo, ...Object.fromEntries(CAMPOS_FILA.map((c, i) => [`#p${i}`, c])) },
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
};
