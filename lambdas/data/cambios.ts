import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { queryAll } from './query-all.js';
import { ttlCache } from './ttl-cache.js';
import { logger } from '../logger.js';

/**
 * What every request reads (the caller's user and company records, the company's part of the map)
 * is kept per Lambda container for minutes, so DynamoDB reads do not grow with signed-in users. A
 * write to one of those records logs a change here; each container reads the log at most once a
 * second (one query, usually empty, shared by all its requests) and drops what changed. A change
 * made in this container is dropped at once; in the others within about a second.
 */
export type Cambio = { tipo: 'usuario' | 'empresa'; id: string };

const CANAL = 'caches';
/** How often a container reads the log (its requests in between share the last look). */
export const SINCRONIZAR_MS = 1000;
/** Each look starts this far before the last one: clocks of the writing containers may run behind. */
const MARGEN_MS = 2000;
/** Log entries outlive any cached record, so no container misses one that still matters. */
const VIDA_S = 3600;
/** The longest a cached record is kept, in case a change could not be logged (see `anunciar`). */
export const CACHE_REGISTROS_MS = 5 * 60_000;

const oyentes = new Set<(c: Cambio) => void>();
const todas = new Set<{ forget(key?: string): void }>();
const emitir = (c: Cambio) => oyentes.forEach((fn) => fn(c));

/** The log entry of a change (also written by ops scripts that edit records outside the API). */
export function cambioItem(c: Cambio, now = new Date()) {
  return { canal: CANAL, marca: `${now.toISOString()}#${c.tipo}#${c.id}#${randomUUID().slice(0, 8)}`, tipo: c.tipo, id: c.id, expiresAt: Math.floor(now.getTime() / 1000) + VIDA_S };
}

let desde = Date.now();
let ultima = 0;
let enCurso: Promise<void> | null = null;

async function leerLog(): Promise<void> {
  const inicio = Date.now();
  try {
    const nuevos = await queryAll(
      {
        TableName: tableName('cambios'),
        KeyConditionExpression: 'canal = :c AND marca > :d',
        ExpressionAttributeValues: { ':c': CANAL, ':d': new Date(desde - MARGEN_MS).toISOString() },
        ProjectionExpression: 'tipo, id',
      },
      (i) => i as Cambio,
    );
    nuevos.forEach(emitir);
    desde = inicio;
  } catch (err) {
    // Without the log nothing cached can be trusted: start again from the records themselves.
    logger.error('No se pudo leer el registro de cambios', { error: err as Error });
    todas.forEach((c) => c.forget());
  }
}

export const cambios = {
  /** Records changes: this container forgets them now, the others on their next look at the log. */
  async anunciar(...lista: Cambio[]): Promise<void> {
    lista.forEach(emitir);
    // The record is already written: a log entry that fails is reported, not the user's request;
    // other containers then keep the old record for at most CACHE_REGISTROS_MS.
    await Promise.all(
      lista.map((c) => ddb().send(new PutCommand({ TableName: tableName('cambios'), Item: cambioItem(c) })).catch((err: unknown) => logger.error('No se pudo registrar el cambio', { cambio: c, error: err as Error }))),
    );
  },

  /** Brings this container's caches up to date (at most one read of the log a second). */
  sincronizar(): Promise<void> {
    if (enCurso) return enCurso;
    if (Date.now() - ultima < SINCRONIZAR_MS) return Promise.resolve();
    ultima = Date.now();
    enCurso = leerLog().finally(() => (enCurso = null));
    return enCurso;
  },

  /**
   * A per-container cache of records of one kind, dropped when the log names them. Absent records
   * are not kept (the next request looks again).
   */
  cache<V>(tipo: Cambio['tipo'], ttlMs = CACHE_REGISTROS_MS) {
    const cache = ttlCache<V>(ttlMs);
    todas.add(cache);
    oyentes.add((c) => {
      if (c.tipo !== tipo) return;
      cache.forget(c.id);
    });
    return {
      async get(id: string, load: () => Promise<V>): Promise<V> {
        const value = await cache.get(id, load);
        if (value === null || value === undefined) cache.forget(id);
        return value;
      },
      forget: (id?: string) => cache.forget(id),
    };
  },
};
