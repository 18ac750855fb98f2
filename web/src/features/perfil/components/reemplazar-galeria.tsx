import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { CORPORATE_PHOTO_SLOTS } from '@shared/schemas/empresa.js';
import { PERFIL_MSG } from '@shared/schemas/messages.js';
import { UploadProgress } from '../../../components/upload-progress.js';
import { acceptFor, checkFile, fileType } from '../../../lib/uploads/upload-files.js';
import { useGalleryReplace } from '../api/use-photo-upload.js';

/** The corporate photos' upload kind. */
export const KIND = 'fotoCorporativa';

/** docs/spec/01.md section 5's hint: replacing means choosing the whole new gallery at once. */
export const GALLERY_HINT = 'Elige de una vez todas las fotos que quieres mostrar (hasta 5): reemplazan a las actuales.';

/** Replacing the whole gallery at once: the new photos chosen, checked and uploaded together. */

interface ReplaceProps {
  /** Photos on show now: replacing them asks first; an empty gallery has nothing to lose. */
  count: number;
  replace: ReturnType<typeof useGalleryReplace>;
  disabled: boolean;
  /** A new selection: older messages elsewhere in the block no longer apply. */
  onChoose: () => void;
}

/**
 * A chosen file as its bytes say it is: one named .png that is no image loses its image type, so
 * its token shows no (broken) thumbnail.
 */
async function asRead(file: File): Promise<File> {
  const type = await fileType(file);
  if (type?.startsWith('image/') || !file.type.startsWith('image/')) return file;
  return new File([file], file.name, { type: type ?? 'application/octet-stream', lastModified: file.lastModified });
}

/** Several photos at once that become the whole gallery (docs/spec/01.md section 5), after a confirmation. */
export function GalleryReplace({ count, replace, disabled, onChoose }: ReplaceProps) {
  const { items, error, upload, uploading, clear } = replace;
  const [files, setFiles] = useState<File[]>([]);
  /** What reading each chosen file found (its real type and size), by file. */
  const [problems, setProblems] = useState<ReadonlyMap<File, string | null>>(new Map());
  const [selectionError, setSelectionError] = useState<string>();
  const [asking, setAsking] = useState(false);

  const tooMany = files.length > CORPORATE_PHOTO_SLOTS;
  const fileErrors = files.map((file, i) => {
    const item = items[i];
    if (item?.phase === 'error' && item.name === file.name) return item.error ?? PERFIL_MSG.fotoNoSubida;
    return problems.get(file) ?? null;
  });

  function choose(value: File[]) {
    // FileUpload adds a new choice to the files listed; here a new choice is the new selection,
    // and taking a file out (no new file) keeps the rest.
    const added = value.filter((file) => !files.includes(file));
    const next = added.length ? added : value;
    setFiles(next);
    setProblems((current) => new Map([...current].filter(([file]) => next.includes(file))));
    setSelectionError(next.length > CORPORATE_PHOTO_SLOTS ? PERFIL_MSG.maxFotos : undefined);
    if (!uploading) clear();
    onChoose();
    for (const file of added) void inspect(file);
  }

  /** Reads a chosen file's first bytes: its error shows on its token before anything is sent. */
  async function inspect(file: File) {
    const [problem, shown] = await Promise.all([checkFile(KIND, file), asRead(file)]);
    if (shown !== file) setFiles((current) => current.map((f) => (f === file ? shown : f)));
    setProblems((current) => new Map(current).set(shown, problem));
  }

  async function send() {
    setAsking(false);
    if (await upload(files)) {
      setFiles([]);
      setProblems(new Map());
    }
  }

  async function submit() {
    if (files.length === 0) return setSelectionError(PERFIL_MSG.minFotos);
    if (tooMany) return setSelectionError(PERFIL_MSG.maxFotos);
    // A file still being read is read here; nothing refused is sent.
    const found = await Promise.all(files.map((file) => (problems.has(file) ? problems.get(file)! : checkFile(KIND, file))));
    setProblems(new Map(files.map((file, i) => [file, found[i]!])));
    if (found.some(Boolean)) return;
    setSelectionError(undefined);
    if (count > 0) setAsking(true);
    else await send();
  }

  return (
    <ExpandableSection headerText={count > 0 ? 'Reemplazar toda la galería' : 'Subir varias fotos a la vez'} defaultExpanded={count === 0}>
      <SpaceBetween size="m">
        <FormField
          label={count > 0 ? 'Fotos de la nueva galería' : 'Fotos corporativas a subir'}
          description={GALLERY_HINT}
          errorText={selectionError ?? (tooMany ? PERFIL_MSG.maxFotos : undefined)}
          stretch
        >
          <FileUpload
            multiple
            accept={acceptFor(KIND)}
            value={files}
            onChange={({ detail }) => choose(detail.value)}
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
        <Button formAction="none" onClick={() => void submit()} loading={uploading} loadingText="Subiendo fotos" disabled={tooMany || disabled}>
          {count > 0 ? 'Reemplazar galería' : 'Subir fotos'}
        </Button>
        {error && <Alert type="error">{`${PERFIL_MSG.errorFotos}${error}`}</Alert>}
        {items.length > 0 && (
          <SpaceBetween size="s">
            {items.map((item, i) =>
              // A refused photo still in the selection shows its error on its own token.
              item.phase === 'error' && files[i]?.name === item.name ? null : <UploadProgress key={`${i}-${item.name}`} item={item} />,
            )}
          </SpaceBetween>
        )}
      </SpaceBetween>
      <Modal
        visible={asking}
        onDismiss={() => setAsking(false)}
        header="¿Reemplazar toda la galería?"
        closeAriaLabel="Cerrar"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" formAction="none" onClick={() => setAsking(false)}>
                Cancelar
              </Button>
              <Button variant="primary" formAction="none" onClick={() => void send()}>
                Reemplazar galería
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <Box variant="p">
          {`Se quitarán ${count === 1 ? 'la foto actual' : `las ${count} fotos actuales`} y la galería quedará con ${
            files.length === 1 ? 'la foto elegida' : `las ${files.length} fotos elegidas, en este orden`
          }. Esta acción no se puede deshacer.`}
        </Box>
      </Modal>
    </ExpandableSection>
  );
}
