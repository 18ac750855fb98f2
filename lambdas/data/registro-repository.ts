import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isExpired } from '@shared/domain/trips.js';
import type { Registro } from '@shared/schemas/auth.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

/** An account made but not confirmed (docs/decisions/0010) is kept a week, then forgotten. */
const REGISTRO_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A code lives a day, and may be tried this many times. */
export const CODIGO_VIGENCIA_S = 24 * 60 * 60;
export const CODIGO_INTENTOS = 5;

/** A company's new admin whose account waits for its code, with the company's data (staff are invited instead: docs/decisions/0011). */
export type Pendiente = { email: string; sub: string; tipo: 'empresa'; registro: Registro };
export type RegistroItem = Pendiente & { codigo: string; intentos: number; codigoHasta: number; expiresAt: number };

/** Codes are kept hashed with their address: a reader of the table learns no code. */
const huella = (email: string, codigo: string) => createHash('sha256').update(`${email.toLowerCase()}:${codigo}`).digest('hex');
const clave = (email: string) => ({ email: email.toLowerCase() });

/** An update of a waiting account under `condicion`: the account as it is after, or null when none waits or the condition fails. */
async function siEspera(email: string, update: string, condicion: string, valores: Record<string, unknown>): Promise<RegistroItem | null> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName('registros'),
        Key: clave(email),
        UpdateExpression: update,
        ConditionExpression: `attribute_exists(email) AND ${condicion}`,
        ...(condicion.includes('#sub') ? { ExpressionAttributeNames: { '#sub': 'sub' } } : {}),
        ExpressionAttributeValues: valores,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as RegistroItem;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}

/** Accounts waiting for their e-mail's code, keyed by e-mail (table `registros`). */
export const registroRepository = {
  /** A new account's wait, with its first code; a later sign-up of the same address replaces it. */
  async guardar(p: Pendiente, codigo: string, now = new Date()): Promise<void> {
    const s = Math.floor(now.getTime() / 1000);
    const item: RegistroItem = { ...p, email: p.email.toLowerCase(), codigo: huella(p.email, codigo), intentos: 0, codigoHasta: s + CODIGO_VIGENCIA_S, expiresAt: s + REGISTRO_TTL_SECONDS };
    await ddb().send(new PutCommand({ TableName: tableName('registros'), Item: item }));
  },

  /**
   * A new code for the account `sub` when it waits under this address (its tries start again): the
   * account, or null. By sub as well: a token's e-mail claim is the user's to change, its sub is not.
   */
  nuevoCodigo(email: string, sub: string, codigo: string, now = new Date()): Promise<RegistroItem | null> {
    const s = Math.floor(now.getTime() / 1000);
    return siEspera(email, 'SET codigo = :c, intentos = :cero, codigoHasta = :hasta', 'expiresAt > :ahora AND #sub = :sub', {
      ':c': huella(email, codigo), ':cero': 0, ':hasta': s + CODIGO_VIGENCIA_S, ':ahora': s, ':sub': sub,
    });
  },

  async get(email: string, now = new Date()): Promise<RegistroItem | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('registros'), Key: clave(email), ConsistentRead: true }));
    return Item && !isExpired(Item as RegistroItem, now) ? (Item as RegistroItem) : null;
  },

  /**
   * Checks a code, counting the try: the waiting account when it matches, a refusal otherwise ('vencido'
   * once the code expired or its tries are spent, so a new one must be asked for).
   */
  async comprobar(email: string, sub: string, codigo: string, now = new Date()): Promise<RegistroItem | 'incorrecto' | 'vencido'> {
    const s = Math.floor(now.getTime() / 1000);
    // The try is counted before the comparison, in one conditional write: guesses at once cannot pass
    // the limit, and only the account itself (its sub) spends them.
    const item = await siEspera(email, 'ADD intentos :uno', 'intentos < :max AND codigoHasta >= :ahora AND expiresAt > :ahora AND #sub = :sub', { ':uno': 1, ':max': CODIGO_INTENTOS, ':ahora': s, ':sub': sub });
    if (item) return item.codigo === huella(email, codigo) ? item : 'incorrecto';
    return (await registroRepository.get(email, now))?.sub === sub ? 'vencido' : 'incorrecto';
  },

  async borrar(email: string): Promise<void> {
    await ddb().send(new DeleteCommand({ TableName: tableName('registros'), Key: clave(email) }));
  },

  /** The delete that goes in the same transaction as the company it founded. */
  deleteCommand(email: string) {
    return { TableName: tableName('registros'), Key: clave(email) };
  },
};
