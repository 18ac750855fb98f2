import { CORPORATE_PHOTO_SLOTS } from '../schemas/empresa.js';
import { PERFIL_MSG } from '../schemas/messages.js';

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** What can be uploaded and its limits (spec 01 sections 5 and 9). */
export const UPLOAD_KINDS = {
  fotoPerfil: { maxBytes: 1 * MB, types: IMAGE_TYPES, tooBig: PERFIL_MSG.fotoPerfilGrande, adminOnly: false },
  logo: { maxBytes: 1 * MB, types: IMAGE_TYPES, tooBig: PERFIL_MSG.logoGrande, adminOnly: true },
  fotoCorporativa: { maxBytes: 2 * MB, types: IMAGE_TYPES, tooBig: PERFIL_MSG.fotoCorporativaGrande, adminOnly: true },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/**
 * Why a file cannot be kept, or null when it can. Used twice: on the declared size and type before
 * the upload, and on the stored object's real size and bytes after it.
 */
export function uploadProblem(kind: UploadKind, file: { size: number; type: string | null } | null): string | null {
  const rules = UPLOAD_KINDS[kind];
  if (!file || file.size === 0) return PERFIL_MSG.fotoNoSubida;
  if (file.size > rules.maxBytes) return rules.tooBig;
  if (!file.type || !(rules.types as readonly string[]).includes(file.type)) return PERFIL_MSG.tipoImagen;
  return null;
}

/** Where a browser upload waits until `confirm` checks it (a bucket rule deletes leftovers after a day). */
export const PENDING_PREFIX = 'uploads/';
export const pendingUploadKey = (empresaId: string, uid: string, uploadId: string): string =>
  `${PENDING_PREFIX}${empresaId}/${uid}/${uploadId}`;

/**
 * Final object keys: the spec's storage paths (spec 01 section 3). A corporate gallery's folder is a
 * fresh id per upload batch (not the user's), so a new gallery never overwrites the one on show
 * before it is recorded: a failure halfway leaves the old gallery whole.
 */
export const finalUploadKey = {
  fotoPerfil: (empresaId: string, uid: string) => `companies/${empresaId}/profile-pictures/${uid}`,
  logo: (empresaId: string, uid: string) => `companies/${empresaId}/logo/${uid}`,
  fotoCorporativa: (empresaId: string, batchId: string, slot: number) => {
    if (!Number.isInteger(slot) || slot < 1 || slot > CORPORATE_PHOTO_SLOTS) throw new Error('Posición de foto corporativa inválida');
    return `companies/${empresaId}/fotosCorporativas/${batchId}/corporativa${slot}`;
  },
};
