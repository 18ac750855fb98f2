import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHmac, timingSafeEqual } from 'node:crypto';
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

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function isValidSignUpKey(candidate: unknown): Promise<boolean> {
  return typeof candidate === 'string' && candidate.length > 0 && sameText(candidate, await signUpKey());
}

/**
 * Internal registration signs staff up through Cognito's SignUp (so they verify their e-mail like
 * anyone else) with this proof instead of the key itself: only the API, which holds the key, can
 * make it, and it is bound to one e-mail.
 */
export async function staffSignUpProof(email: string): Promise<string> {
  return createHmac('sha256', await signUpKey()).update(`registro-interno:${email.toLowerCase()}`).digest('base64url');
}

export async function isValidStaffSignUpProof(email: string | undefined, proof: unknown): Promise<boolean> {
  return !!email && typeof proof === 'string' && sameText(proof, await staffSignUpProof(email));
}
