import Box from '@cloudscape-design/components/box';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { SafeImage } from '../../../components/safe-image.js';
import { UploadProgress } from '../../../components/upload-progress.js';
import { acceptFor } from '../../../lib/uploads/upload-files.js';
import { useSinglePhotoUpload } from '../api/use-photo-upload.js';

interface PhotoFieldProps {
  kind: 'fotoPerfil' | 'logo';
  label: string;
  description: string;
  buttonText: string;
  url: string | null;
  fallback: string;
  round?: boolean;
  /** False for company data seen by a `user`: the image shows, the control does not. */
  editable: boolean;
}

/** Profile photo or company logo: the current image and a picker that uploads at once. */
export function PhotoField({ kind, label, description, buttonText, url, fallback, round, editable }: PhotoFieldProps) {
  const { item, error, upload, uploading } = useSinglePhotoUpload(kind);
  return (
    <FormField label={label} description={editable ? description : undefined} errorText={error}>
      <SpaceBetween size="s">
        <SafeImage
          className={round ? 'profile-image profile-image--round' : 'profile-image'}
          src={url}
          fallback={fallback}
          alt={label}
          width={120}
          height={120}
        />
        {editable ? (
          <FileInput
            value={[]}
            accept={acceptFor(kind)}
            ariaLabel={buttonText}
            invalid={!!error}
            onChange={({ detail }) => {
              const file = detail.value[0];
              if (file && !uploading) void upload(file);
            }}
          >
            {buttonText}
          </FileInput>
        ) : (
          <Box variant="small" color="text-body-secondary">
            Solo un administrador de la empresa puede cambiarlo.
          </Box>
        )}
        {item && item.phase !== 'error' && <UploadProgress item={item} />}
      </SpaceBetween>
    </FormField>
  );
}
