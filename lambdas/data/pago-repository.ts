import type { PagoConductor } from '@shared/domain/pagos.js';
import type { CuentaDestino } from '@shared/schemas/pagos.js';
import { textoDeBusqueda } from '@shared/domain/proveedores.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import type { Service } from '@shared/schemas/service.js';
import { tableName } from '../adapters/clients/dynamodb.js';
import { batchGetAll } from './batch-get.js';
import { queryAll } from './query-all.js';
import { paginaDeIndice, type Pagina } from './pagina.js';
import { particionDeTipo } from '@shared/tablas/pagos.js';

/**
 * The payments ledger (table `pagos`): one row per payment, keyed by what it pays, put in the same
 * transaction as the flag it sets and only if absent, so nothing is paid twice.
 */
export type Movimiento = {
  id: string;
  tipo: 'pago-cliente' | PagoConductor | 'recompensa';
  monto: number;
  /** The day it was paid, 'YYYY-MM-DD' in Bogotá. */
  fecha: string;
  referencia: string;
  /** Storage key of the receipt, if any. */
  comprobante?: string;
  registradoPor: string;
  registradoEn: string;
  servicioId?: string;
  vehiculoId?: string;
  empresaAliada?: string;
  /** A payout: the account it went to, as it was when registered. */
  cuentaDestino?: CuentaDestino;
  /** A client payment: how it was paid. */
  metodo?: string;
  /** A reward: what its list is searched by (the vehicle, its driver and company, the reference), normalized. */
  busqueda?: string;
};

export const idMovimiento = {
  pagoCliente: (servicioId: string) => `pago-cliente#${servicioId}`,
  conductor: (tipo: PagoConductor, servicioId: string) => `${tipo}#${servicioId}`,
  recompensa: (vehiculoId: string) => `recompensa#${vehiculoId}`,
  /** An ePayco transaction seen (accepted or refused), so its replay changes nothing. */
  epayco: (refPayco: string) => `epayco#${refPayco}`,
};

/** The client's payment as validated: the ledger row of the whole offer's value. */
export function pagoDelCliente(s: Service, referencia: string, registradoPor: string, now: Date, comprobante?: string): Movimiento {
  return {
    id: idMovimiento.pagoCliente(s.id),
    tipo: 'pago-cliente',
    monto: s.valorOferta ?? 0,
    fecha: hoyEnBogota(now),
    referencia,
    ...(comprobante ? { comprobante } : {}),
    registradoPor,
    registradoEn: now.toISOString(),
    servicioId: s.id,
    empresaAliada: s.empresaAliada,
    metodo: s.metodoPago ?? undefined,
  };
}

type Nombrado = { placas: string; nombre: string };

/** What a paid reward is searched by: the vehicle, its driver, its companies (allied and affiliating), its referrer and the payment's reference. */
export const busquedaDeRecompensa = (v: Nombrado & { empresa: string }, nombreEmpresaAliada: string, referencia: string, referente: Nombrado | null | undefined): string =>
  textoDeBusqueda([v.placas, v.nombre, nombreEmpresaAliada, v.empresa, referente?.nombre, referente?.placas, referencia]);

export const movimientoPut = (m: Movimiento | Record<string, unknown>) => ({
  Put: { TableName: tableName('pagos'), Item: m, ConditionExpression: 'attribute_not_exists(id)' },
});

type OpcionesPagina = { limite: number; cursor?: Record<string, unknown>; texto?: string };

/** A page of the ledger's rows of one kind, latest registered first (index `porTipo`). */
const paginaDeTipo = <T extends Record<string, unknown>>(tipo: string, opciones: OpcionesPagina, leer: (item: Record<string, unknown>) => T): Promise<Pagina<T>> => {
  const p = particionDeTipo(tipo);
  return paginaDeIndice({
    tabla: tableName('pagos'),
    indice: p.indice,
    clave: { nombre: p.atributo, valor: p.valor },
    descendente: true,
    ...opciones,
    claveDe: (m) => ({ id: m.id, tipo: m.tipo, registradoEn: m.registradoEn }),
    leer,
  });
};

/** The ledger's kinds of an ePayco charge that did not apply: still to refund, and refunded (index `porTipo`). */
export const TIPO_POR_REEMBOLSAR = 'cobro-sin-aplicar';
export const TIPO_REEMBOLSADO = 'cobro-reembolsado';

export const pagoRepository = {
  /** The ledger rows with these ids (the payments of one service or vehicle), those that exist. */
  async get(ids: readonly string[]): Promise<Movimiento[]> {
    if (ids.length === 0) return [];
    const items = (await batchGetAll(tableName('pagos'), ids)) as Movimiento[];
    return ids.flatMap((id) => items.filter((m) => m.id === id));
  },

  /** A page of the ePayco charges still to refund, latest first (index `porTipo`): only what is owed is read. */
  porReembolsar: (opciones: OpcionesPagina): Promise<Pagina<Record<string, unknown>>> => paginaDeTipo(TIPO_POR_REEMBOLSAR, opciones, (item) => item),

  /** How many charges wait for their refund (their index partition only). */
  async contarPorReembolsar(): Promise<number> {
    const items = await queryAll(
      { TableName: tableName('pagos'), IndexName: particionDeTipo(TIPO_POR_REEMBOLSAR).indice, KeyConditionExpression: 'tipo = :t', ExpressionAttributeValues: { ':t': TIPO_POR_REEMBOLSAR }, ProjectionExpression: 'id' },
      () => 1,
    );
    return items.length;
  },

  /** The ledger row with this id, whatever its kind. */
  async fila(id: string): Promise<Record<string, unknown> | null> {
    return (await batchGetAll(tableName('pagos'), [id]))[0] ?? null;
  },

  /** A page of the payments of one kind, latest registered first (index `porTipo`). */
  porTipo: (tipo: Movimiento['tipo'], opciones: OpcionesPagina): Promise<Pagina<Movimiento>> => paginaDeTipo(tipo, opciones, (item) => item as Movimiento),
};
