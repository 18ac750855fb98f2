import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Tabs that are addresses of their own (staff's lists: the title and a reload follow the tab). The
 * page is mounted anew for the tab chosen, so the focus would fall to its title: a tab chosen from
 * the tab list (arrows, Enter, a click) keeps it there, on the new active tab, and the arrows go on.
 */
export function usePestanasDeRuta(): (ruta: string) => void {
  const navigate = useNavigate();
  const { state } = useLocation();
  const desdePestana = (state as { pestana?: boolean } | null)?.pestana === true;
  useLayoutEffect(() => {
    // On a phone the tabs may be a Select (servicios-page.tsx): its trigger takes the focus back.
    if (desdePestana) document.querySelector<HTMLElement>('.panel-content [role="tab"][aria-selected="true"], .panel-content .pestanas-en-telefono button')?.focus();
  }, [desdePestana]);
  return (ruta) => navigate(ruta, { state: { pestana: true } });
}
