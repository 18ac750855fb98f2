import { useEffect } from 'react';

const APP_NAME = 'BackOffice Transportadoras Aliadas';

/** Each screen names the tab, so history and screen readers tell screens apart. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
