import type { Empresa, Usuario } from '../schemas/empresa.js';

/**
 * Spec 01 section 4: map, fleet and internal registration open once the user has saved the profile
 * and the company's profile is complete with a non-empty first corporate photo.
 */
export function isProfileComplete(
  usuario: Pick<Usuario, 'perfil'>,
  empresa: Pick<Empresa, 'perfil' | 'fotosCorporativas'> | null,
): boolean {
  return usuario.perfil && !!empresa?.perfil && (empresa.fotosCorporativas[0] ?? '') !== '';
}
