import { useState } from 'react';
import { ApiError } from '../api-client.js';
import { checkFile, UPLOAD_FAILED, uploadErrorMessage, uploadFile, type UploadKind } from './upload-files.js';

/** docs/spec/01.md section 4: each file being uploaded is uploading (with %), in error or completed. */
export type UploadPhase = 'uploading' | 'error' | 'done';

export interface UploadItem {
  name: string;
  phase: UploadPhase;
  progress: number;
  error?: string;
}

interface UploadOptions<R> {
  /** Shown for a failure that says nothing a person can act on. */
  failedMessage?: string;
  /** Called once the files are recorded, with what `confirm` answered. */
  onDone?: (result: R) => void;
}

/** One file, uploaded as soon as it is chosen; `confirm` records it (`POST /uploads/confirm`, say). */
export function useFileUpload<R>(
  kind: UploadKind,
  { confirm, failedMessage = UPLOAD_FAILED, onDone }: UploadOptions<R> & { confirm: (uploadId: string) => Promise<R> },
) {
  const [item, setItem] = useState<UploadItem | null>(null);
  const [error, setError] = useState<string>();

  async function upload(file: File): Promise<void> {
    // The file is read first: a refused one is never sent.
    const problem = await checkFile(kind, file);
    setError(problem ?? undefined);
    if (problem) {
      setItem(null);
      return;
    }
    const update = (patch: Partial<UploadItem>) => setItem((current) => (current ? { ...current, ...patch } : current));
    setItem({ name: file.name, phase: 'uploading', progress: 0 });
    try {
      const uploadId = await uploadFile(kind, file, (progress) => update({ progress }));
      const result = await confirm(uploadId);
      update({ phase: 'done', progress: 100 });
      onDone?.(result);
    } catch (caught) {
      const message = uploadErrorMessage(caught, failedMessage);
      update({ phase: 'error', error: message });
      setError(message);
    }
  }

  return {
    item,
    error,
    upload,
    uploading: item?.phase === 'uploading',
    clear: () => {
      setItem(null);
      setError(undefined);
    },
  };
}

/** Per-file messages of a refused batch: `details.items` = [{ index, message | null }]. */
function itemMessages(error: unknown): Map<number, string> {
  const items = error instanceof ApiError ? error.details?.items : undefined;
  const messages = new Map<number, string>();
  if (!Array.isArray(items)) return messages;
  for (const entry of items as { index?: unknown; message?: unknown }[]) {
    if (typeof entry?.index === 'number' && typeof entry.message === 'string') messages.set(entry.index, entry.message);
  }
  return messages;
}

/** For the files of a refused batch that were fine themselves: the batch is kept all at once or not at all. */
const NOT_SAVED = 'No se guardó: corrige el archivo señalado y vuelve a subir todos.';

/**
 * Several files, each sent to storage, then recorded together in order by `confirm` (all or nothing,
 * as the corporate gallery). The caller checks the count and each file before calling `upload`.
 */
export function useFilesUpload<R>(
  kind: UploadKind,
  {
    confirm,
    failedMessage = UPLOAD_FAILED,
    notSavedMessage = NOT_SAVED,
    onDone,
  }: UploadOptions<R> & { confirm: (uploadIds: string[]) => Promise<R>; notSavedMessage?: string },
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [error, setError] = useState<string>();

  const patch = (index: number, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));

  /** True when the whole batch was recorded. */
  async function upload(files: readonly File[]): Promise<boolean> {
    if (files.length === 0) return false;
    setError(undefined);
    setItems(files.map((file) => ({ name: file.name, phase: 'uploading', progress: 0 })));

    const results = await Promise.allSettled(
      files.map((file, index) => uploadFile(kind, file, (progress) => patch(index, { progress }))),
    );
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected' ? [{ index, message: uploadErrorMessage(result.reason, failedMessage) }] : [],
    );
    if (failures.length) {
      // Nothing is confirmed: the files that did reach storage are not kept either.
      const byIndex = new Map(failures.map((failure) => [failure.index, failure.message]));
      setItems((current) =>
        current.map((item, i) => ({ ...item, phase: 'error', error: byIndex.get(i) ?? notSavedMessage })),
      );
      setError(failures[0]!.message);
      return false;
    }

    const uploadIds = results.map((result) => (result as PromiseFulfilledResult<string>).value);
    try {
      const result = await confirm(uploadIds);
      setItems((current) => current.map((item) => ({ ...item, phase: 'done', progress: 100 })));
      onDone?.(result);
      return true;
    } catch (caught) {
      const message = uploadErrorMessage(caught, failedMessage);
      // Nothing was recorded (all or nothing); the API names each refused file by its position.
      const perItem = itemMessages(caught);
      setItems((current) =>
        current.map((item, i) =>
          perItem.size === 0 || perItem.has(i)
            ? { ...item, phase: 'error', error: perItem.get(i) ?? message }
            : { ...item, phase: 'error', error: notSavedMessage },
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
