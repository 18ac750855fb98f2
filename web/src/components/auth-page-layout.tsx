import type { ReactNode } from 'react';

/** Frame of the public pages: the logo on top, one narrow column below. */
export function AuthPageLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-page__column">
        <img className="auth-page__logo" src="/logo.svg" alt="TransAliadas" width={88} height={88} />
        {children}
      </div>
    </main>
  );
}
