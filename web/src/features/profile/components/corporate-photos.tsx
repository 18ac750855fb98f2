import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { CORPORATE_PHOTO_SLOTS } from '../../../../../shared/schemas/empresa.js';
import { PERFIL_MSG } from '../../../../../shared/schemas/messages.js';
import { SafeImage } from '../../../components/safe-image.js';
import { UploadProgress } from '../../../components/upload-progress.js';
import { acceptFor, checkFile } from '../../../lib/uploads/upload-files.js';
import { useCorporatePhotosUpload } from '../api/use-photo-upload.js';

/** The block a saved profile still lacking a photo scrolls to. */
export const CORPORATE_PHOTOS_ID = 'fotos-corporativas';

export const GALLERY_HINT =
  'Subir fotos reemplaza toda la galería: elige de una vez todas las fotos que quieres mostrar (hasta 5).';

/** Spec 01 section 9: five slots, five columns, 200 px rows; empty slots show a placeholder. */
function Gallery({ urls }: { urls: readonly (string | null)[] }) {
  const slots = Array.from({ length: CORPORATE_PHOTO_SLOTS }, (_, i) => urls[i] ?? null);
  return (
    <ul className="photo-gallery" aria-label="Fotos corporativas">
      {slots.map((url, i) => (
        <li key={i} className="photo-gallery__slot">
          {url ? (
            <SafeImage className="photo-gallery__image" src={url} alt={`Foto corporativa ${i + 1}`} />
          ) : (
            <div className="photo-gallery__placeholder" aria-label={`Foto corporativa ${i + 1}: sin foto`} role="img">
              <Icon name="file-open" size="medium" variant="subtle" />
              <span aria-hidden="true">Foto {i + 1}</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The uploader (admins only): choose 1 to 5 photos, see each one's progress, replace the gallery. */
function Uploader() {
  const { items, error, upload, uploading, clear } = useCorporatePhotosUpload();
  const [files, setFiles] = useState<File[]>([]);
  const [selectionError, setSelectionError] = useState<string>();

  const fileErrors = files.map((file, i) => {
    const item = items[i];
    if (item?.phase === 'error' && item.name === file.name) return item.error ?? PERFIL_MSG.fotoNoSubida;
    return checkFile('fotoCorporativa', file);
  });
  const tooMany = files.length > CORPORATE_PHOTO_SLOTS;

  async function submit() {
    if (files.length === 0) return setSelectionError(PERFIL_MSG.minFotos);
    if (tooMany) return setSelectionError(PERFIL_MSG.maxFotos);
    if (files.some((file) => checkFile('fotoCorporativa', file))) return;
    setSelectionError(undefined);
    if (await upload(files)) setFiles([]);
  }

  return (
    <SpaceBetween size="m">
      <FormField
        label="Subir fotos corporativas"
        description={GALLERY_HINT}
        constraintText="JPEG, PNG, GIF o WEBP; máximo 2MB cada una. Tamaño recomendado: 1920x1080 px (JPEG)."
        errorText={selectionError ?? (tooMany ? PERFIL_MSG.maxFotos : undefined)}
       
        stretch
      >
        <FileUpload
          multiple
          accept={acceptFor('fotoCorporativa')}
          value={files}
          onChange={({ detail }) => {
            setFiles(detail.value);
            setSelectionError(detail.value.length > CORPORATE_PHOTO_SLOTS ? PERFIL_MSG.maxFotos : undefined);
            if (!uploading) clear();
          }}
          fileErrors={fileErrors}
          showFileSize
          showFileThumbnail
          tokenLimit={CORPORATE_PHOTO_SLOTS}
          i18nStrings={{
            uploadButtonText: (multiple) => (multiple ? 'Elegir fotos' : 'Elegir foto'),
            dropzoneText: (multiple) => (multiple ? 'Arrastra las fotos aquí' : 'Arrastra la foto aquí'),
            removeFileAriaLabel: (index, name) => `Quitar la foto ${index + 1}, ${name}`,
            errorIconAriaLabel: 'Error',
            warningIconAriaLabel: 'Aviso',
            limitShowMore: 'Mostrar más',
            limitShowFewer: 'Mostrar menos',
          }}
        />
      </FormField>
      <Button formAction="none" onClick={() => void submit()} loading={uploading} loadingText="Subiendo fotos" disabled={tooMany}>
        Subir fotos
      </Button>
      {error && <Alert type="error">{`${PERFIL_MSG.errorFotos}${error}`}</Alert>}
      {items.length > 0 && (
        <SpaceBetween size="s">
          {items.map((item, i) =>
            // A refused photo still in the selection shows its error on its own token.
            item.phase === 'error' && files[i]?.name === item.name ? null : (
              <UploadProgress key={`${i}-${item.name}`} item={item} />
            ),
          )}
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}

export function CorporatePhotos({ urls, editable }: { urls: readonly (string | null)[]; editable: boolean }) {
  const titleId = `${CORPORATE_PHOTOS_ID}-titulo`;
  return (
    <section id={CORPORATE_PHOTOS_ID} aria-labelledby={titleId}>
      <SpaceBetween size="m">
        <Box variant="h3" padding="n">
          <span id={titleId}>Fotos corporativas</span>
        </Box>
        <Gallery urls={urls} />
        {editable ? (
          <Uploader />
        ) : (
          <Box variant="small" color="text-body-secondary">
            Solo un administrador de la empresa puede cambiar las fotos corporativas.
          </Box>
        )}
      </SpaceBetween>
    </section>
  );
}
