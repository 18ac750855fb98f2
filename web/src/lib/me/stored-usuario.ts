import type { MeResponse, Usuario } from '@shared/schemas/empresa.js';

/**
 * docs/spec/01.md section 3: the signed-in user's record is also kept in local storage under `usuario`
 * (role, fotoPerfil, perfil, fotosCorporativas, ...), for screens that read it synchronously.
 * The server's `/me` stays the source of truth; this copy is refreshed on every `/me` load.
 */
export const USUARIO_STORAGE_KEY = 'usuario';

export type StoredUsuario = Usuario & {
  empresa: string | null;
  fotosCorporativas: string[];
  logo: string | null;
  groups: string[];
  perfilCompleto: boolean;
};

export function toStoredUsuario(me: MeResponse): StoredUsuario {
  return {
    ...me.usuario,
    empresa: me.empresa?.empresa ?? null,
    fotosCorporativas: me.empresa?.fotosCorporativas ?? ['', '', '', '', ''],
    logo: me.empresa?.logo ?? null,
    groups: me.groups,
    perfilCompleto: me.perfilCompleto,
  };
}

export function saveStoredUsuario(me: MeResponse): void {
  localStorage.setItem(USUARIO_STORAGE_KEY, JSON.stringify(toStoredUsuario(me)));
}

export function readStoredUsuario(): StoredUsuario | null {
  try {
    const raw = localStorage.getItem(USUARIO_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredUsuario) : null;
  } catch {
    return null;
  }
}

export function clearStoredUsuario(): void {
  localStorage.removeItem(USUARIO_STORAGE_KEY);
}
