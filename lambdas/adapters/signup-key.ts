import { createHmac } from 'node:crypto';
import { config } from '../config.js';
import { sameText, secretValue } from './secrets.js';

/** The sign-up authorization key: Secrets Manager in AWS (cached briefly per container), an env value locally. */
const signUpKey = (): Promise<string> => secretValue(config().signUpKey, 'La clave de autorización');

export async function isValidSignUpKey(candidate: unknown): Promise<boolean> {
  return typeof candidate === 'string' && candidate.length > 0 && sameText(candidate, await signUpKey());
}

/** A proof is made and used within one API request; a captured one is worthless minutes later. */
const PROOF_TTL_SECONDS = 10 * 60;

/** What a proof lets through: a staff sign-up (internal registration) or a company's own (`POST /registro`). */
export type PropositoRegistro = 'registro-interno' | 'registro-empresa';

const proofMac = async (proposito: PropositoRegistro, email: string, exp: number) =>
  createHmac('sha256', await signUpKey()).update(`${proposito}:${email.toLowerCase()}:${exp}`).digest('base64url');

/**
 * The API signs accounts up through Cognito's SignUp (so they verify their e-mail like anyone else)
 * with this proof instead of the key itself: only the API, which holds the key, can make it; it is
 * bound to one purpose and one e-mail, and expires.
 */
export async function signUpProof(proposito: PropositoRegistro, email: string, now = new Date()): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + PROOF_TTL_SECONDS;
  return `${exp}.${await proofMac(proposito, email, exp)}`;
}

export async function isValidSignUpProof(proposito: PropositoRegistro, email: string | undefined, proof: unknown, now = new Date()): Promise<boolean> {
  if (!email || typeof proof !== 'string') return false;
  const [expText, mac] = proof.split('.');
  const exp = Number(expText);
  if (!Number.isInteger(exp) || !mac || exp < Math.floor(now.getTime() / 1000)) return false;
  return sameText(mac, await proofMac(proposito, email, exp));
}
