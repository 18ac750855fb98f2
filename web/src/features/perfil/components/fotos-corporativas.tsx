import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Icon from '@cloudscape-design/components/icon';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { CORPORATE_PHOTO_SLOTS } from '@shared/schemas/empresa.js';
import { SafeImage } from '../../../components/safe-image.js';
import { errorMessage } from '../../../lib/api-client.js';
import { acceptFor } from '../../../lib/uploads/upload-files.js';
import { useQuitarFotoCorporativa } from '../api/quitar-foto-corporativa.js';
import { useCorporatePhotoAdd, useGalleryReplace } from '../api/use-photo-upload.js';
import { KIND, GalleryReplace } from './reemplazar-galeria.js';

/** The block a saved profile still lacking a photo scrolls to. */
export const CORPORATE_PHOTOS_ID = 'fotos-corporativas';

const RULES = 'JPEG, PNG, GIF o WEBP; máximo 2MB cada una. Tamaño recomendado: 1920x1080 px (JPEG).';

/** A filled slot: its storage key (what the API removes) and its short-lived URL. */
type Photo = { key: string; url: string | null };

/** The filled slots, in order (the API keeps them first: photo 1 is filled while any is). */
const photosOf = (keys: readonly string[], urls: readonly (string | null)[]): Photo[] =>
  keys.flatMap((key, i) => (key ? [{ key, url: urls[i] ?? null }] : []));

interface GalleryProps {
  photos: readonly Photo[];
  editable: boolean;
  /** An upload or a removal under way: no other change starts meanwhile. */
  busy: boolean;
  add: ReturnType<typeof useCorporatePhotoAdd>;
  onAdd: (file: File) => void;
  onRemove: (index: number) => void;
}

/**
 * docs/spec/01.md section 9: five slots, five columns, 200 px rows. A filled slot offers "Quitar"; the first
 * empty one takes a new photo (the gallery is compact, so that is where it lands).
 */
function Gallery({ photos, editable, busy, add, onAdd, onRemove }: GalleryProps) {
  const slots = Array.from({ length: CORPORATE_PHOTO_SLOTS }, (_, i) => photos[i] ?? null);
  return (
    <ul className="photo-gallery" aria-label="Fotos corporativas">
      {slots.map((photo, i) => (
        <li key={photo?.key ?? `vacia-${i}`} className="photo-gallery__slot">
          {photo ? (
            <>
              <SafeImage className="photo-gallery__image" src={photo.url} alt={`Foto corporativa ${i + 1}`} />
              {editable && (
                <div className="photo-gallery__actions">
                  <Button iconName="remove" formAction="none" ariaLabel={`Quitar la foto corporativa ${i + 1}`} disabled={busy} onClick={() => onRemove(i)}>
                    Quitar
                  </Button>
                </div>
              )}
            </>
          ) : (
            <div className={editable && i === photos.length ? 'photo-gallery__placeholder photo-gallery__placeholder--next' : 'photo-gallery__placeholder'}>
              <div className="photo-gallery__empty" role="img" aria-label={`Foto corporativa ${i + 1}: sin foto`}>
                <Icon name="file-open" size="medium" variant="subtle" />
                <span aria-hidden="true">Foto {i + 1}</span>
              </div>
              {editable && i === photos.length && <AddControl add={add} busy={busy} onAdd={onAdd} />}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The first free slot's control: one photo, checked on choosing, uploaded and added at once. */
function AddControl({ add, busy, onAdd }: Pick<GalleryProps, 'add' | 'busy' | 'onAdd'>) {
  if (add.uploading) {
    const progress = add.item?.progress ?? 0;
    return <StatusIndicator type="loading">{progress >= 100 ? 'Verificando…' : `Subiendo ${progress}%`}</StatusIndicator>;
  }
  if (busy) return null;
  return (
    <FileInput
      value={[]}
      accept={acceptFor(KIND)}
      ariaLabel="Agregar foto corporativa"
      invalid={!!add.error}
      onChange={({ detail }) => {
        const file = detail.value[0];
        if (file) onAdd(file);
      }}
    >
      Agregar foto
    </FileInput>
  );
}

/** Asks before a photo leaves the gallery; warns when it is the last one (the panel closes without it). */
function RemoveDialog({ photo, position, last, onClose }: { photo: Photo; position: number; last: boolean; onClose: () => void }) {
  const remove = useQuitarFotoCorporativa();
  return (
    <Modal
      visible
      onDismiss={() => !remove.isPending && onClose()}
      header="¿Quitar esta foto corporativa?"
      closeAriaLabel="Cerrar"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onClose} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              formAction="none"
              loading={remove.isPending}
              loadingText="Quitando la foto"
              onClick={() => remove.mutate(photo.key, { onSuccess: onClose })}
            >
              Quitar foto
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {/* The text says which photo; the preview only shows it. */}
        <SafeImage className="photo-gallery__preview" src={photo.url} alt="" />
        <Box variant="p">
          {last
            ? `La foto ${position} se quitará de la galería. Esta acción no se puede deshacer.`
            : `La foto ${position} se quitará de la galería y las que siguen se moverán un lugar. Esta acción no se puede deshacer.`}
        </Box>
        {last && (
          <Alert type="warning">
            Es la única foto corporativa: sin ella se deshabilitan Mapa de Monitoreo, Gestiona Flota y Registrar Nuevo Usuario hasta que
            agregues otra.
          </Alert>
        )}
        {remove.error && <Alert type="error">{errorMessage(remove.error)}</Alert>}
      </SpaceBetween>
    </Modal>
  );
}

interface CorporatePhotosProps {
  /** The gallery's storage keys ('' for an empty slot) and their URLs, slot by slot. */
  keys: readonly string[];
  urls: readonly (string | null)[];
  /** Admins change the gallery; staff see it. */
  editable: boolean;
}

export function FotosCorporativas({ keys, urls, editable }: CorporatePhotosProps) {
  const titleId = `${CORPORATE_PHOTOS_ID}-titulo`;
  const photos = photosOf(keys, urls);
  const add = useCorporatePhotoAdd();
  const replace = useGalleryReplace();
  const [removing, setRemoving] = useState<number | null>(null);
  const busy = add.uploading || replace.uploading || removing !== null;
  const toRemove = removing === null ? undefined : photos[removing];

  // Each action starts clean: the other flows' messages and results no longer describe the gallery.
  function addPhoto(file: File) {
    replace.clear();
    void add.upload(file);
  }

  function startRemoving(index: number) {
    add.clear();
    replace.clear();
    setRemoving(index);
  }

  return (
    <section id={CORPORATE_PHOTOS_ID} aria-labelledby={titleId}>
      <SpaceBetween size="m">
        <SpaceBetween size="xxs">
          <Box variant="h3" padding="n">
            <span id={titleId}>Fotos corporativas</span>
          </Box>
          <Box variant="small" color="text-body-secondary">
            {`${photos.length} de ${CORPORATE_PHOTO_SLOTS} fotos. `}
            {editable ? `Agrega o quita las fotos una a una. ${RULES}` : 'Solo un administrador de la empresa puede cambiar las fotos corporativas.'}
          </Box>
        </SpaceBetween>
        <FormField errorText={editable ? add.error : undefined} stretch>
          <Gallery photos={photos} editable={editable} busy={busy} add={add} onAdd={addPhoto} onRemove={startRemoving} />
        </FormField>
        {editable && photos.length === CORPORATE_PHOTO_SLOTS && (
          <Box variant="small" color="text-body-secondary">
            La galería está completa: quita una foto para agregar otra.
          </Box>
        )}
        {editable && (
          <GalleryReplace count={photos.length} replace={replace} disabled={add.uploading || removing !== null} onChoose={add.clear} />
        )}
      </SpaceBetween>
      {toRemove && (
        <RemoveDialog photo={toRemove} position={removing! + 1} last={photos.length === 1} onClose={() => setRemoving(null)} />
      )}
    </section>
  );
}
