import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { UploadItem } from '../lib/uploads/use-upload.js';

/** One file's state: uploading with its percentage, in error, or completed (docs/spec/01.md section 4). */
export function UploadProgress({ item }: { item: UploadItem }) {
  if (item.phase === 'uploading')
    return (
      <ProgressBar
        label={item.name}
        value={item.progress}
        status="in-progress"
        additionalInfo={item.progress >= 100 ? 'Verificando…' : 'Subiendo…'}
        ariaLabel={`Subiendo ${item.name}`}
      />
    );
  return (
    <ProgressBar
      label={item.name}
      value={item.progress}
      status={item.phase === 'done' ? 'success' : 'error'}
      resultText={item.phase === 'done' ? 'Completado' : (item.error ?? 'Error')}
    />
  );
}
