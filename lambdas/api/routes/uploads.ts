import type { Context } from 'hono';
import { UPLOAD_KINDS, uploadKeys, type UploadKind } from '@shared/domain/uploads.js';
import { addToGallery, compactGallery, galleryCount, isProfileComplete } from '@shared/domain/profile.js';
import { API_MSG, GALERIA_MSG, PERFIL_MSG, UPLOAD_MSG } from '@shared/schemas/messages.js';
import type { ConfirmUpload, ModoGaleria, UploadRequest } from '@shared/schemas/upload.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { badRequest, conflict, forbidden } from '../../errors.js';
import { checkMayUpload, deleteFiles, issueTicket, KINDS_APP, putFiles, subDeApp, takeCheckedFiles, type UploadCaller } from '../files.js';
import type { AppId } from '../middleware/apps.js';
import { loadMe } from '../me.js';

/**
 * What each kind records, beside its rules in shared/domain/uploads.ts: the final keys of the checked
 * files, and the write that points the record at them (returning the keys it replaces, to delete).
 * Each feature adds its kind's row here (vehicle photos and documents, FUEC, quote PDF).
 */
type Recorder = {
  /** From the upload ids; may refuse (a full gallery) before any file is taken, so a retry can use them. */
  keys: (caller: UploadCaller, ids: readonly string[], body: ConfirmUpload) => string[] | Promise<string[]>;
  record: (caller: UploadCaller, keys: readonly string[], body: ConfirmUpload) => Promise<(string | null)[]>;
  /** The keys are new objects, not ones overwritten in place: a refused write deletes them. */
  freshKeys?: boolean;
};

const companyOf = (caller: UploadCaller): string => {
  if (caller.kind !== 'empresa') throw forbidden();
  return caller.empresaId;
};

const modoOf = (body: ConfirmUpload): ModoGaleria => (body.kind === 'fotoCorporativa' ? body.modo : 'reemplazar');

const RECORDERS: Partial<Record<UploadKind, Recorder>> = {
  fotoPerfil: {
    keys: (caller) => [uploadKeys.fotoPerfil({ empresaId: caller.kind === 'empresa' ? caller.empresaId : undefined, sub: caller.sub })],
    record: async (caller, [key]) => [await usuarioRepository.setFotoPerfil(caller.sub, key!)],
  },
  logo: {
    keys: (caller) => [uploadKeys.logo(companyOf(caller), caller.sub)],
    record: async (caller, [key]) => [await empresaRepository.setLogo(companyOf(caller), key!)],
  },
  fotoCorporativa: {
    freshKeys: true,
    async keys(caller, ids, body) {
      const empresaId = companyOf(caller);
      // A whole new gallery goes to a folder named after the batch's first upload.
      if (modoOf(body) === 'reemplazar') return ids.map((_, i) => uploadKeys.fotoCorporativa(empresaId, ids[0]!, i + 1));
      // Added photos each get their own folder, numbered by the slot they should land in; refused
      // here, before any file is taken, when they do not fit (the write below re-checks against a race).
      const current = (await empresaRepository.get(empresaId))?.fotosCorporativas ?? [];
      if (!addToGallery(current, ids)) throw badRequest(PERFIL_MSG.maxFotos);
      const start = galleryCount(current);
      return ids.map((id, i) => uploadKeys.fotoCorporativa(empresaId, id, start + i + 1));
    },
    async record(caller, keys, body) {
      const empresaId = companyOf(caller);
      if (modoOf(body) === 'reemplazar') return empresaRepository.setFotosCorporativas(empresaId, compactGallery(keys));
      const changed = await empresaRepository.changeFotosCorporativas(empresaId, (slots) => {
        const next = addToGallery(slots, keys);
        if (!next) throw badRequest(PERFIL_MSG.maxFotos);
        return next;
      });
      if (!changed) throw conflict(GALERIA_MSG.galeriaOcupada);
      return [];
    },
  },
};

/** Kinds whose files are recorded by their feature's own route (the vehicle form, the offer), not by confirm. */
const RECORDED_BY_ROUTE: readonly UploadKind[] = ['fotoVehiculo', 'documentoVehiculo', 'cotizacion', 'fuec', 'fotoProveedor', 'documentoProveedor', 'comprobantePago', 'comprobanteCliente'];

/** The role may upload the kind, and something records it: confirm (RECORDERS) or the feature's route. */
function checkKind(caller: UploadCaller, kind: UploadKind): void {
  checkMayUpload(caller, kind);
  if (!RECORDERS[kind] && !RECORDED_BY_ROUTE.includes(kind)) throw badRequest(UPLOAD_MSG.noDisponible);
}

function recorderFor(caller: UploadCaller, kind: UploadKind): Recorder {
  checkKind(caller, kind);
  const recorder = RECORDERS[kind];
  if (!recorder) throw badRequest(UPLOAD_MSG.noDisponible);
  return recorder;
}

/** `POST /uploads`: a single-use presigned POST to a waiting key of the caller's. */
export async function presignUpload(c: Context, caller: UploadCaller, body: UploadRequest) {
  checkKind(caller, body.kind);
  // Files only a complete company's routes take (vehicles, FUEC, quotes) wait for nobody otherwise.
  if (UPLOAD_KINDS[body.kind].perfilCompleto && caller.kind === 'empresa' && !isProfileComplete(caller.usuario, await empresaRepository.getCached(caller.empresaId))) {
    throw forbidden(API_MSG.perfilIncompleto);
  }
  // Marketplace staff count together, as one company would.
  const empresa = caller.kind === 'empresa' ? caller.empresaId : 'plataforma';
  return c.json(await issueTicket(caller.sub, body, [['subidasUsuario', caller.sub], ['subidasEmpresa', empresa]]));
}

/** `POST /integracion/{app}/uploads`: a presigned POST for one of the app's kinds of file. */
export const presignAppUpload = (app: AppId) =>
  async function presignAppUpload(c: Context, _caller: null, body: UploadRequest) {
    if (!KINDS_APP[app].includes(body.kind)) throw badRequest(UPLOAD_MSG.noDisponible);
    return c.json(await issueTicket(subDeApp(app), body, [['subidasApp', app]]));
  };

/**
 * `POST /uploads/confirm`: takes the waiting files (each ticket once), checks their real size and
 * bytes, writes exactly the checked bytes to the spec's paths and records them. All or nothing:
 * a refused file (or a gallery with no room) voids the batch, and nothing refused or replaced is
 * left in the bucket.
 */
export async function confirmUpload(c: Context, caller: UploadCaller, body: ConfirmUpload) {
  const { kind } = body;
  const recorder = recorderFor(caller, kind);
  const ids = 'uploadIds' in body ? body.uploadIds : [body.uploadId];
  checkKind(caller, kind);
  const keys = await recorder.keys(caller, ids, body);
  const { files } = await takeCheckedFiles(caller, kind, ids);
  let previous: (string | null)[];
  try {
    await putFiles(keys, files);
    previous = await recorder.record(caller, keys, body);
  } catch (err) {
    // A refused write leaves no object behind (fixed keys, overwritten in place, stay as they are).
    if (recorder.freshKeys) await deleteFiles(keys);
    throw err;
  }
  await deleteFiles(previous.filter((k): k is string => !!k && !keys.includes(k)));
  return c.json(await loadMe(caller, { reloadUsuario: kind === 'fotoPerfil' }));
}

