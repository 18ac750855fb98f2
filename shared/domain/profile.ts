import type { Empresa, Usuario } from '../schemas/empresa.js';

/**
 * Spec 01 section 4: map, fleet and internal registration open once the user has a saved profile
 * and the company has a non-empty first corporate photo.
 */
export function isProfileComplete(usuario: Pick<Usuario, 'perfil'>, empresa: Pick<Empresa, 'fotosCorporativas'> | null): boolean {
  return usuario.perfil && !!empresa && (empresa.fotosCorporativas[0] ?? '') !== '';
}
