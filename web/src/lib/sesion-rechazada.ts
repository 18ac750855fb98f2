import { signOut } from 'aws-amplify/auth';
import { clearStoredUsuario } from './me/stored-usuario.js';
import { toast } from './toast.js';

let saliendo = false;

/**
 * The API refused the session (401: expired, revoked, an account disabled): the console signs out
 * here too and the panel sends the user to /login (its RequireAuth follows Amplify's signedOut event),
 * where the API's reason is said. Before, the screen kept offering a 'Reintentar' that could never work.
 */
export async function sesionRechazada(mensaje: string): Promise<void> {
  if (saliendo) return;
  saliendo = true;
  try {
    await signOut().catch(() => undefined);
    clearStoredUsuario();
    // Toasts belong to the page they are raised on: said once the sign-in page is there.
    const hasta = Date.now() + 5000;
    while (window.location.pathname !== '/login' && Date.now() < hasta) await new Promise((r) => setTimeout(r, 50));
    toast.error(mensaje);
  } finally {
    saliendo = false;
  }
}
