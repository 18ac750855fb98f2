import { CORPORATE_PHOTO_SLOTS, DATOS_BANCARIOS, type Empresa, type EmpresaVista, type Role, type Usuario } from '../schemas/empresa.js';

/**
 * docs/spec/01.md section 4: map, fleet and internal registration open once the user has saved the profile
 * and the company's profile is complete with a non-empty first corporate photo.
 */
export function isProfileComplete(
  usuario: Pick<Usuario, 'perfil'>,
  empresa: Pick<Empresa, 'perfil' | 'fotosCorporativas'> | null,
): boolean {
  return usuario.perfil && !!empresa?.perfil && (empresa.fotosCorporativas[0] ?? '') !== '';
}

/** The company as a caller of this role may see it: the payment data is for admins only. */
export function empresaVista(empresa: Empresa, role: Role): EmpresaVista {
  if (role === 'admin') return empresa;
  const vista: EmpresaVista = { ...empresa };
  for (const field of DATOS_BANCARIOS) delete vista[field];
  return vista;
}

/*
 * The corporate gallery: five slots of storage keys, '' for an empty one, always compact (filled slots
 * first), so "photo 1 is present" (the gate above) means "the gallery is not empty".
 */

/** The filled slots first, in their order, padded with empty ones to five. */
export function compactGallery(slots: readonly string[]): string[] {
  const filled = slots.filter(Boolean).slice(0, CORPORATE_PHOTO_SLOTS);
  return [...filled, ...Array<string>(CORPORATE_PHOTO_SLOTS - filled.length).fill('')];
}

export const galleryCount = (slots: readonly string[]): number => slots.filter(Boolean).length;

/** The gallery with `keys` in the first free slots, or null when they do not fit (spec: 5 at most). */
export function addToGallery(slots: readonly string[], keys: readonly string[]): string[] | null {
  const filled = slots.filter(Boolean);
  if (filled.length + keys.length > CORPORATE_PHOTO_SLOTS) return null;
  return compactGallery([...filled, ...keys]);
}

/** The gallery without `key`, the later photos moved up; null when `key` is not in it. */
export function removeFromGallery(slots: readonly string[], key: string): string[] | null {
  if (!key || !slots.includes(key)) return null;
  return compactGallery(slots.filter((slot) => slot !== key));
}
