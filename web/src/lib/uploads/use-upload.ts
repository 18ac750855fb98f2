import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CORPORATE_PHOTO_SLOTS } from '../../../../../shared/schemas/empresa.js';
import { PERFIL_MSG } from '../../../../../shared/schemas/messages.js';
import { ApiError } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { storeMe } from '../../me/api/get-me.js';
import { checkFile, confirmUpload, StorageUploadError, uploadFile } from './uploads.js';

/** Spec 01 section 4: each photo being uploaded is uploading (with %), in error or completed. */
export type UploadPhase = 'uploading' | 'error' | 'done';

export interface UploadItem {
  name: string;
  phase: UploadPhase;
  progress: number;
  error?: string;
}

/** Messages of our own making (API, storage) are shown as they are; anything else is generic. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof StorageUploadError) return error.message;
  console.error(error);
  return PERFIL_MSG.fotoNoSubida;
}

/** For the photos of a refused batch that were fine themselves: the gallery changes all at once. */
export const NOT_SAVED = 'No se guardó: corrige la foto señalada y vuelve a subir todas.';

const SUCCESS = { fotoPerfil: PERFIL_MSG.fotoPerfilActualizada, logo: PERFIL_MSG.logoActualizado } as const;

/** Profile photo or company logo: one file, uploaded as soon as it is chosen. */
export function useSinglePhotoUpload(kind: 'fotoPerfil' | 'logo') {
  const queryClient = useQueryClient();
  const [item, setItem] = useState<UploadItem | null>(null);
  const [error, setError] = useState<string>();

  async function upload(file: File): Promise<void> {
    const problem = checkFile(kind, file);
    setError(problem ?? undefined);
    if (problem) {
      setItem(null);
      return;
    }
    const update = (patch: Partial<UploadItem>) => setItem((current) => (current ? { ...current, ...patch } : current));
    setItem({ name: file.name, phase: 'uploading', progress: 0 });
    try {
      const uploadId = await uploadFile(kind, file, (progress) => update({ progress }));
      const me = await confirmUpload({ kind, uploadId });
      storeMe(queryClient, me);
      update({ phase: 'done', progress: 100 });
      toast.success(SUCCESS[kind]);
    } catch (caught) {
      const message = uploadErrorMessage(caught);
      update({ phase: 'error', error: message });
      setError(message);
    }
  }

  return { item, error, upload, uploading: item?.phase === 'uploading' };
}

/** Per-photo messages of a refused batch: `details.items` = [{ index, message | null }]. */
function itemMessages(error: unknown): Map<number, string> {
  const items = error instanceof ApiError ? error.details?.items : undefined;
  const messages = new Map<number, string>();
  if (!Array.isArray(items)) return messages;
  for (const entry of items as { index?: unknown; message?: unknown }[]) {
    if (typeof entry?.index === 'number' && typeof entry.message === 'string') messages.set(entry.index, entry.message);
  }
  return messages;
}

/**
 * Corporate photos: 1 to 5 files, each sent to storage, then confirmed together in order; the
 * gallery is replaced as a whole (spec 01 section 5).
 */
export function useCorporatePhotosUpload() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [error, setError] = useState<string>();

  const patch = (index: number, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));

  async function upload(files: readonly File[]): Promise<boolean> {
    if (files.length === 0 || files.length > CORPORATE_PHOTO_SLOTS) return false;
    setError(undefined);
    setItems(files.map((file) => ({ name: file.name, phase: 'uploading', progress: 0 })));

    const results = await Promise.allSettled(
      files.map((file, index) => uploadFile('fotoCorporativa', file, (progress) => patch(index, { progress }))),
    );
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected' ? [{ index, message: uploadErrorMessage(result.reason) }] : [],
    );
    if (failures.length) {
      // Nothing is confirmed: the photos that did reach storage are not kept either.
      const byIndex = new Map(failures.map((failure) => [failure.index, failure.message]));
      setItems((current) =>
        current.map((item, i) => ({ ...item, phase: 'error', error: byIndex.get(i) ?? NOT_SAVED })),
      );
      setError(failures[0]!.message);
      return false;
    }

    const uploadIds = results.map((result) => (result as PromiseFulfilledResult<string>).value);
    try {
      const me = await confirmUpload({ kind: 'fotoCorporativa', uploadIds });
      storeMe(queryClient, me);
      setItems((current) => current.map((item) => ({ ...item, phase: 'done', progress: 100 })));
      toast.success(PERFIL_MSG.fotosActualizadas);
      return true;
    } catch (caught) {
      const message = uploadErrorMessage(caught);
      // Nothing was recorded (all or nothing); the API names each refused photo by its position.
      const perItem = itemMessages(caught);
      setItems((current) =>
        current.map((item, i) =>
          perItem.size === 0 || perItem.has(i)
            ? { ...item, phase: 'error', error: perItem.get(i) ?? message }
            : { ...item, phase: 'error', error: NOT_SAVED },
        ),
      );
      setError(message);
      return false;
    }
  }

  return {
    items,
    error,
    upload,
    uploading: items.some((item) => item.phase === 'uploading'),
    clear: () => {
      setItems([]);
      setError(undefined);
    },
  };
}
