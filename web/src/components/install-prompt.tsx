import { lazy, Suspense, useEffect, useState } from 'react';
import { POSPUESTA_HASTA, type BeforeInstallPromptEvent } from './install-offer.js';

// The dialog's code loads only when the browser actually offers installation.
const InstallDialog = lazy(() => import('./install-dialog.js'));

/** docs/spec/01.md "Global extras": an install dialog, shown only when the browser offers installation. */
export function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-infobar away; our dialog asks instead.
      event.preventDefault();
      if (Number(localStorage.getItem(POSPUESTA_HASTA)) > Date.now()) return;
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <InstallDialog offer={offer} onClose={() => setOffer(null)} />
    </Suspense>
  );
}
