import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { usuarioSchema, type Usuario } from '@shared/schemas/empresa.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { cambios } from './cambios.js';
import { queryAll } from './query-all.js';
import { replaceAttribute } from './replace-attribute.js';
import { indice } from '@shared/tables.js';

export type DatosPersonales = Pick<Usuario, 'nombres' | 'apellidos' | 'movil'> & { puesto?: string };

/**
 * Every write to a signed-in user's record logs the change (`cambios`), so the copies the API keeps
 * per container for authentication (`getCached`) are dropped. New records and accounts that never
 * signed in (unconfirmed staff) are never cached, so their writes log nothing.
 */
const cached = cambios.cache<Usuario | null>('usuario');

/** Console users: one item per Cognito sub. */
export const usuarioRepository = {
  /** Who receives one recipient key's expiry alerts (a company's id, or 'plataforma'): the sparse index `porAvisos`. */
  conAvisos(destino: string): Promise<{ email: string; nombres: string }[]> {
    return queryAll(
      {
        TableName: tableName('usuarios'),
        IndexName: indice('usuarios', 'porAvisos'),
        KeyConditionExpression: 'avisos = :d',
        FilterExpression: 'attribute_not_exists(activo) OR activo = :si',
        ExpressionAttributeValues: { ':d': destino, ':si': true },
        ProjectionExpression: 'email, nombres',
      },
      (i) => ({ email: String(i.email), nombres: String(i.nombres ?? '') }),
    );
  },

  async get(id: string): Promise<Usuario | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('usuarios'), Key: { id } }));
    return Item ? usuarioSchema.parse(Item) : null;
  },

  /** The record as this container last read it (at most a second behind a change elsewhere). */
  getCached(id: string): Promise<Usuario | null> {
    return cached.get(id, () => this.get(id));
  },

  /** A new user record; never overwrites one (a second registration of the same sub fails). */
  async create(usuario: Usuario): Promise<void> {
    await ddb().send(new PutCommand({ TableName: tableName('usuarios'), Item: usuario, ConditionExpression: 'attribute_not_exists(id)' }));
  },

  /** A staff member's record, in one transaction with the invitation it comes from (docs/decisions/0011), used up with it. */
  async createFromInvitation(usuario: Usuario, consumida: { TableName: string; Key: Record<string, string>; ConditionExpression: string }): Promise<void> {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName('usuarios'), Item: usuario, ConditionExpression: 'attribute_not_exists(id)' } },
          { Delete: consumida },
        ],
      }),
    );
  },

  /** The personal part of the profile; saving it marks the user's profile done. An absent puesto is kept. */
  updatePersonalCommand(id: string, datos: DatosPersonales) {
    const withPuesto = datos.puesto !== undefined;
    return {
      TableName: tableName('usuarios'),
      Key: { id },
      UpdateExpression: `SET nombres = :n, apellidos = :a, movil = :m, perfil = :t${withPuesto ? ', puesto = :p' : ''}`,
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeValues: {
        ':n': datos.nombres,
        ':a': datos.apellidos,
        ':m': datos.movil,
        ':t': true,
        ...(withPuesto ? { ':p': datos.puesto } : {}),
      },
    };
  },

  /** Into the expiry alerts' recipients under `destino`, or out of them (null). */
  async setAvisos(id: string, destino: string | null): Promise<void> {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('usuarios'),
        Key: { id },
        UpdateExpression: destino ? 'SET avisos = :d' : 'REMOVE avisos',
        ConditionExpression: 'attribute_exists(id)',
        ...(destino ? { ExpressionAttributeValues: { ':d': destino } } : {}),
      }),
    );
    await cambios.anunciar({ tipo: 'usuario', id });
  },

  async savePersonal(id: string, datos: DatosPersonales): Promise<void> {
    await ddb().send(new UpdateCommand(this.updatePersonalCommand(id, datos)));
    await cambios.anunciar({ tipo: 'usuario', id });
  },

  /** The staff account's e-mail was confirmed: it leaves the sweep's index, and the API takes its tokens. */
  async markConfirmed(id: string): Promise<void> {
    await ddb().send(new UpdateCommand({ TableName: tableName('usuarios'), Key: { id }, UpdateExpression: 'REMOVE confirmacion', ConditionExpression: 'attribute_exists(id)' }));
    await cambios.anunciar({ tipo: 'usuario', id });
  },

  /** Whether the company has a user with this (lower-case) e-mail: one key of its index, nothing else read. */
  async enEmpresa(empresaId: string, email: string): Promise<boolean> {
    const items = await queryAll(
      {
        TableName: tableName('usuarios'),
        IndexName: indice('usuarios', 'byEmpresa'),
        KeyConditionExpression: 'empresaId = :e AND email = :m',
        ExpressionAttributeValues: { ':e': empresaId, ':m': email },
        ProjectionExpression: 'id',
      },
      () => 1,
    );
    return items.length > 0;
  },

  /** Staff accounts still unconfirmed that were made before `before` (sparse index: nobody else is read). */
  listUnconfirmedBefore(before: string): Promise<Usuario[]> {
    return queryAll(
      {
        TableName: tableName('usuarios'),
        IndexName: indice('usuarios', 'porConfirmar'),
        KeyConditionExpression: 'confirmacion = :p AND creadoEn < :before',
        ExpressionAttributeValues: { ':p': 'pendiente', ':before': before },
      },
      (i) => usuarioSchema.parse(i),
    );
  },

  /** Removes a record that is still unconfirmed (a confirmation meanwhile keeps it). */
  async deleteUnconfirmed(id: string): Promise<boolean> {
    try {
      await ddb().send(new DeleteCommand({ TableName: tableName('usuarios'), Key: { id }, ConditionExpression: 'confirmacion = :p', ExpressionAttributeValues: { ':p': 'pendiente' } }));
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },

  /** Sets the profile photo key and returns the previous one (to delete its object). */
  async setFotoPerfil(id: string, key: string): Promise<string | null> {
    const previa = await replaceAttribute<string | null>('usuarios', id, 'fotoPerfil', key);
    await cambios.anunciar({ tipo: 'usuario', id });
    return previa ?? null;
  },
};
