import { useQueryClient } from '@tanstack/react-query';
import { PERFIL_MSG } from '@shared/schemas/messages.js';
import type { MeResponse } from '@shared/schemas/empresa.js';
import { storeMe } from '../../../lib/me/get-me.js';
import { toast } from '../../../lib/toast.js';
import { confirmUpload } from '../../../lib/uploads/upload-files.js';
import { useFileUpload, useFilesUpload } from '../../../lib/uploads/use-upload.js';

/** For the photos of a refused batch that were fine themselves: the gallery changes all at once. */
const GALLERY_NOT_SAVED = 'No se guardó: corrige la foto señalada y vuelve a subir todas.';

const SUCCESS = { fotoPerfil: PERFIL_MSG.fotoPerfilActualizada, logo: PERFIL_MSG.logoActualizado } as const;

/** The confirmation answers the new `/me`: the top bar's photo and the menu's gate follow at once. */
function useAfterConfirm(message: string) {
  const queryClient = useQueryClient();
  return (me: MeResponse) => {
    storeMe(queryClient, me);
    toast.success(message);
  };
}

/** Profile photo or company logo: one file, uploaded as soon as it is chosen. */
export function useSinglePhotoUpload(kind: 'fotoPerfil' | 'logo') {
  const onDone = useAfterConfirm(SUCCESS[kind]);
  return useFileUpload(kind, {
    confirm: (uploadId) => confirmUpload({ kind, uploadId }),
    onDone,
    failedMessage: PERFIL_MSG.fotoNoSubida,
  });
}

/** One corporate photo, added to the first free slot of the gallery as soon as it is chosen. */
export function useCorporatePhotoAdd() {
  const onDone = useAfterConfirm(PERFIL_MSG.fotosActualizadas);
  return useFileUpload('fotoCorporativa', {
    confirm: (uploadId) => confirmUpload({ kind: 'fotoCorporativa', modo: 'agregar', uploadIds: [uploadId] }),
    onDone,
    failedMessage: PERFIL_MSG.fotoNoSubida,
  });
}

/** Corporate photos: 1 to 5 files that replace the gallery as a whole (docs/spec/01.md section 5). */
export function useGalleryReplace() {
  const onDone = useAfterConfirm(PERFIL_MSG.fotosActualizadas);
  return useFilesUpload('fotoCorporativa', {
    confirm: (uploadIds) => confirmUpload({ kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds }),
    onDone,
    failedMessage: PERFIL_MSG.fotoNoSubida,
    notSavedMessage: GALLERY_NOT_SAVED,
  });
}
