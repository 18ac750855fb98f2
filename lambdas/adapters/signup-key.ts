import { config } from '../config.js';
import { sameText, secretValue } from './secrets.js';

/** The sign-up authorization key: Secrets Manager in AWS (cached briefly per container), an env value locally. */
const signUpKey = (): Promise<string> => secretValue(config().signUpKey, 'La clave de autorización');

export async function isValidSignUpKey(candidate: unknown): Promise<boolean> {
  return typeof candidate === 'string' && candidate.length > 0 && sameText(candidate, await signUpKey());
}
