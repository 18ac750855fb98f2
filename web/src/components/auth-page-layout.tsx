import Button from '@cloudscape-design/components/button';
import type { ReactNode } from 'react';
import { useThemeMode } from '../lib/theme.js';

/** Frame of the public pages: the theme switch, the logo on top, one narrow column below. */
export function AuthPageLayout({ children }: { children: ReactNode }) {
  const { mode, toggle } = useThemeMode();
  const themeLabel = mode === 'dark' ? 'Cambiar a modo claro' : 'Cambiar a modo oscuro';
  return (
    <main className="auth-page">
      <div className="auth-page__theme">
        <Button variant="icon" iconName="light-dark" ariaLabel={themeLabel} onClick={toggle} />
      </div>
      <div className="auth-page__column">
        <img className="auth-page__logo" src="/logo.svg" alt="TransAliadas" width={88} height={88} />
        {children}
      </div>
    </main>
  );
}
