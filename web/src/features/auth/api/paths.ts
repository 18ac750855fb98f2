/** Public account screens that other screens send people to, with what they carry along. */
export const VERIFY_EMAIL_PATH = '/verificar-correo';
export { VALIDAR_CUENTA_PATH } from '@shared/constants.js';

/** The e-mail travels in the address, so a reload (or a link) keeps it. */
export const verifyEmailPath = (email: string) => `${VERIFY_EMAIL_PATH}?email=${encodeURIComponent(email)}`;

/** Router state understood by the sign-in and verification screens. */
export interface AccountNavState {
  /** Prefills the sign-in e-mail. */
  email?: string;
  /** A success notice carried from the previous screen (sign-up). */
  notice?: string;
}

export function readAccountNavState(state: unknown): AccountNavState {
  if (!state || typeof state !== 'object') return {};
  const { email, notice } = state as Record<string, unknown>;
  return {
    email: typeof email === 'string' ? email : undefined,
    notice: typeof notice === 'string' ? notice : undefined,
  };
}

/**
 * Set (session storage) while an account's session waits for its e-mail's code (docs/decisions/0010):
 * the public screens do not send that session to the panel, which refuses it.
 */
export const VERIFICANDO = 'verificando-correo';
export const verificando = () => sessionStorage.getItem(VERIFICANDO) !== null;

/** Set at sign-in (session storage): the panel, once up, gives the focus to its first page's start. */
export const ENTRAR = 'entrar-al-panel';
