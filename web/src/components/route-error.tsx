import { useRouteError } from 'react-router-dom';
import { AuthPageLayout } from './auth-page-layout.js';

/**
 * What a person sees when a screen fails to render or its code cannot be fetched (a release replaced
 * the files, or the network dropped): a plain Spanish page with a way out, never the router's
 * English developer page.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <AuthPageLayout>
      <div role="alert">
        <h1>Algo salió mal</h1>
        <p>No se pudo mostrar esta página. Recárgala para intentarlo de nuevo; si vuelve a pasar, inténtalo en unos minutos.</p>
        <p>
          <button type="button" onClick={() => window.location.reload()}>
            Recargar la página
          </button>{' '}
          <a href="/">Ir al inicio</a>
        </p>
      </div>
    </AuthPageLayout>
  );
}
