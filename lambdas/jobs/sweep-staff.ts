import { identity } from '../adapters/identity.js';
import { usuarioRepository } from '../data/usuario-repository.js';

/** How long an internally registered staff account may wait for its e-mail confirmation. */
export const STAFF_CONFIRMATION_DAYS = 7;

/**
 * Staff accounts made before invitations (docs/decisions/0011: internal registration no longer makes
 * an account before its link is opened, so nothing new lands here; remove once a deploy has run a week).
 * Internal registration must not hold someone else's e-mail forever: a staff account still
 * unconfirmed after STAFF_CONFIRMATION_DAYS is deleted (Cognito account and record), so the
 * address's owner can sign up. An account whose e-mail was verified meanwhile just leaves the index.
 */
export async function expireUnconfirmedStaff(now: Date): Promise<{ expired: string[] }> {
  const before = new Date(now.getTime() - STAFF_CONFIRMATION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const expired: string[] = [];
  for (const u of await usuarioRepository.listUnconfirmedBefore(before)) {
    // Confirmed means its e-mail was verified (the API's code, docs/decisions/0010; Cognito's before).
    const cuenta = await identity.cuenta(u.email);
    if (cuenta?.verificada) {
      await usuarioRepository.markConfirmed(u.id);
      continue;
    }
    if (cuenta) await identity.deleteUser(u.email);
    if (await usuarioRepository.deleteUnconfirmed(u.id)) expired.push(u.email);
  }
  return { expired };
}
