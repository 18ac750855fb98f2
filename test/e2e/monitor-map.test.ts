import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAPA_MSG, OFERTA_MSG } from '@shared/schemas/messages-servicios.js';
import { screenshot } from '../support/browser.js';
import { dismissToasts, entrarComo, page, retener, shots, url, usePage } from '../support/e2e.js';
import { appApi, servicioPublicado } from '../support/servicios.js';
import { abrirMapa, MAPA_REFRESCO_MS } from '../support/e2e-mapa.js';
import { MAPA_LOCALE } from '../../web/src/features/mapa/map-locale.js';

/*
 * The monitor map end to end (issue "Monitor map, service detail and price offers"): the demo admin
 * sees pending services drawn by MapLibre (WebGL in headless Chromium), toggles a legend state, sees a
 * service the client app publishes appear without a reload, opens its marker, offers through the
 * confirm flow (1234001 becomes $ 1.235.000) and sees it turn orange.
 */

// The map's own files (outline, feed) are held back or failed by the page's routes, which a service
// worker's cached copy would answer past (usePage blocks it).
usePage();

const legend = (estado: string) => page.getByRole('checkbox', { name: new RegExp(`^${estado} \\(\\d+\\)$`) });

/** Where MapLibre draws a point (Web Mercator, 512-px tiles) on the map's canvas, from its centre and zoom. */
async function pixelOf(lat: number, lng: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
  // The view the map stands at (it fits the visible markers first): its centre and zoom, from the canvas's box.
  const vista = JSON.parse((await page.locator('.monitor-map__canvas').getAttribute('data-vista'))!) as { lng: number; lat: number; zoom: number };
  const world = 512 * 2 ** vista.zoom;
  const x = (g: number) => ((g + 180) / 360) * world;
  const y = (a: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (a * Math.PI) / 360)) / Math.PI) / 2) * world;
  return { x: box.x + box.width / 2 + x(lng) - x(vista.lng), y: box.y + box.height / 2 + y(lat) - y(vista.lat) };
}

/** Colombia's outline, which the offline map's style loads first. */
const CONTORNO = '**/map/colombia.geojson';
/**
 * Holds the outline back until the function it returns is called (which lets it on and removes the
 * route), so the map is still drawing while a test looks, however slow the machine.
 */
async function frenarContorno(): Promise<() => Promise<void>> {
  let soltar!: () => void;
  const suelto = new Promise<void>((listo) => (soltar = listo));
  const frenar = (r: Route) => retener(r, suelto);
  await page.route(CONTORNO, frenar);
  return async () => {
    soltar();
    await page.unroute(CONTORNO, frenar);
  };
}

/** The next ask of the feed, brought at once by the page's clock (installed by `abrirMapa({ reloj: true })`). */
async function siguienteConsulta() {
  const respuesta = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/mapa'), { timeout: 10_000 });
  await page.clock.fastForward(MAPA_REFRESCO_MS);
  await respuesta;
}

describe('monitor map', () => {
  it('shows the pending services of the fleet, and a legend whose checkboxes show the other states', async () => {
    await entrarComo('admin');
    // MapLibre's canvas stays hidden while 'Cargando mapa...' shows (held here by a slow outline of
    // Colombia), and appears once drawn whole.
    const visibilidad = () => page.locator('.maplibregl-canvas').evaluate((c) => getComputedStyle(c).visibility);
    const soltarContorno = await frenarContorno();
    try {
      await page.goto(url('/panel-control/monitor-map'));
      await page.locator('.maplibregl-canvas').waitFor({ state: 'attached' });
      await page.getByText(MAPA_MSG.cargando).waitFor();
      expect(await visibilidad()).toBe('hidden');
    } finally {
      await soltarContorno();
    }
    await page.getByText(MAPA_MSG.cargando).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await visibilidad()).toBe('visible');
    await expect.poll(() => page.getByText(/^Pendiente \(\d+\)$/).innerText()).toMatch(/^Pendiente \([1-9]\d*\)$/);
    // No zoom, fullscreen or other controls: only the attribution.
    expect(await page.locator('.maplibregl-ctrl-zoom-in, .maplibregl-ctrl-fullscreen, .maplibregl-ctrl-compass').count()).toBe(0);
    // MapLibre's own labels, which screen readers read, in Spanish (its default is English).
    expect(await page.locator('.maplibregl-canvas').getAttribute('aria-label')).toBe(MAPA_LOCALE['Map.Title']);
    expect(await page.locator('.maplibregl-ctrl-attrib-button').getAttribute('aria-label')).toBe(MAPA_LOCALE['AttributionControl.ToggleAttribution']);
    expect(await legend('Pendiente').isChecked()).toBe(true);
    for (const e of ['Ofertas', 'Validando pago', 'Reservado', 'Confirmado', 'Finalizado']) expect(await legend(e).isChecked()).toBe(false);
    await page.getByRole('button', { name: /^Servicios visibles/ }).click();
    const visibles = async () => Number((await page.getByRole('button', { name: /^Servicios visibles/ }).innerText()).match(/\((\d+)\)/)![1]);
    const soloPendientes = await visibles();
    await legend('Reservado').check();
    await expect.poll(visibles).toBeGreaterThan(soloPendientes);
    // The demo's reservation whose departure passed without its vehicle is marked in the list.
    await page.getByRole('button', { name: /, reservado, vencida, sale / }).first().waitFor();
    await shots('mapa-monitoreo');
    await legend('Reservado').uncheck();
    await expect.poll(visibles).toBe(soloPendientes);
  });

  it('shows a service the client app publishes without a reload, and takes an offer on it through the confirm flow', async () => {
    const lat = 3.4702;
    const lng = -76.4985;
    await abrirMapa({ reloj: true, lista: true });
    const servicio = servicioPublicado({ tipo: 'Van', latOrigen: lat, lonOrigen: lng, origen: 'Parque de la Caña, Cali (prueba e2e)', pasajeros: 14 });
    expect((await appApi('POST', '/integracion/cliente/servicios', servicio)).status).toBe(201);
    // The map polls every 5 s (the next poll brought at once): the new service appears in the visible list, no reload.
    await siguienteConsulta();
    await page.getByRole('button', { name: /Parque de la Caña/ }).waitFor({ timeout: 15_000 });

    // Its marker, on the canvas where MapLibre draws (lat, lng).
    const at = await pixelOf(lat, lng);
    await page.mouse.click(at.x, at.y);
    const detail = page.getByRole('dialog', { name: /Detalle del servicio/ });
    await detail.getByText('Parque de la Caña, Cali (prueba e2e)').waitFor();
    await detail.getByText('Sin paradas').waitFor();
    await detail.getByText('No contrató retorno').waitFor();
    await detail.getByText(/^Recibe ofertas hasta el /).waitFor();
    await expect.poll(() => detail.locator('.countdown__unit').count()).toBe(4);
    // The deadline to offer is beside the countdown, before the service's data; nothing assigned yet, that section is closed.
    const y = async (texto: string | RegExp) => (await detail.getByText(texto).first().boundingBox())!.y;
    expect(await y(/^Recibe ofertas hasta el /)).toBeLessThan(await y('Origen'));
    expect(await detail.getByRole('button', { name: 'Proveedores Asignados' }).getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'mapa-detalle-servicio');
    // The demo data already has offers of this company (seed): this one adds one more.
    const ofertasAntes = Number((await page.getByText(/^Ofertas \(\d+\)$/).innerText()).match(/\d+/)![0]);
    await detail.getByRole('button', { name: 'Hacer Oferta' }).click();

    const offer = page.getByRole('dialog', { name: 'Realiza tu oferta por este servicio' });
    await offer.getByRole('heading', { name: 'Envía tu oferta' }).waitFor();
    // Who asked for the service, read-only (docs/spec/02.md section 5.1).
    await offer.getByText('Solicitante', { exact: true }).waitFor();
    // The price box has the focus from the start (not the dialog's X).
    await expect.poll(() => offer.getByLabel(/Valor de la oferta/).evaluate((el) => el === document.activeElement)).toBe(true);
    await offer.getByRole('button', { name: 'Confirme su Oferta' }).click();
    await offer.getByText(OFERTA_MSG.valorInvalido).waitFor();
    const price = offer.getByLabel(/Valor de la oferta/);
    // The field in error has the focus, its message read with it.
    await expect.poll(() => price.evaluate((el) => el === document.activeElement)).toBe(true);
    await price.fill('1.234.001 COP');
    expect(await price.inputValue()).toBe('1234001');
    // A comma starts cents: said at once and kept in sight until taken out (dropped, "850.000,50" read 85000050).
    await price.pressSequentially(',50');
    await offer.getByText(OFERTA_MSG.sinCentavos).waitFor();
    expect(await price.inputValue()).toBe('1234001,50');
    expect(await offer.getByText(/^Se ofertará/).count()).toBe(0);
    await offer.getByRole('button', { name: 'Confirme su Oferta' }).click();
    await offer.getByText(OFERTA_MSG.sinCentavos).waitFor();
    expect(await page.getByRole('dialog', { name: 'Confirme su oferta' }).count()).toBe(0);
    await price.fill('1.234.001 COP');
    await offer.getByText(OFERTA_MSG.sinCentavos).waitFor({ state: 'hidden' });
    // A typed price is not lost to a stray Escape: it asks first, and 'Seguir editando' keeps it.
    await price.press('Escape');
    const descartar = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await descartar.getByText('La oferta que preparaste no se enviará.').waitFor();
    await screenshot(page, 'mapa-oferta-descartar');
    // The safe answer has the focus: Enter keeps the price.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Seguir editando');
    await page.keyboard.press('Enter');
    await descartar.waitFor({ state: 'hidden' });
    expect(await price.inputValue()).toBe('1234001');
    await offer.getByRole('button', { name: 'Confirme su Oferta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirme su oferta' });
    await confirm.getByText('$ 1.235.000').waitFor();
    // 'No' starts over.
    await confirm.getByRole('button', { name: 'No', exact: true }).click();
    expect(await price.inputValue()).toBe('');
    await price.fill('1234001');
    // Enter in the price box asks for the confirmation too.
    await price.press('Enter');
    await confirm.getByText('$ 1.235.000').waitFor();
    await screenshot(page, 'mapa-confirmar-oferta');
    await confirm.getByRole('button', { name: 'Si', exact: true }).click();
    // es-CO puts a no-break space after the sign.
    expect((await price.inputValue()).replace(/\u00a0/g, ' ')).toBe('$ 1.235.000');
    await offer.getByRole('button', { name: 'Enviar Oferta' }).click();
    await page.getByText(OFERTA_MSG.enviada).waitFor();
    await offer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/panel-control/monitor-map');

    // Orange: counted under Ofertas, drawn once that state is visible.
    await expect.poll(() => page.getByText(/^Ofertas \(\d+\)$/).innerText()).toBe(`Ofertas (${ofertasAntes + 1})`);
    await legend('Ofertas').check();
    await dismissToasts();
    await screenshot(page, 'mapa-oferta-naranja');
    // Its detail now shows the amount and no longer offers to make one.
    await page.mouse.click(at.x, at.y);
    await detail.getByText('$ 1.235.000').waitFor();
    expect(await detail.getByRole('button', { name: 'Hacer Oferta' }).count()).toBe(0);
    // Withdrawn before the client accepts it, asked first: the client sees it withdrawn, no other can be sent.
    await detail.getByRole('button', { name: OFERTA_MSG.retirar }).click();
    const retiro = page.getByRole('dialog', { name: /^¿Retiras tu oferta de \$\s1\.235\.000\?$/ });
    await retiro.getByText(OFERTA_MSG.retirarExplicacion).waitFor();
    await screenshot(page, 'mapa-retirar-oferta');
    await retiro.getByRole('button', { name: 'Sí, retirar oferta' }).click();
    await page.getByText(OFERTA_MSG.retirada).waitFor();
    // Raised over the open detail: in the bottom left corner, off the dialog's title and close button.
    const aviso = (await page.getByRole('region', { name: 'Notificaciones' }).boundingBox())!;
    const titulo = (await detail.getByRole('heading').first().boundingBox())!;
    expect(aviso.y).toBeGreaterThan(titulo.y + titulo.height);
    expect(aviso.x).toBeLessThan(40);
    // …and above the bottom bar, whose tab labels it covered once the dialog closed.
    const barra = (await page.locator('.bottom-nav').boundingBox())!;
    expect(aviso.y + aviso.height).toBeLessThanOrEqual(barra.y);
    await detail.getByText(OFERTA_MSG.estadoRetirada, { exact: true }).waitFor();
    expect(await detail.getByRole('button', { name: OFERTA_MSG.retirar }).count()).toBe(0);
    // A request again to this company (pending), on which it cannot offer again, and says why.
    expect(await detail.getByRole('button', { name: 'Hacer Oferta' }).isDisabled()).toBe(true);
    await detail.getByText(/^Recibe ofertas de otras empresas hasta el /).waitFor();
    await expect.poll(() => page.getByText(/^Ofertas \(\d+\)$/).innerText()).toBe(`Ofertas (${ofertasAntes})`);
    const ofertas = (await appApi('GET', `/integracion/cliente/servicios/${servicio.id}/ofertas`)).json.items as { estado: string; vigente: boolean }[];
    expect(ofertas).toEqual([expect.objectContaining({ estado: 'retirada', vigente: false })]);
    await detail.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  });

  it('does not offer on a service none of its vehicles could take, and says why', async () => {
    // Transportes del Valle's one Bus is not validated and its SOAT expired.
    const servicio = servicioPublicado({ tipo: 'Bus', latOrigen: 3.4555, lonOrigen: -76.5205, origen: 'Terminal de Transportes, Cali (prueba sin vehículo)', pasajeros: 40 });
    expect((await appApi('POST', '/integracion/cliente/servicios', servicio)).status).toBe(201);
    // Published before the map opens: its first feed has it.
    await abrirMapa({ lista: true });
    await page.getByRole('button', { name: /Terminal de Transportes, Cali \(prueba sin vehículo\)/ }).click({ timeout: 15_000 });
    const detail = page.getByRole('dialog', { name: /Detalle del servicio/ });
    // In the dialog, and read out with the disabled button (its reason).
    await expect.poll(() => detail.getByText(/^Ningún vehículo tipo Bus de tu flota puede hacer este viaje/).count()).toBe(2);
    expect(await detail.getByRole('button', { name: 'Hacer Oferta' }).getAttribute('aria-disabled')).toBe('true');
    await shots('mapa-sin-vehiculo-apto');
    await detail.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  });

  it('warns with a button to the fleet when the company has no vehicle types', async () => {
    await entrarComo('admin');
    const sinTipos = (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ tipos: [], servicios: [] }) });
    await page.route('**/mapa', sinTipos);
    try {
      // The map's outline held back: the warning shows alone in the middle, not over 'Cargando mapa...'.
      const soltarContorno = await frenarContorno();
      try {
        await page.goto(url('/panel-control/monitor-map'));
        await page.getByText(MAPA_MSG.sinTipos).waitFor();
        // No legend of states for a fleet that can take none (it shows while the feed loads).
        await page.getByText('Estados de los servicios').waitFor({ state: 'detached' });
        expect(await page.locator('.monitor-map--cargando').count(), 'el mapa aún se dibuja').toBe(1);
        expect(await page.getByText(MAPA_MSG.cargando).count()).toBe(0);
      } finally {
        await soltarContorno();
      }
      await shots('mapa-sin-tipos');
      await page.getByRole('button', { name: 'Ir a Gestión de Flota' }).click();
      await page.waitForURL(/gestiona-flota/);
      await page.waitForFunction(() => document.title.startsWith('Gestiona Flota ·'));
    } finally {
      await page.unroute('**/mapa', sinTipos);
    }
  });

  it("shows the legend's states while the feed loads, and their counts once it answers", async () => {
    let soltar!: () => void;
    const suelto = new Promise<void>((listo) => (soltar = listo));
    const frenar = (r: Route) => retener(r, suelto);
    await entrarComo('admin');
    await page.route('**/mapa', frenar);
    try {
      await page.goto(url('/panel-control/monitor-map'));
      await page.getByText(MAPA_MSG.cargandoServicios).waitFor();
      // The states and their checkboxes, without counts; no list of services yet.
      expect(await page.getByRole('checkbox', { name: 'Pendiente', exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Reservado', exact: true }).isChecked()).toBe(false);
      expect(await page.getByRole('button', { name: /^Servicios visibles/ }).count()).toBe(0);
      await shots('mapa-cargando-servicios');
      soltar();
      await legend('Pendiente').waitFor();
      expect(await page.getByText(MAPA_MSG.cargandoServicios).count()).toBe(0);
      await page.getByRole('button', { name: /^Servicios visibles \(\d+\)$/ }).waitFor();
    } finally {
      soltar();
      await page.unroute('**/mapa', frenar);
    }
  });

  it('says so when the base map cannot be loaded, and still shows the services', async () => {
    await entrarComo('admin');
    const fallar = (r: Route) => r.fulfill({ status: 500, body: '' });
    await page.route(CONTORNO, fallar);
    try {
      await page.goto(url('/panel-control/monitor-map'));
      await page.getByText(MAPA_MSG.fondoFallido).waitFor();
      await legend('Pendiente').waitFor();
      // Drawn without the outline: the canvas shows, no 'Cargando mapa...' left over it.
      await page.locator('.monitor-map--cargando').waitFor({ state: 'detached', timeout: 30_000 });
      expect(await page.getByText(MAPA_MSG.cargando).count()).toBe(0);
      await shots('mapa-sin-fondo');
    } finally {
      await page.unroute(CONTORNO, fallar);
    }
  });
});
