import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { timingSafeEqual } from 'node:crypto';
import { config } from '../config.js';

let cachedKey: Promise<string> | undefined;

/** The sign-up authorization key: Secrets Manager in AWS (cached per container), an env value locally. */
function signUpKey(): Promise<string> {
  const source = config().signUpKey;
  if (!source) return Promise.reject(new Error('La clave de autorización no está configurada'));
  if ('value' in source) return Promise.resolve(source.value);
  cachedKey ??= new SecretsManagerClient({ region: config().region })
    .send(new GetSecretValueCommand({ SecretId: source.secretArn }))
    .then((r) => {
      if (!r.SecretString) throw new Error('El secreto de la clave de autorización está vacío');
      return r.SecretString;
    });
  return cachedKey;
}

export async function isValidSignUpKey(candidate: unknown): Promise<boolean> {
  if (typeof candidate !== 'string' || candidate.length === 0) return false;
  const expected = Buffer.from(await signUpKey());
  const given = Buffer.from(candidate);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
