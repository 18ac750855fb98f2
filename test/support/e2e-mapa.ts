import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { entrarComo, page, url } from './e2e.js';

/** The map's feed is asked again every 5 s (web/src/features/mapa/api/mapa.ts, MAPA_REFRESCO_MS). */
export const MAPA_REFRESCO_MS = 5000;

/**
 * Transvalle's admin (saved sign-in) on the map, drawn; with `lista`, its list of visible services open.
 * With `reloj`, the page's clock is Playwright's (time flows on its own until the test moves it), so a
 * test can bring the next poll at once.
 */
export async function abrirMapa({ reloj = false, lista = false } = {}) {
  await entrarComo('admin');
  if (reloj) await page.clock.install();
  await page.goto(url('/panel-control/monitor-map'));
  // Drawn whole: its canvas shows (hidden while 'Cargando mapa...' does).
  await page.locator('.maplibregl-canvas').waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByText(MAPA_MSG.cargando).waitFor({ state: 'detached' });
  if (lista) await page.getByRole('button', { name: /^Servicios visibles/ }).click();
}
