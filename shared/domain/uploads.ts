import { CORPORATE_PHOTO_SLOTS } from '../schemas/empresa.js';

/** What can be uploaded, where it goes (spec 01 section 3 storage paths) and its limits. */
export const UPLOAD_KINDS = {
  fotoPerfil: { maxBytes: 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] },
  logo: { maxBytes: 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] },
  fotoCorporativa: { maxBytes: 2 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const MB = 1024 * 1024;

/** Object key chosen by the server, never by the browser. `slot` is 1..5 for corporate photos. */
export function uploadKey(kind: UploadKind, empresaId: string, uid: string, slot?: number): string {
  switch (kind) {
    case 'fotoPerfil':
      return `companies/${empresaId}/profile-pictures/${uid}`;
    case 'logo':
      return `companies/${empresaId}/logo/${uid}`;
    case 'fotoCorporativa':
      if (!slot || slot < 1 || slot > CORPORATE_PHOTO_SLOTS) throw new Error('Posición de foto corporativa inválida');
      return `companies/${empresaId}/fotosCorporativas/${uid}/corporativa${slot}`;
  }
}
