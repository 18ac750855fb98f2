import Link from '@cloudscape-design/components/link';
import { PASSWORD_MIN_LENGTH } from '@shared/constants.js';

/** The show/hide control of a password field, beside its label (FormField's `info` slot). */
export function PasswordToggle({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  return (
    <Link variant="info" ariaLabel={shown ? 'Ocultar contraseña' : 'Mostrar contraseña'} onFollow={() => onChange(!shown)}>
      {shown ? 'Ocultar' : 'Mostrar'}
    </Link>
  );
}

/** The one password rule (PASSWORD_POLICY) in words, under new-password fields (until an error takes its place). */
export const PASSWORD_HINT = `Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`;
