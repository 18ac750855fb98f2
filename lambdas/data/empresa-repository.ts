import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CORPORATE_PHOTO_SLOTS, empresaSchema, type Empresa, type Usuario } from '@shared/schemas/empresa.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { batchGetAll } from './batch-get.js';
import { cambios } from './cambios.js';
import { queryAll } from './query-all.js';
import { replaceAttribute } from './replace-attribute.js';
import { usuarioRepository, type DatosPersonales } from './usuario-repository.js';
import { indice } from '@shared/tables.js';

export type DatosEmpresa = Pick<Empresa, 'empresa' | 'ciudad' | 'departamento' | 'pais' | 'direccion' | 'banco' | 'tipocuenta' | 'cuenta' | 'titular' | 'rut'>;

/**
 * Every write to a company record logs the change (`cambios`), so the copies the API keeps per
 * container for the checks of every request (`getCached`) are dropped. A new record needs none:
 * absent records are never cached.
 */
const cached = cambios.cache<Empresa | null>('empresa');

/** Every company carries it: the `porNombre` index lists them all by name (marketplace staff's filter). */
export const DIRECTORIO = 'empresas';

export const empresaRepository = {
  /** Every company's id and name, by name (one indexed query; bounded by the number of companies). */
  directorio(): Promise<{ id: string; empresa: string }[]> {
    return queryAll(
      {
        TableName: tableName('empresas'),
        IndexName: indice('empresas', 'porNombre'),
        KeyConditionExpression: 'directorio = :d',
        ExpressionAttributeValues: { ':d': DIRECTORIO },
        ProjectionExpression: 'id, empresa',
      },
      (i) => ({ id: String(i.id), empresa: String(i.empresa ?? '') }),
    );
  },

  /** The names of these companies, by id, in one batched read (a page's worth of rows). */
  async nombres(ids: readonly string[]): Promise<Map<string, string>> {
    const items = ids.length ? await batchGetAll(tableName('empresas'), ids, { proyeccion: 'id, empresa' }) : [];
    return new Map(items.map((i) => [String(i.id), String(i.empresa ?? '')]));
  },

  async get(id: string): Promise<Empresa | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('empresas'), Key: { id } }));
    return Item ? empresaSchema.parse(Item) : null;
  },

  /** The record as this container last read it (at most a second behind a change elsewhere). */
  getCached(id: string): Promise<Empresa | null> {
    return cached.get(id, () => this.get(id));
  },

  /**
   * A new company and its first user in one transaction, so a retry or a race can never leave a
   * user without company or create either twice.
   */
  async createWithFirstUser(empresa: Empresa, usuario: Usuario, consumed: { TableName: string; Key: Record<string, string> }): Promise<void> {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName('empresas'), Item: { ...empresa, directorio: DIRECTORIO }, ConditionExpression: 'attribute_not_exists(id)' } },
          { Put: { TableName: tableName('usuarios'), Item: usuario, ConditionExpression: 'attribute_not_exists(id)' } },
          // The sign-up data it was founded from, used up with it.
          { Delete: consumed },
        ],
      }),
    );
  },

  /** An admin's profile save: personal and company parts together, or neither. */
  async saveAdminProfile(usuarioId: string, personal: DatosPersonales, empresaId: string, datos: DatosEmpresa): Promise<void> {
    const names = Object.keys(datos) as (keyof DatosEmpresa)[];
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: usuarioRepository.updatePersonalCommand(usuarioId, personal) },
          {
            Update: {
              TableName: tableName('empresas'),
              Key: { id: empresaId },
              UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}, perfil = :t`,
              ConditionExpression: 'attribute_exists(id)',
              ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
              ExpressionAttributeValues: { ...Object.fromEntries(names.map((n) => [`:${n}`, datos[n]])), ':t': true },
            },
          },
        ],
      }),
    );
    await cambios.anunciar({ tipo: 'usuario', id: usuarioId }, { tipo: 'empresa', id: empresaId });
  },

  /** Sets the logo key and returns the previous one. */
  async setLogo(id: string, key: string): Promise<string | null> {
    const previo = await replaceAttribute<string | null>('empresas', id, 'logo', key);
    await cambios.anunciar({ tipo: 'empresa', id });
    return previo ?? null;
  },

  /** Replaces the corporate gallery (five slots) and returns the previous keys. */
  async setFotosCorporativas(id: string, keys: string[]): Promise<string[]> {
    const previas = await replaceAttribute<string[]>('empresas', id, 'fotosCorporativas', keys);
    await cambios.anunciar({ tipo: 'empresa', id });
    return previas ?? [];
  },

  /**
   * Changes the gallery from its current slots, written only if nobody changed it meanwhile (two
   * admins adding at once must not both take the same free slot); re-read and retried on a clash.
   * `change` may throw to refuse (gallery full, photo gone). The new slots, or null when the clashes
   * never stop.
   */
  async changeFotosCorporativas(id: string, change: (slots: string[]) => string[]): Promise<string[] | null> {
    for (let attempt = 0; attempt < GALLERY_ATTEMPTS; attempt++) {
      const { Item } = await ddb().send(
        new GetCommand({ TableName: tableName('empresas'), Key: { id }, ConsistentRead: true, ProjectionExpression: 'id, fotosCorporativas' }),
      );
      // Callers come from a user record that points to its company: a missing one is a broken record.
      if (!Item) throw new Error(`La empresa ${id} no existe`);
      const stored = Item.fotosCorporativas as string[] | undefined;
      const after = change(stored ?? Array<string>(CORPORATE_PHOTO_SLOTS).fill(''));
      try {
        await ddb().send(
          new UpdateCommand({
            TableName: tableName('empresas'),
            Key: { id },
            UpdateExpression: 'SET #f = :after',
            ConditionExpression: stored ? '#f = :before' : 'attribute_exists(id) AND attribute_not_exists(#f)',
            ExpressionAttributeNames: { '#f': 'fotosCorporativas' },
            ExpressionAttributeValues: { ':after': after, ...(stored ? { ':before': stored } : {}) },
          }),
        );
        await cambios.anunciar({ tipo: 'empresa', id });
        return after;
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
      }
    }
    return null;
  },
};

const GALLERY_ATTEMPTS = 5;
