import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isExpired } from '@shared/domain/trips.js';
import type { Registro } from '@shared/schemas/auth.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

/** Longer than Cognito's confirmation code lives, since a new code can be asked for. */
const REGISTRO_TTL_SECONDS = 7 * 24 * 60 * 60;

export type RegistroItem = Registro & { expiresAt: number };

/** Self sign-ups between PreSignUp and PostConfirmation, keyed by e-mail. */
export const registroRepository = {
  /** The latest attempt wins: each one passed the authorization key. */
  async put(registro: Registro, now = new Date()): Promise<void> {
    const item: RegistroItem = { ...registro, expiresAt: Math.floor(now.getTime() / 1000) + REGISTRO_TTL_SECONDS };
    await ddb().send(new PutCommand({ TableName: tableName('registros'), Item: item }));
  },

  async get(email: string, now = new Date()): Promise<RegistroItem | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('registros'), Key: { email: email.toLowerCase() }, ConsistentRead: true }));
    return Item && !isExpired(Item as RegistroItem, now) ? (Item as RegistroItem) : null;
  },

  /** The delete that goes in the same transaction as the company it founded. */
  deleteCommand(email: string) {
    return { TableName: tableName('registros'), Key: { email: email.toLowerCase() } };
  },
};
