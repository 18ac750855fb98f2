import { timingSafeEqual } from 'node:crypto';
import { config } from '../config.js';

/** A secret's source: the Secrets Manager secret's ARN in AWS, the value itself locally. */
export type SecretSource = { secretArn: string } | { value: string };

/** Short, so a rotated secret reaches every warm container within minutes. */
const SECRET_TTL_MS = 5 * 60 * 1000;
const cache = new Map<string, { value: Promise<string>; until: number }>();

/** The secret's value, read from Secrets Manager at most every few minutes per container. */
export function secretValue(source: SecretSource | null, name: string): Promise<string> {
  if (!source) return Promise.reject(new Error(`${name}: no está configurado`));
  if ('value' in source) return Promise.resolve(source.value);
  const hit = cache.get(source.secretArn);
  if (hit && hit.until > Date.now()) return hit.value;
  // Loaded on first use: functions that never need a secret never load the Secrets Manager client.
  const value = import('@aws-sdk/client-secrets-manager')
    .then(({ GetSecretValueCommand, SecretsManagerClient }) =>
      new SecretsManagerClient({ region: config().region }).send(new GetSecretValueCommand({ SecretId: source.secretArn })),
    )
    .then((r) => {
      if (!r.SecretString) throw new Error(`${name}: el secreto está vacío`);
      return r.SecretString;
    });
  // A failed read is not kept: the next call asks Secrets Manager again.
  value.catch(() => cache.delete(source.secretArn));
  cache.set(source.secretArn, { value, until: Date.now() + SECRET_TTL_MS });
  return value;
}

/** Compares a secret with a candidate in constant time (no timing hint of how much matched). */
export const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
