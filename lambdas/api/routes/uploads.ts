import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { finalUploadKey, pendingUploadKey, UPLOAD_KINDS, uploadProblem, type UploadKind } from '../../../shared/domain/uploads.js';
import { CORPORATE_PHOTO_SLOTS } from '../../../shared/schemas/empresa.js';
import { API_MSG } from '../../../shared/schemas/messages.js';
import { confirmUploadSchema, uploadRequestSchema } from '../../../shared/schemas/upload.js';
import { storage } from '../../adapters/storage.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { badRequest, forbidden } from '../../errors.js';
import { loadMe } from '../me.js';
import type { AuthEnv, Caller } from '../middleware/auth.js';
import { validate } from '../validate.js';

function assertMayUpload(caller: Caller, kind: UploadKind) {
  if (UPLOAD_KINDS[kind].adminOnly && !caller.groups.includes('admin')) throw forbidden(API_MSG.soloAdminEmpresa);
}

/** Checks a waiting upload's real size and bytes; returns its type, or null after deleting it. */
async function check(kind: UploadKind, key: string): Promise<{ mime: string } | { problem: string }> {
  const info = await storage.inspect(key);
  const problem = uploadProblem(kind, info && { size: info.size, type: info.mime });
  if (problem) {
    if (info) await storage.delete(key);
    return { problem };
  }
  return { mime: info!.mime! };
}

/**
 * Browser uploads: `POST /uploads` hands out a presigned POST to a waiting key; `POST /uploads/confirm`
 * checks the stored bytes, moves them to the spec's path and records it. Nothing unchecked is recorded,
 * nothing refused is kept, and a replaced file's object is deleted.
 */
export const uploadsRoutes = new Hono<AuthEnv>()
  .post('/', validate('json', uploadRequestSchema), async (c) => {
    const caller = c.var.caller;
    const { kind, contentType, size } = c.req.valid('json');
    assertMayUpload(caller, kind);
    const problem = uploadProblem(kind, { size, type: contentType });
    if (problem) throw badRequest(problem);
    const uploadId = randomUUID();
    const ticket = await storage.presignPost(pendingUploadKey(caller.empresaId, caller.sub, uploadId), contentType, UPLOAD_KINDS[kind].maxBytes);
    return c.json({ uploadId, ...ticket });
  })
  .post('/confirm', validate('json', confirmUploadSchema), async (c) => {
    const caller = c.var.caller;
    const body = c.req.valid('json');
    assertMayUpload(caller, body.kind);
    const pending = (id: string) => pendingUploadKey(caller.empresaId, caller.sub, id);

    if (body.kind === 'fotoCorporativa') {
      const results = await Promise.all(body.uploadIds.map((id) => check('fotoCorporativa', pending(id))));
      const failed = results.findIndex((r) => 'problem' in r);
      if (failed >= 0) {
        // All or nothing: the gallery is replaced as a whole, so a refused photo voids the batch.
        await Promise.all(body.uploadIds.map((id, i) => ('mime' in results[i]! ? storage.delete(pending(id)) : undefined)));
        const items = results.map((r, i) => ({ index: i, message: 'problem' in r ? r.problem : null }));
        throw badRequest((results[failed] as { problem: string }).problem, { items });
      }
      const batchId = body.uploadIds[0]!;
      const keys = body.uploadIds.map((_, i) => finalUploadKey.fotoCorporativa(caller.empresaId, batchId, i + 1));
      await Promise.all(body.uploadIds.map((id, i) => storage.move(pending(id), keys[i]!, (results[i] as { mime: string }).mime)));
      const slots = [...keys, ...Array<string>(CORPORATE_PHOTO_SLOTS - keys.length).fill('')];
      const previous = await empresaRepository.setFotosCorporativas(caller.empresaId, slots);
      await Promise.all(previous.filter((k) => k && !keys.includes(k)).map((k) => storage.delete(k)));
    } else {
      const result = await check(body.kind, pending(body.uploadId));
      if ('problem' in result) throw badRequest(result.problem);
      const key = finalUploadKey[body.kind](caller.empresaId, caller.sub);
      await storage.move(pending(body.uploadId), key, result.mime);
      const previous =
        body.kind === 'logo' ? await empresaRepository.setLogo(caller.empresaId, key) : await usuarioRepository.setFotoPerfil(caller.sub, key);
      if (previous && previous !== key) await storage.delete(previous);
    }
    return c.json(await loadMe(caller, { reloadUsuario: body.kind === 'fotoPerfil' }));
  });
