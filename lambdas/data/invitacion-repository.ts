import { createHash, randomUUID, scrypt, timingSafeEqual, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { INVITACION_DIAS } from '@shared/constants.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';

/** Wrong passwords one invitation's link may be tried with before it stops working. */
export const INVITACION_INTENTOS = 5;

/**
 * A staff invitation of internal registration (docs/decisions/0011). `enlace` and `contrasena` are
 * absent on the one answered for an address with an account elsewhere: it only holds the company's
 * answer (a repeat is a 409, as for any invitation) and can never be validated.
 */
export type Invitacion = {
  clave: string;
  /** What `POST /usuarios` answered as the new user's id. */
  id: string;
  empresaId: string;
  email: string;
  /** The link's token, hashed. */
  enlace?: string;
  contrasena?: string;
  intentos: number;
  creadaEn: string;
  expiresAt: number;
};

const clave = (empresaId: string, email: string) => `${empresaId}#${email.toLowerCase()}`;
/** The link's token is 256 random bits: a plain hash keeps it unreadable in the table. */
const huellaToken = (token: string) => createHash('sha256').update(token).digest('hex');
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
/** The password the admin chose, as a salted scrypt hash (`salt.hash`, base64url), until it becomes the account's. */
async function huellaContrasena(password: string, sal = randomBytes(16)): Promise<string> {
  return `${sal.toString('base64url')}.${(await scryptAsync(password, sal, 32)).toString('base64url')}`;
}

/** Staff invitations waiting for their link (table `invitaciones`), keyed `<empresaId>#<e-mail>`. */
export const invitacionRepository = {
  /** A new link's token: 256 random bits, sent only in the e-mail (the table keeps its hash). */
  nuevoToken: () => randomBytes(32).toString('base64url'),

  /**
   * The company's invitation of an address: with the link's token and the password, or without them
   * (`token` null: an address with an account elsewhere). Null when one of the company's is still live for it.
   */
  async crear(empresaId: string, email: string, password: string, token: string | null, now = new Date()): Promise<Invitacion | null> {
    const s = Math.floor(now.getTime() / 1000);
    // Hashed whether kept or not: the work (about 50 ms) must not tell the two kinds of address apart.
    const contrasena = await huellaContrasena(password);
    const item: Invitacion = {
      clave: clave(empresaId, email),
      id: randomUUID(),
      empresaId,
      email: email.toLowerCase(),
      ...(token ? { enlace: huellaToken(token), contrasena } : {}),
      intentos: 0,
      creadaEn: now.toISOString(),
      expiresAt: s + INVITACION_DIAS * 24 * 60 * 60,
    };
    try {
      // A live one stays (the repeat is the caller's 409); an expired or used-up one is replaced.
      await ddb().send(
        new PutCommand({
          TableName: tableName('invitaciones'),
          Item: item,
          ConditionExpression: 'attribute_not_exists(clave) OR expiresAt <= :ahora OR intentos >= :max',
          ExpressionAttributeValues: { ':ahora': s, ':max': INVITACION_INTENTOS },
        }),
      );
      return item;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return null;
      throw err;
    }
  },

  /**
   * The link is opened: counts a try when its token matches a live invitation (one conditional write,
   * so tries at once cannot pass the limit, and nobody without the link can spend them). The
   * invitation after the try, or null.
   */
  async usar(empresaId: string, email: string, token: string, now = new Date()): Promise<Invitacion | null> {
    try {
      const { Attributes } = await ddb().send(
        new UpdateCommand({
          TableName: tableName('invitaciones'),
          Key: { clave: clave(empresaId, email) },
          UpdateExpression: 'ADD intentos :uno',
          ConditionExpression: 'enlace = :t AND intentos < :max AND expiresAt > :ahora',
          ExpressionAttributeValues: { ':uno': 1, ':t': huellaToken(token), ':max': INVITACION_INTENTOS, ':ahora': Math.floor(now.getTime() / 1000) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as Invitacion;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return null;
      throw err;
    }
  },

  /** Whether the password is the one the admin chose (compared in constant time). */
  async contrasenaCorrecta(inv: Invitacion, password: string): Promise<boolean> {
    const [sal, hash] = (inv.contrasena ?? '').split('.');
    if (!sal || !hash) return false;
    const calculada = (await huellaContrasena(password, Buffer.from(sal, 'base64url'))).split('.')[1]!;
    return calculada.length === hash.length && timingSafeEqual(Buffer.from(calculada), Buffer.from(hash));
  },

  async borrar(empresaId: string, email: string): Promise<void> {
    await ddb().send(new DeleteCommand({ TableName: tableName('invitaciones'), Key: { clave: clave(empresaId, email) } }));
  },

  /** The delete that goes in the same transaction as the user record the invitation became (it must still be there). */
  deleteCommand(empresaId: string, email: string) {
    return { TableName: tableName('invitaciones'), Key: { clave: clave(empresaId, email) }, ConditionExpression: 'attribute_exists(clave)' };
  },
};
