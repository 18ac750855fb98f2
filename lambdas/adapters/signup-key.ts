import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config.js';

/** Short, so a rotated key reaches every warm container within minutes. */
const KEY_TTL_MS = 5 * 60 * 1000;
let cached: { key: Promise<string>; until: number } | undefined;

/** The sign-up authorization key: Secrets Manager in AWS (cached briefly per container), an env value locally. */
function signUpKey(): Promise<string> {
  const source = config().signUpKey;
  if (!source) return Promise.reject(new Error('La clave de autorización no está configurada'));
  if ('value' in source) return Promise.resolve(source.value);
  if (!cached || cached.until < Date.now()) {
    // Loaded on first use: the functions that import this module only for the staff proof never load
    // the Secrets Manager client.
    const key = import('@aws-sdk/client-secrets-manager')
      .then(({ GetSecretValueCommand, SecretsManagerClient }) =>
        new SecretsManagerClient({ region: config().region }).send(new GetSecretValueCommand({ SecretId: source.secretArn })),
      )
      .then((r) => {
        if (!r.SecretString) throw new Error('El secreto de la clave de autorización está vacío');
        return r.SecretString;
      });
    // A failed read is not kept: the next call asks Secrets Manager again.
    key.catch(() => (cached = undefined));
    cached = { key, until: Date.now() + KEY_TTL_MS };
  }
  return cached.key;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function isValidSignUpKey(candidate: unknown): Promise<boolean> {
  return typeof candidate === 'string' && candidate.length > 0 && sameText(candidate, await signUpKey());
}

/** A staff proof is made and used within one API request; a captured one is worthless minutes later. */
const PROOF_TTL_SECONDS = 10 * 60;

const proofMac = async (email: string, exp: number) =>
  createHmac('sha256', await signUpKey()).update(`registro-interno:${email.toLowerCase()}:${exp}`).digest('base64url');

/**
 * Internal registration signs staff up through Cognito's SignUp (so they verify their e-mail like
 * anyone else) with this proof instead of the key itself: only the API, which holds the key, can
 * make it; it is bound to one e-mail and expires.
 */
export async function staffSignUpProof(email: string, now = new Date()): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + PROOF_TTL_SECONDS;
  return `${exp}.${await proofMac(email, exp)}`;
}

export async function isValidStaffSignUpProof(email: string | undefined, proof: unknown, now = new Date()): Promise<boolean> {
  if (!email || typeof proof !== 'string') return false;
  const [expText, mac] = proof.split('.');
  const exp = Number(expText);
  if (!Number.isInteger(exp) || !mac || exp < Math.floor(now.getTime() / 1000)) return false;
  return sameText(mac, await proofMac(email, exp));
}
