import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { reglasDeArchivo } from '@shared/domain/uploads.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { SafeImage } from '../../../components/safe-image.js';
import { StatusText } from '../../../components/status-text.js';
import { acceptFor, checkFile } from '../../../lib/uploads/upload-files.js';

export type SlotKind = 'fotoVehiculo' | 'documentoVehiculo';

export interface FileSlotsProps<S extends string> {
  kind: SlotKind;
  title: string;
  /** The help link beside the title. */
  info?: ReactNode;
  slots: readonly { slot: S; label: string }[];
  /** Files chosen and not saved yet. */
  chosen: Partial<Record<S, File>>;
  onChange: (next: Partial<Record<S, File>>) => void;
  /** The stored files' URLs (editing): shown until a new file replaces them. */
  current?: Partial<Record<S, string | null>>;
  /** Upload progress per slot while saving (0-100). */
  progress?: Partial<Record<S, number>>;
  errors?: Partial<Record<S, string>>;
  disabled?: boolean;
}

const isImage = (file: File) => file.type.startsWith('image/');

/**
 * The vehicle's photo or document slots (docs/spec/02.md sections 2.7 and 5.2): one card per slot with its
 * preview, a chooser for each slot and one for several files at once, which fill the free slots in
 * the spec's order. Each file is checked when chosen (size, and its real type from its bytes); only
 * the first problem is shown. Nothing is uploaded until the form is saved.
 */
export function FileSlots<S extends string>({ kind, title, info, slots, chosen, onChange, current, progress, errors, disabled }: FileSlotsProps<S>) {
  const many = useRef<HTMLInputElement>(null);
  const one = useRef<HTMLInputElement>(null);
  const target = useRef<S | null>(null);
  const previews = useObjectUrls(chosen);
  // A refused file is said where it was chosen (its slot, or under "Elegir varios"), and leaves with
  // the form: a toast would outlive a cancelled form and not say which slot failed. The files added
  // are said in place too: a toast covered the form's next fields for seconds.
  const [problema, setProblema] = useState<{ slot: S | null; texto: string } | null>(null);
  const [agregados, setAgregados] = useState(0);
  // A file the API then refused: 'Se agregaron…' no longer stands beside its message.
  useEffect(() => {
    if (errors && Object.keys(errors).length) setAgregados(0);
  }, [errors]);

  /** Checks each file; the good ones fill `into` in order, the first problem is shown (docs/spec/02.md section 5.2). */
  async function accept(files: File[], into: readonly S[], slot: S | null) {
    setProblema(null);
    setAgregados(0);
    const checked: [S, File][] = [];
    let problem: string | null = null;
    for (const file of files) {
      const issue = await checkFile(kind, file);
      if (issue) problem ??= issue;
      else if (checked.length < into.length) checked.push([into[checked.length]!, file]);
    }
    const left = files.length - checked.length - (problem ? 1 : 0);
    if (checked.length) {
      onChange({ ...chosen, ...Object.fromEntries(checked) });
      setAgregados(checked.length);
    }
    if (problem) setProblema({ slot, texto: problem });
    else if (left > 0) setProblema({ slot, texto: `Solo había ${into.length} ${into.length === 1 ? 'espacio libre' : 'espacios libres'}: ${left} ${left === 1 ? 'archivo no se agregó' : 'archivos no se agregaron'}.` });
  }

  const free = slots.map((s) => s.slot).filter((s) => !chosen[s] && !current?.[s]);
  const label = kind === 'fotoVehiculo' ? 'fotos' : 'documentos';
  const varios = kind === 'fotoVehiculo' ? 'Elegir varias fotos' : 'Elegir varios documentos';

  // The hidden pickers sit outside the spaced layout, which would give each one a gap.
  return (
    <div>
      <input
        ref={many}
        type="file"
        multiple
        hidden
        accept={acceptFor(kind)}
        aria-label={varios}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void accept(files, free, null);
        }}
      />
      <input
        ref={one}
        type="file"
        hidden
        accept={acceptFor(kind)}
        aria-label={`Elegir archivo de ${label}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file && target.current) void accept([file], [target.current], target.current);
        }}
      />
    <SpaceBetween size="s">
      <div>
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <Box variant="h3" tagOverride="h3">
            {title}
          </Box>
          {info}
        </SpaceBetween>
        {/* What fits, said before choosing (it was learnt by failing). */}
        <Box variant="small" color="text-body-secondary">
          {reglasDeArchivo(kind)}
        </Box>
      </div>
      <ul className="file-slots" aria-label={title}>
        {slots.map(({ slot, label: slotLabel }) => {
          const file = chosen[slot];
          const stored = current?.[slot];
          const percent = progress?.[slot];
          return (
            <li key={slot} className="file-slots__slot">
              <div className="file-slots__preview">
                {file && isImage(file) ? (
                  <img src={previews[slot]} alt={`${slotLabel} (nuevo)`} />
                ) : file ? (
                  <DocumentTile name={file.name} />
                ) : stored && kind === 'fotoVehiculo' ? (
                  <SafeImage src={stored} alt={slotLabel} />
                ) : stored ? (
                  <DocumentTile name="Archivo guardado" href={stored} />
                ) : (
                  <span className="file-slots__empty">
                    <Icon name={kind === 'fotoVehiculo' ? 'file' : 'file-open'} size="medium" />
                    Sin archivo
                  </span>
                )}
              </div>
              <Box fontWeight="bold" fontSize="body-s">
                {slotLabel}
              </Box>
              {percent !== undefined && file ? (
                <ProgressBar value={percent} ariaLabel={`Subiendo ${slotLabel}`} />
              ) : problema?.slot === slot ? (
                <Rechazo texto={problema.texto} />
              ) : errors?.[slot] ? (
                <span className="file-slots__error">
                  <StatusText type="error">{errors[slot]}</StatusText>
                </span>
              ) : null}
              <SpaceBetween size="xxs" direction="horizontal">
                {/* formAction none: inside the vehicle form, a Cloudscape button submits by default. */}
                <Button
                  variant="inline-link"
                  formAction="none"
                  disabled={disabled}
                  ariaLabel={`${file || stored ? 'Cambiar' : 'Elegir'} ${slotLabel}`}
                  onClick={() => {
                    target.current = slot;
                    one.current?.click();
                  }}
                >
                  {file || stored ? 'Cambiar' : 'Elegir'}
                </Button>
                {file && (
                  <Button
                    variant="inline-link"
                    formAction="none"
                    disabled={disabled}
                    ariaLabel={`Quitar ${slotLabel}`}
                    onClick={() => {
                      const next = { ...chosen };
                      delete next[slot];
                      onChange(next);
                    }}
                  >
                    Quitar
                  </Button>
                )}
              </SpaceBetween>
            </li>
          );
        })}
      </ul>
      <Button iconName="upload" formAction="none" disabled={disabled || free.length === 0} onClick={() => many.current?.click()}>
        {varios}
      </Button>
      <div role="status">{agregados > 0 && <StatusIndicator type="success">{VEHICULO_MSG.archivosAgregados(agregados)}</StatusIndicator>}</div>
      {problema && problema.slot === null && <Rechazo texto={problema.texto} />}
    </SpaceBetween>
    </div>
  );
}

/** Why a chosen file was refused, announced as it appears. */
function Rechazo({ texto }: { texto: string }) {
  return (
    <div role="alert">
      <StatusText type="error">{texto}</StatusText>
    </div>
  );
}

/** A document's tile: a generic icon (spec: broken document previews fall back to one) and its name. */
function DocumentTile({ name, href }: { name: string; href?: string }) {
  const body = (
    <span className="file-slots__document">
      <Icon name="file" size="large" />
      <span className="file-slots__name">{name}</span>
    </span>
  );
  return href ? (
    <a href={href} target="_blank" rel="noreferrer">
      {body}
    </a>
  ) : (
    body
  );
}

/** Object URLs of the chosen image files, revoked when a file leaves or the component goes. */
function useObjectUrls<S extends string>(files: Partial<Record<S, File>>): Partial<Record<S, string>> {
  const urls = useMemo(
    () => Object.fromEntries(Object.entries<File | undefined>(files).flatMap(([slot, file]) => (file && isImage(file) ? [[slot, URL.createObjectURL(file)]] : []))),
    [files],
  ) as Partial<Record<S, string>>;
  useEffect(() => () => Object.values<string | undefined>(urls).forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  return urls;
}
