import { empresaVista, isProfileComplete } from '@shared/domain/profile.js';
import type { MeResponse } from '@shared/schemas/empresa.js';
import { storage } from '../adapters/storage.js';
import { empresaRepository } from '../data/empresa-repository.js';
import { usuarioRepository } from '../data/usuario-repository.js';
import { notFound } from '../errors.js';
import type { CompanyCaller, PlataformaCaller } from './caller.js';

const readUrl = (key: string | null | undefined) => (key ? storage.readUrl(key) : Promise.resolve(null));

/**
 * The caller as the console sees it, images as short-lived URLs. The user record the auth middleware
 * loaded is reused unless this request changed it (`reloadUsuario`). Marketplace staff have no
 * company, so nothing of the console is gated for them on a company profile. Company staff get the
 * company without its payment data (admins only).
 */
export async function loadMe(caller: CompanyCaller | PlataformaCaller, { reloadUsuario = false } = {}): Promise<MeResponse> {
  const usuario = reloadUsuario ? await usuarioRepository.get(caller.sub) : caller.usuario;
  if (!usuario) throw notFound();
  const empresa = caller.kind === 'empresa' ? await empresaRepository.get(caller.empresaId) : null;
  const [fotoPerfil, logo, ...fotosCorporativas] = await Promise.all([
    readUrl(usuario.fotoPerfil),
    readUrl(empresa?.logo),
    ...(empresa?.fotosCorporativas ?? ['', '', '', '', '']).map(readUrl),
  ]);
  return {
    usuario,
    empresa: empresa && empresaVista(empresa, caller.role),
    groups: [usuario.role],
    perfilCompleto: caller.kind === 'plataforma' || isProfileComplete(usuario, empresa),
    archivos: { fotoPerfil, logo, fotosCorporativas },
  };
}
