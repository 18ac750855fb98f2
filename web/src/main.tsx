import '@cloudscape-design/global-styles/index.css';
import 'virtual:brand-theme.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { preloadPanelCode } from './app/router.js';
import { configureAmplify } from './lib/amplify.js';
import { loadRuntimeConfig } from './lib/config.js';
import { registerServiceWorkerLater } from './lib/service-worker.js';
import { initThemeMode } from './lib/theme.js';

initThemeMode();
registerServiceWorkerLater();
const root = createRoot(document.getElementById('root')!);
const configured = loadRuntimeConfig().then(configureAmplify);
// Opened on a panel address: its code and data are fetched side by side, not one after the other.
const adelanto = preloadPanelCode(window.location.pathname);
if (adelanto)
  import('./app/preload.js')
    .then((m) => m.preloadPanelData(adelanto.screen, adelanto.viewer, configured))
    .catch(() => undefined);

/** Without its runtime config the console cannot reach Cognito or the API: say so plainly. */
function StartupError({ detail }: { detail: string }) {
  return (
    <main className="auth-page" role="alert">
      <div className="auth-page__column">
        <img className="auth-page__logo" src="/logo.svg" alt="TransAliadas" width={88} height={88} />
        <h1>No se pudo iniciar la consola</h1>
        <p>La configuración de la aplicación no está disponible. Inténtalo de nuevo en unos minutos.</p>
        <p>
          <small>{detail}</small>
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          Reintentar
        </button>
      </div>
    </main>
  );
}

configured.then(
  () => {
    // A transition, so React renders the first screen in slices of a few milliseconds instead of one
    // long task that blocks input (Lighthouse's total blocking time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(<StartupError detail={error instanceof Error ? error.message : String(error)} />);
  },
);
