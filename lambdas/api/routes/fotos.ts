import type { Context } from 'hono';
import { removeFromGallery } from '@shared/domain/profile.js';
import { GALERIA_MSG } from '@shared/schemas/messages.js';
import { quitarFotoSchema } from '@shared/schemas/upload.js';
import { storage } from '../../adapters/storage.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { conflict, notFound } from '../../errors.js';
import type { CompanyCaller } from '../caller.js';
import { loadMe } from '../me.js';
import { parseBody } from '../validate.js';

/**
 * `DELETE /fotos-corporativas?foto=<key>`: an admin takes one photo out of the company's gallery; the
 * later ones move up, so photo 1 stays filled while any is left. Only a key of the caller's own
 * gallery is removed (another company's, or one already gone, is "not found"), and its object is
 * deleted once the gallery no longer points to it.
 */
export async function quitarFotoCorporativa(c: Context, caller: CompanyCaller) {
  const { foto } = parseBody(quitarFotoSchema, c.req.query());
  const changed = await empresaRepository.changeFotosCorporativas(caller.empresaId, (slots) => {
    const next = removeFromGallery(slots, foto);
    if (!next) throw notFound(GALERIA_MSG.fotoNoEncontrada);
    return next;
  });
  if (!changed) throw conflict(GALERIA_MSG.galeriaOcupada);
  await storage.delete(foto);
  return c.json(await loadMe(caller));
}
