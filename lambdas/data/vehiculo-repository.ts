import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VEHICULO_RESUMEN_CAMPOS, vehiculoConAvisoSchema, vehiculoResumenSchema, vehiculoSchema, type Vehiculo, type VehiculoConAviso, type VehiculoResumen } from '@shared/schemas/vehiculo.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { batchGetAll } from './batch-get.js';
import { cambios } from './cambios.js';
import { queryAll } from './query-all.js';
import { cancellationCodes, transact } from './transact.js';
import { ganaRecompensa, RECOMPENSA_PENDIENTE } from '@shared/domain/pagos.js';
import type { Quien } from '@shared/schemas/historial.js';
import { sujetoProveedor } from '@shared/schemas/proveedores.js';
import { entradaHistorial } from './historial-repository.js';
import { paginaDeIndice, type Pagina } from './pagina.js';
import { movimientoPut, type Movimiento } from './pago-repository.js';
import { atributosDeEstado, contadoresItem } from './proveedor-repository.js';
import { AVISO_PENDIENTE, revisarAvisos } from '@shared/domain/avisos-vencimiento.js';
import { DOCUMENTOS_CON_VENCIMIENTO } from '@shared/domain/vencimientos.js';
import { particionRecompensas } from '@shared/tablas/vehiculos.js';
import { indice } from '@shared/tables.js';

const conItem = <T>(item: T | null): T[] => (item ? [item] : []);

/**
 * The plate guard: an item per (company, plate) in the vehicles table, written in the same
 * transaction as the vehicle with "must not exist", so two creations of 'abc123' and 'ABC123' at
 * once leave one vehicle (an index cannot enforce uniqueness). It has no `empresaAliada`, so the
 * fleet index never lists it.
 */
const placaKey = (empresaId: string, placas: string) => ({ id: `placa#${empresaId}#${placas}` });

/** Raised when the plate is taken (by an earlier vehicle, or by a creation that won the race). */
export class PlacaOcupada extends Error {
  override name = 'PlacaOcupada';
}

/** Vehicles with their driver, always read and written within one company. */
export const vehiculoRepository = {
  /**
   * The company's vehicle, or null when it does not exist or belongs to another company. `consistente`:
   * as last written (an assignment checks the vehicle's agenda, which moves with its counter).
   */
  async get(empresaId: string, id: string, { consistente = false } = {}): Promise<Vehiculo | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('vehiculos'), Key: { id }, ConsistentRead: consistente }));
    return Item && Item.empresaAliada === empresaId ? vehiculoSchema.parse(Item) : null;
  },

  /**
   * The resend's stamp and the day's count, written together on condition that the stamp still holds
   * `antes`: of two resends at once only one goes out. Undefined values remove them (a resend undone).
   * False when it moved on.
   */
  async marcarInvitacion(empresaId: string, id: string, antes: string | undefined, nueva: Pick<Vehiculo, 'invitacionEn' | 'reenviosInvitacion'>): Promise<boolean> {
    const set = Object.entries(nueva).filter(([, v]) => v !== undefined);
    const quitar = (['invitacionEn', 'reenviosInvitacion'] as const).filter((k) => nueva[k] === undefined);
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName('vehiculos'),
          Key: { id },
          UpdateExpression: [set.length ? `SET ${set.map(([k]) => `${k} = :${k}`).join(', ')}` : '', quitar.length ? `REMOVE ${quitar.join(', ')}` : ''].join(' ').trim(),
          ConditionExpression: `empresaAliada = :empresa AND ${antes ? 'invitacionEn = :antes' : 'attribute_not_exists(invitacionEn)'}`,
          ExpressionAttributeValues: { ':empresa': empresaId, ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])), ...(antes ? { ':antes': antes } : {}) },
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },

  /** Any company's vehicle (marketplace staff's payouts), never the plate guard's item. */
  async porId(id: string, consistente = false): Promise<Vehiculo | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('vehiculos'), Key: { id }, ConsistentRead: consistente }));
    return Item && typeof Item.empresaAliada === 'string' ? vehiculoSchema.parse(Item) : null;
  },

  /** Several vehicles of any company by id (the payout lists' driver data), in one batch read. */
  async varios(ids: readonly string[]): Promise<Map<string, Vehiculo>> {
    const out = new Map<string, Vehiculo>();
    for (const item of await batchGetAll(tableName('vehiculos'), ids)) if (typeof item.empresaAliada === 'string') out.set(String(item.id), vehiculoSchema.parse(item));
    return out;
  },

  /**
   * After a trip ends: puts the vehicle on the rewards list (`recompensa`) when its referrer has
   * just earned the commission (shared/domain/pagos.ts), once.
   */
  async revisarRecompensa(id: string): Promise<void> {
    // A strongly consistent read: the trip just added must be counted, or the 30th would earn nothing.
    const v = await this.porId(id, true);
    if (!v || !ganaRecompensa(v)) return;
    await ddb()
      .send(
        new UpdateCommand({
          TableName: tableName('vehiculos'),
          Key: { id },
          UpdateExpression: 'SET recompensa = :p',
          ConditionExpression: 'attribute_not_exists(recompensa) AND comisionPagadaAReferente <> :si',
          ExpressionAttributeValues: { ':p': RECOMPENSA_PENDIENTE, ':si': true },
        }),
      )
      .catch((err: Error) => {
        if (err.name !== 'ConditionalCheckFailedException') throw err;
      });
  },

  /** A page of the vehicles whose referrer is owed the commission, newest vehicle first. */
  recompensas(opciones: { limite: number; cursor?: Record<string, unknown>; texto?: string }): Promise<Pagina<Vehiculo>> {
    return paginaDeIndice({
      tabla: tableName('vehiculos'),
      indice: particionRecompensas.indice,
      clave: { nombre: particionRecompensas.atributo, valor: particionRecompensas.valor },
      descendente: true,
      ...opciones,
      claveDe: (v) => ({ id: v.id, recompensa: RECOMPENSA_PENDIENTE, fechaCreacion: v.fechaCreacion }),
      leer: (item) => vehiculoSchema.parse(item),
    });
  },

  /** How many rewards wait (a count of the sparse index: only the owed ones are read). */
  async contarRecompensas(): Promise<number> {
    const items = await queryAll(
      { TableName: tableName('vehiculos'), IndexName: particionRecompensas.indice, KeyConditionExpression: 'recompensa = :p', ExpressionAttributeValues: { ':p': particionRecompensas.valor }, ProjectionExpression: 'id' },
      () => 1,
    );
    return items.length;
  },

  /**
   * The referrer's commission paid: the vehicle leaves the rewards list, with its ledger row and the
   * trail entry, in one transaction that only one of two payments can win. Whether this one won.
   */
  async pagarRecompensa(v: Vehiculo, movimiento: Movimiento, quien: Quien, now: Date): Promise<boolean> {
    try {
      await transact({
        TransactItems: [
          {
            Update: {
              TableName: tableName('vehiculos'),
              Key: { id: v.id },
              UpdateExpression: 'SET comisionPagadaAReferente = :si REMOVE recompensa',
              ConditionExpression: 'recompensa = :p',
              ExpressionAttributeValues: { ':si': true, ':p': RECOMPENSA_PENDIENTE },
            },
          },
          movimientoPut(movimiento),
          entradaHistorial(sujetoProveedor('conductor', v.id), 'recompensa', quien, { comisionPagadaAReferente: false }, { comisionPagadaAReferente: true, valor: movimiento.monto, referencia: movimiento.referencia }, now),
        ],
      });
      return true;
    } catch (err) {
      if (cancellationCodes(err)?.some((c) => c === 'ConditionalCheckFailed')) return false;
      throw err;
    }
  },

  /** The fleet list: one indexed query on the company, sorted by plate, only the list's fields. */
  list(empresaId: string): Promise<VehiculoResumen[]> {
    const names = VEHICULO_RESUMEN_CAMPOS.map((_, i) => `#c${i}`);
    return queryAll(
      {
        TableName: tableName('vehiculos'),
        IndexName: indice('vehiculos', 'byEmpresaAliada'),
        KeyConditionExpression: 'empresaAliada = :e',
        ExpressionAttributeValues: { ':e': empresaId },
        ProjectionExpression: names.join(', '),
        ExpressionAttributeNames: Object.fromEntries(VEHICULO_RESUMEN_CAMPOS.map((c, i) => [names[i], c])),
      },
      (item) => vehiculoResumenSchema.parse(item),
    );
  },

  /** The distinct vehicle types of the company's fleet (the map filters services by them). */
  async tipos(empresaId: string): Promise<string[]> {
    const items = await queryAll(
      {
        TableName: tableName('vehiculos'),
        IndexName: indice('vehiculos', 'byEmpresaAliada'),
        KeyConditionExpression: 'empresaAliada = :e',
        ExpressionAttributeValues: { ':e': empresaId },
        ProjectionExpression: 'tipo',
      },
      (item) => String(item.tipo),
    );
    return [...new Set(items)].sort((a, b) => a.localeCompare(b, 'es'));
  },

  async placaLibre(empresaId: string, placas: string): Promise<boolean> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('vehiculos'), Key: placaKey(empresaId, placas), ProjectionExpression: 'id' }));
    return !Item;
  },

  /** The driver app's report: the vehicle's last position (only the company's own vehicle). */
  async reportarPosicion(empresaId: string, id: string, p: { lat: number; lng: number; velocidad?: number }, now: Date): Promise<boolean> {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName('vehiculos'),
          Key: { id },
          UpdateExpression: 'SET latitud = :lat, longitud = :lng, velocidad = :v, posicionEn = :at',
          ConditionExpression: 'empresaAliada = :e',
          ExpressionAttributeValues: { ':lat': p.lat, ':lng': p.lng, ':v': p.velocidad ?? null, ':at': now.toISOString(), ':e': empresaId },
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },

  /**
   * The vehicles with an expiry alert due by `hoy` (docs/decisions/0015): the sparse index `porAviso`,
   * so a run reads the vehicles due, never the fleet.
   */
  conAvisoDebido(hoy: string): Promise<VehiculoConAviso[]> {
    const campos = ['id', 'empresaAliada', 'placas', 'nombre', 'email', 'agenda', 'avisosEnviados', 'proximoAviso', ...DOCUMENTOS_CON_VENCIMIENTO.map((d) => d.campo)];
    return queryAll(
      {
        TableName: tableName('vehiculos'),
        IndexName: indice('vehiculos', 'porAviso'),
        KeyConditionExpression: 'aviso = :p AND proximoAviso <= :hoy',
        ExpressionAttributeValues: { ':p': AVISO_PENDIENTE, ':hoy': hoy },
        ProjectionExpression: campos.map((_, i) => `#c${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(campos.map((c, i) => [`#c${i}`, c])),
      },
      (i) => vehiculoConAvisoSchema.parse(i),
    );
  },

  /**
   * Records the alerts sent and the vehicle's next alert day (out of the index when none is left), only
   * while its dates and its next day are still what the run read: an edit in between wins, and the
   * next run looks again. Whether it was recorded (only then are the alerts sent).
   */
  async marcarAvisos(v: VehiculoConAviso, enviados: string[], proximo: string | null): Promise<boolean> {
    const fechas = DOCUMENTOS_CON_VENCIMIENTO.map((d) => d.campo);
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName('vehiculos'),
          Key: { id: v.id },
          UpdateExpression: proximo ? 'SET avisosEnviados = :e, proximoAviso = :p' : 'SET avisosEnviados = :e REMOVE aviso, proximoAviso',
          ConditionExpression: ['proximoAviso = :leido', ...fechas.map((c, i) => (v[c] ? `#f${i} = :f${i}` : `(attribute_not_exists(#f${i}) OR #f${i} = :f${i})`))].join(' AND '),
          ExpressionAttributeNames: Object.fromEntries(fechas.map((c, i) => [`#f${i}`, c])),
          ExpressionAttributeValues: { ':e': enviados, ':leido': v.proximoAviso, ...(proximo ? { ':p': proximo } : {}), ...Object.fromEntries(fechas.map((c, i) => [`:f${i}`, v[c]])) },
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },

  /** The last positions of these vehicles of the company (one BatchGet: the map shows at most 50 services). */
  async posiciones(empresaId: string, ids: readonly string[]): Promise<{ id: string; lat: number; lng: number; posicionEn: string }[]> {
    if (!ids.length) return [];
    return (await batchGetAll(tableName('vehiculos'), ids, { proyeccion: 'id, empresaAliada, latitud, longitud, posicionEn' }))
      .filter((v) => v.empresaAliada === empresaId && typeof v.latitud === 'number' && typeof v.longitud === 'number' && typeof v.posicionEn === 'string')
      .map((v) => ({ id: String(v.id), lat: v.latitud as number, lng: v.longitud as number, posicionEn: v.posicionEn as string }));
  },

  /**
   * One vehicle's last position with its agenda (one read), for the live trip link: which trip the
   * position belongs to depends on the vehicle's other trips (shared/domain/seguimiento.ts). Null for
   * another company's vehicle or one that never reported.
   */
  async posicionYAgenda(empresaId: string, id: string): Promise<{ lat: number; lng: number; posicionEn: string; agenda: NonNullable<Vehiculo['agenda']> } | null> {
    const { Item: v } = await ddb().send(new GetCommand({ TableName: tableName('vehiculos'), Key: { id }, ProjectionExpression: 'empresaAliada, latitud, longitud, posicionEn, agenda' }));
    if (!v || v.empresaAliada !== empresaId || typeof v.latitud !== 'number' || typeof v.longitud !== 'number' || typeof v.posicionEn !== 'string') return null;
    return { lat: v.latitud, lng: v.longitud, posicionEn: v.posicionEn, agenda: vehiculoSchema.shape.agenda.parse(v.agenda) ?? [] };
  },

  /** The vehicle and its plate guard together; `PlacaOcupada` when the plate is taken. */
  async create(vehiculo: Vehiculo): Promise<void> {
    const TableName = tableName('vehiculos');
    try {
      await transact({
        TransactItems: [
          { Put: { TableName, Item: { ...placaKey(vehiculo.empresaAliada, vehiculo.placas), vehiculoId: vehiculo.id }, ConditionExpression: 'attribute_not_exists(id)' } },
          // Its documents' expiry alerts are looked at by the next daily run (docs/decisions/0015).
          { Put: { TableName, Item: { ...vehiculo, ...atributosDeEstado({ tipo: 'conductor', r: vehiculo }), ...revisarAvisos(new Date()) }, ConditionExpression: 'attribute_not_exists(id)' } },
          // Its driver joins a list of the provider panel: that list's count goes up with it.
          ...conItem(contadoresItem(null, atributosDeEstado({ tipo: 'conductor', r: vehiculo }).estadoProveedor ?? null)),
        ],
      });
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') throw new PlacaOcupada();
      throw err;
    }
    await cambios.anunciar({ tipo: 'empresa', id: vehiculo.empresaAliada });
  },

  /** Undoes a creation whose driver account could not be made: the vehicle and its guard go together. */
  async remove(vehiculo: Vehiculo): Promise<void> {
    const TableName = tableName('vehiculos');
    const clave = atributosDeEstado({ tipo: 'conductor', r: vehiculo }).estadoProveedor ?? null;
    await transact({
      TransactItems: [
        { Delete: { TableName, Key: placaKey(vehiculo.empresaAliada, vehiculo.placas), ConditionExpression: 'vehiculoId = :v', ExpressionAttributeValues: { ':v': vehiculo.id } } },
        // Unchanged since its creation (a driver just made cannot have been validated meanwhile), so its count comes down.
        clave
          ? { Delete: { TableName, Key: { id: vehiculo.id }, ConditionExpression: 'estadoProveedor = :e', ExpressionAttributeValues: { ':e': clave } } }
          : { Delete: { TableName, Key: { id: vehiculo.id } } },
        ...conItem(contadoresItem(clave, null)),
      ],
    });
    await cambios.anunciar({ tipo: 'empresa', id: vehiculo.empresaAliada });
  },

  /**
   * Sets fields of the company's vehicle and returns the record after; null when it is not the
   * company's (or no longer exists). `slots` sets single photo or document slots (`fotos.frente`),
   * never the whole map, so two edits at once that replace different files both keep theirs.
   * `siguen`: text fields (or slots, `fotos.frente`) that must still hold these values ('' also
   * matches a missing one), else nothing is written and the answer is 'cambio'.
   */
  async update(
    empresaId: string,
    id: string,
    /** `busqueda`: the provider panel's search text, kept in step with the name and phone. */
    fields: Partial<Vehiculo> & { busqueda?: string },
    slots: { fotos?: Partial<Vehiculo['fotos']>; documentos?: Partial<Vehiculo['documentos']> } = {},
    siguen: Record<string, string> = {},
  ): Promise<Vehiculo | null | 'cambio'> {
    // A date that changed is looked at by the next run of the expiry alerts (docs/decisions/0015).
    const conAvisos = DOCUMENTOS_CON_VENCIMIENTO.some((d) => fields[d.campo] !== undefined) ? { ...fields, ...revisarAvisos(new Date()) } : fields;
    const entries: [string[], unknown][] = Object.entries(conAvisos)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [[k], v]);
    for (const map of ['fotos', 'documentos'] as const)
      for (const [slot, key] of Object.entries(slots[map] ?? {})) if (key) entries.push([[map, slot], key]);
    const names: Record<string, string> = {};
    const path = (parts: string[]) =>
      parts
        .map((part) => {
          const name = `#n${Object.keys(names).length}`;
          names[name] = part;
          return name;
        })
        .join('.');
    const sets = entries.map(([parts], i) => `${path(parts)} = :v${i}`);
    const vigentes = Object.entries(siguen).map(([campo, valor], i) => {
      const n = path(campo.split('.'));
      return valor ? `${n} = :s${i}` : `(attribute_not_exists(${n}) OR ${n} = :s${i})`;
    });
    try {
      const { Attributes } = await ddb().send(
        new UpdateCommand({
          TableName: tableName('vehiculos'),
          Key: { id },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: ['empresaAliada = :empresa', ...vigentes].join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: {
            ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
            ...Object.fromEntries(Object.values(siguen).map((v, i) => [`:s${i}`, v])),
            ':empresa': empresaId,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      await cambios.anunciar({ tipo: 'empresa', id: empresaId });
      return vehiculoSchema.parse(Attributes);
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
      // Which condition failed: the vehicle is gone or not the company's, or a field moved on.
      return vigentes.length && (await this.get(empresaId, id, { consistente: true })) ? 'cambio' : null;
    }
  },
};

