import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { claveEstado, estadoDe, LISTAS_PROVEEDORES, listaDe, textoDeBusqueda, type EstadoProveedor, type ListaId, type TipoProveedor } from '@shared/domain/proveedores.js';
import { proveedorRegistroSchema, sujetoProveedor, type Guia, type Operador } from '@shared/schemas/proveedores.js';
import { vehiculoSchema, type Vehiculo } from '@shared/schemas/vehiculo.js';
import type { Accion, EntradaHistorial, Quien } from '@shared/schemas/historial.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { cambios as registroDeCambios } from './cambios.js';
import { entradaHistorial } from './historial-repository.js';
import { paginaDeIndice, type Pagina } from './pagina.js';
import { cancellationCodes, transact } from './transact.js';
import { particionDeLista } from '@shared/tablas/proveedores.js';

/**
 * Every provider record, whichever table holds it: drivers are vehicle records (spec: conductores),
 * guides and operators live in `proveedores`. A provider's state is derived from its flags
 * (shared/domain/proveedores.ts) and kept on the record as the sparse key `estadoProveedor`; the item
 * `contadores` holds each list's count. Every change of state goes through `mover`, which writes the
 * record, both counters and the audit-trail entry in one transaction, on condition that the record
 * is still in the state it was read in: the counts cannot drift, and of two moves at once one wins.
 */
export type Proveedor = { tipo: 'conductor'; r: Vehiculo } | { tipo: 'guia'; r: Guia } | { tipo: 'operador'; r: Operador };

const CONTADORES = { id: 'contadores' } as const;
const tablaDe = (tipo: TipoProveedor) => tableName(tipo === 'conductor' ? 'vehiculos' : 'proveedores');

export const estadoDeProveedor = (p: Proveedor): EstadoProveedor | null => estadoDe(p.tipo, p.r);

/**
 * The attributes that change with every edit of a provider: the company's edit of a driver's vehicle
 * (`updatedAt`) and every `mover` (`actualizado`, which the provider apps' updates also go through).
 */
const VERSION = ['updatedAt', 'actualizado'] as const;
const versionCampo = (p: Proveedor, campo: (typeof VERSION)[number]) => (p.r as Partial<Record<string, unknown>>)[campo] as string | undefined;

/** Which edit of which record this is, for staff to validate what they saw (opaque to the console). */
export const versionDe = (p: Proveedor): string => [p.r.id, ...VERSION.map((campo) => versionCampo(p, campo) ?? '')].join('|');

/** The text the list filter searches: name, e-mail, phone, plates, company, RNT (lower case, no accents). */
export function busquedaDe(p: Proveedor): string {
  const { r } = p;
  const partes = [r.nombre, r.email, r.telefono, ...(p.tipo === 'conductor' ? [p.r.placas, p.r.empresa, p.r.marca, p.r.tipo, p.r.ciudad] : p.tipo === 'guia' ? [p.r.rnt] : [p.r.empresa])];
  return textoDeBusqueda(partes);
}

/** The index attributes a record carries for its flags (the key is absent when it is in no list). */
export function atributosDeEstado(p: Proveedor): { estadoProveedor?: string; busqueda: string } {
  const clave = claveEstado(p.tipo, estadoDeProveedor(p));
  return { ...(clave ? { estadoProveedor: clave } : {}), busqueda: busquedaDe(p) };
}

/** The counter update for a move between lists; null when the list does not change. */
export function contadoresItem(antes: string | null, despues: string | null) {
  if (antes === despues) return null;
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const partes: string[] = [];
  for (const [clave, delta] of [
    [antes, -1],
    [despues, 1],
  ] as const) {
    if (!clave) continue;
    const i = partes.length;
    names[`#c${i}`] = clave;
    values[`:d${i}`] = delta;
    partes.push(`#c${i} :d${i}`);
  }
  return { Update: { TableName: tableName('proveedores'), Key: CONTADORES, UpdateExpression: `ADD ${partes.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
}

/** Each list's count for these records: what the counters item holds when nothing has drifted. */
export function conteosDe(items: readonly Proveedor[]): Record<string, number> {
  const conteos: Record<string, number> = {};
  for (const p of items) {
    const clave = claveEstado(p.tipo, estadoDeProveedor(p));
    if (clave) conteos[clave] = (conteos[clave] ?? 0) + 1;
  }
  return conteos;
}

/** A stored item as a provider of this kind (null when it is another kind's); throws on a malformed record. */
export function leerProveedor(tipo: TipoProveedor, item: Record<string, unknown>): Proveedor | null {
  if (tipo === 'conductor') return typeof item.empresaAliada === 'string' && typeof item.placas === 'string' ? { tipo, r: vehiculoSchema.parse(item) } : null;
  if (item.tipo !== tipo) return null;
  const r = proveedorRegistroSchema.parse(item);
  return r.tipo === 'guia' ? { tipo: 'guia', r } : { tipo: 'operador', r };
}

/** Raised when the record changed between its read and a move (the caller reads again or answers 409). */
export class ProveedorCambio extends Error {
  override name = 'ProveedorCambio';
}

export const proveedorRepository = {
  async get(tipo: TipoProveedor, id: string): Promise<Proveedor | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tablaDe(tipo), Key: { id } }));
    return Item ? leerProveedor(tipo, Item) : null;
  },

  /** The kind of record an id names in the proveedores table ('contadores' for the counters), or null. */
  async tipoDeId(id: string): Promise<string | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('proveedores'), Key: { id }, ProjectionExpression: 'id, tipo' }));
    return Item ? String(Item.tipo ?? Item.id) : null;
  },

  /** Every list's count, from the counters item (one read, whatever the number of providers). */
  async conteos(): Promise<Record<ListaId, number>> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('proveedores'), Key: CONTADORES }));
    return Object.fromEntries(LISTAS_PROVEEDORES.map((l) => [l.id, Math.max(0, Number(Item?.[claveEstado(l.tipo, l.estado)!] ?? 0))])) as Record<ListaId, number>;
  },

  /** One page of a list, newest first (lambdas/data/pagina.ts). */
  pagina(
    lista: { tipo: TipoProveedor; estado: EstadoProveedor },
    opciones: { limite: number; cursor?: Record<string, unknown>; texto?: string; maxLeidos?: number },
  ): Promise<Pagina<Proveedor>> {
    const p = particionDeLista(lista.tipo, lista.estado);
    return paginaDeIndice({
      tabla: tablaDe(lista.tipo),
      indice: p.indice,
      clave: { nombre: p.atributo, valor: p.valor },
      descendente: true,
      ...opciones,
      claveDe: (p) => claveDeCursor(lista.tipo, p),
      leer: (item) => leerProveedor(lista.tipo, item),
    });
  },

  /**
   * Moves a provider: sets `cambios` on the record read as `antes`, on condition that its list has not
   * changed meanwhile (with `intacto`, on condition that nothing of it changed; with `condicion`, more),
   * with the counters and the trail entry, in one transaction. Returns the record after;
   * `ProveedorCambio` when the condition failed.
   */
  async mover(
    antes: Proveedor,
    cambios: Record<string, unknown>,
    registro: { accion: Accion; quien: Quien; antes: EntradaHistorial['antes']; despues: EntradaHistorial['despues'] },
    now: Date,
    opciones: { condicion?: { expresion: string; nombres?: Record<string, string>; valores?: Record<string, unknown> }; quitar?: string[]; intacto?: boolean } = {},
  ): Promise<Proveedor> {
    const { condicion, quitar = [], intacto = false } = opciones;
    const actualizado = now.toISOString();
    const r = { ...antes.r, ...cambios, actualizado } as Record<string, unknown>;
    for (const campo of quitar) delete r[campo];
    const despues = { tipo: antes.tipo, r } as Proveedor;
    const claveAntes = claveEstado(antes.tipo, estadoDeProveedor(antes));
    const { estadoProveedor, busqueda } = atributosDeEstado(despues);
    const sets = Object.entries({ ...cambios, actualizado, busqueda, ...(estadoProveedor ? { estadoProveedor } : {}) });
    const names: Record<string, string> = Object.fromEntries(sets.map(([k], i) => [`#s${i}`, k]));
    const values: Record<string, unknown> = Object.fromEntries(sets.map(([, v], i) => [`:s${i}`, v]));
    names['#estado'] = 'estadoProveedor';
    quitar.forEach((campo, i) => (names[`#q${i}`] = campo));
    const remove = [...(estadoProveedor ? [] : ['#estado']), ...quitar.map((_, i) => `#q${i}`)];
    let update = `SET ${sets.map((_, i) => `#s${i} = :s${i}`).join(', ')}`;
    if (remove.length) update += ` REMOVE ${remove.join(', ')}`;
    let condition = claveAntes ? '#estado = :antes' : 'attribute_exists(id) AND attribute_not_exists(#estado)';
    if (claveAntes) values[':antes'] = claveAntes;
    if (intacto)
      VERSION.forEach((campo, i) => {
        const visto = versionCampo(antes, campo);
        names[`#v${i}`] = campo;
        if (visto) values[`:v${i}`] = visto;
        condition += visto ? ` AND #v${i} = :v${i}` : ` AND attribute_not_exists(#v${i})`;
      });
    if (condicion) {
      condition += ` AND (${condicion.expresion})`;
      Object.assign(names, condicion.nombres);
      Object.assign(values, condicion.valores);
    }
    const contadores = contadoresItem(claveAntes, estadoProveedor ?? null);
    try {
      await transact({
        TransactItems: [
          { Update: { TableName: tablaDe(antes.tipo), Key: { id: antes.r.id }, UpdateExpression: update, ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values } },
          ...(contadores ? [contadores] : []),
          entradaHistorial(sujetoProveedor(antes.tipo, antes.r.id), registro.accion, registro.quien, registro.antes, registro.despues, now),
        ],
      });
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') throw new ProveedorCambio();
      throw err;
    }
    // A driver's validation changes its company's fleet list and what it may be assigned to.
    if (antes.tipo === 'conductor') await registroDeCambios.anunciar({ tipo: 'empresa', id: antes.r.empresaAliada });
    return despues;
  },

  /**
   * A guide or operator registered by its app: the record (on condition that it does not exist yet),
   * its counter and the trail entry together. `ProveedorCambio` when the id is taken.
   */
  async crear(r: Guia | Operador, quien: Quien, now: Date): Promise<void> {
    const p = (r.tipo === 'guia' ? { tipo: 'guia', r } : { tipo: 'operador', r }) as Proveedor;
    const attrs = atributosDeEstado(p);
    const contadores = contadoresItem(null, attrs.estadoProveedor ?? null);
    try {
      await transact({
        TransactItems: [
          { Put: { TableName: tableName('proveedores'), Item: { ...r, ...attrs }, ConditionExpression: 'attribute_not_exists(id)' } },
          ...(contadores ? [contadores] : []),
          entradaHistorial(sujetoProveedor(r.tipo, r.id), 'registro', quien, {}, { lista: listaDe(r.tipo, estadoDeProveedor(p))?.titulo ?? 'Sin lista' }, now),
        ],
      });
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') throw new ProveedorCambio();
      throw err;
    }
  },
};

/** The index key of an item, to go on after it. */
function claveDeCursor(tipo: TipoProveedor, p: Proveedor): Record<string, unknown> {
  return { id: p.r.id, estadoProveedor: claveEstado(tipo, estadoDeProveedor(p)), fechaCreacion: p.r.fechaCreacion };
}

/** The list a provider is in, as the trail records it. */
export const listaTexto = (p: Proveedor) => listaDe(p.tipo, estadoDeProveedor(p))?.titulo ?? 'Sin lista';
