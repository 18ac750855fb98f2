import { describe, expect, it } from 'vitest';
import { startDriverSimulator } from '../../scripts/local/driver-simulator.js';
import { DEMO_PASSWORD } from '../../scripts/local/demo-users.js';
import { POSICIONES_REFRESCO_MS } from '@shared/domain/recorrido.js';
import { RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { stack, useFunctionEnv } from '../support/clients.js';
import { screenshot } from '../support/browser.js';
import { entrarComo, notificacion, page, url, usePage } from '../support/e2e.js';
import { RECORRIDOS_REFRESCO_MS } from '../../web/src/lib/recorridos.js';
import { servicioReservado } from '../support/servicios.js';
import { abrirMapa } from '../support/e2e-mapa.js';
import { TOAST_DURATION_MS } from '../../web/src/lib/toast.js';
import { EN_CURSO_TEXTO } from '@shared/domain/etiquetas.js';

/*
 * A confirmed service of the demo company through the console (issue "Reserved services"), its trip on
 * the map: the start the server's job announces while the map is open, and the driver moving (the
 * local driver simulator). Each test makes its own trip.
 */

usePage();

describe('reserved service', () => {
  it("announces a trip of the company that the server's job starts on whatever screen the company is, once", async () => {
    useFunctionEnv();
    const { runTick } = await import('../../lambdas/jobs/tick.js');
    // Trips already due (the demo's confirmed one departs within 2 hours) start before the console opens.
    await runTick(new Date());
    // A confirmed trip departing in an hour: due for the job, not started yet.
    // Stored as the FUEC's upload leaves it (its lists' keys, the job's index), its vehicle assigned.
    const salida = new Date(Date.now() + 60 * 60_000).toISOString();
    const id = await servicioReservado('demo-transvalle', { tipo: 'Van', origen: 'Terminal de Cali (prueba inicio)' }, 3, {
      estado: 'confirmado', fuec: true, vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz', fechaSalida: salida,
    });
    // The company is on its fleet, not on the map.
    await entrarComo('admin');
    await page.clock.install();
    const primera = page.waitForResponse((r) => r.url().includes('/recorridos/en-curso') && r.ok());
    await page.goto(url('/panel-control/gestiona-flota'));
    await page.getByRole('heading', { level: 1, name: /Flota/ }).waitFor();
    await primera;

    const { started } = await runTick(new Date());
    expect(started).toContain(id);
    // The shell's next ask (every 10 s, brought at once here) brings it: the toast stays until 'Entendido'.
    const aviso = notificacion(RECORRIDO_MSG.dirigete);
    await page.clock.fastForward(RECORRIDOS_REFRESCO_MS);
    await aviso.waitFor({ timeout: 20_000 });
    await notificacion(RECORRIDO_MSG.iniciado).waitFor();
    await screenshot(page, 'recorrido-iniciado-flota');
    // In the bottom left corner, as on every screen: clear of the page's heading and subtitle, above the bottom bar.
    const area = (await page.getByRole('region', { name: 'Notificaciones' }).boundingBox())!;
    const encabezado = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(area.y).toBeGreaterThan(encabezado.y + encabezado.height + 40);
    expect(area.x).toBeLessThan(40);
    expect(area.y + area.height).toBeLessThanOrEqual((await page.locator('.bottom-nav').boundingBox())!.y);
    // On a phone too: across the bottom, above the bottom bar, inside the screen; in both themes.
    const tamano = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect.poll(async () => (await page.getByRole('region', { name: 'Notificaciones' }).boundingBox())!.width).toBeLessThanOrEqual(390 - 24);
      const movil = (await page.getByRole('region', { name: 'Notificaciones' }).boundingBox())!;
      expect(movil.x).toBeGreaterThanOrEqual(0);
      expect(movil.y + movil.height).toBeLessThanOrEqual((await page.locator('.bottom-nav').boundingBox())!.y);
      await screenshot(page, 'recorrido-iniciado-movil-claro');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'recorrido-iniciado-movil-oscuro');
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(tamano);
    }
    // Past the 5 s a toast without a button lasts (its timers and the asks in between run): still there, once.
    await page.clock.runFor(TOAST_DURATION_MS + RECORRIDOS_REFRESCO_MS);
    expect(await aviso.count()).toBe(1);
    await page.getByRole('button', { name: RECORRIDO_MSG.entendido }).click();
    await aviso.waitFor({ state: 'detached' });
    // Said once: the map, opened next, does not say it again.
    await page.goto(url('/panel-control/monitor-map'));
    await page.locator('.maplibregl-canvas').waitFor({ state: 'visible', timeout: 30_000 });
    await page.clock.runFor(RECORRIDOS_REFRESCO_MS * 2);
    expect(await aviso.count()).toBe(0);
  });

  it('shows the driver of a started trip moving on the map (local driver simulator)', async () => {
    // A started trip near the map's centre, driven by the demo driver's van.
    // Stored whole, with its lists' keys (the API takes a driver's position only for a trip under way).
    const id = await servicioReservado('demo-transvalle', { tipo: 'Van', origen: 'Estadio Pascual Guerrero (prueba conductor)', latOrigen: 3.4446, lonOrigen: -76.5405 }, 3, {
      estado: 'confirmado', fuec: true, recorridoIniciado: true, recorridoIniciadoEn: new Date(Date.now() - 60_000).toISOString(), vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz',
    });
    const s = stack();
    const simulador = startDriverSimulator({
      apiUrl: s.apiUrl, cognitoUrl: s.cognitoEndpoint, userPoolClientId: s.userPoolClientId, dynamodbUrl: s.dynamodbEndpoint, password: DEMO_PASSWORD, log: () => undefined, everyMs: 1000,
    });
    try {
      // The console asks for its drivers every 5 s; the page's clock brings each ask at once.
      const posicion = async () => {
        const respuesta = page.waitForResponse((r) => r.url().includes('/mapa/conductores') && r.status() === 200, { timeout: 10_000 });
        await page.clock.fastForward(POSICIONES_REFRESCO_MS);
        const { conductores } = (await (await respuesta).json()) as { conductores: { servicioId: string; lat: number; lng: number }[] };
        return conductores.find((c) => c.servicioId === id);
      };
      await abrirMapa({ reloj: true });
      let primera = await posicion();
      while (!primera) primera = await posicion();
      const antes = primera;
      // The answers after it, once the simulator (every real second) has reported again: two different places.
      const donde = async () => {
        const p = await posicion();
        return !p ? 'sin el conductor' : p.lat === antes.lat && p.lng === antes.lng ? 'en el mismo lugar' : 'en otro lugar';
      };
      await expect.poll(donde).toBe('en otro lugar');
      // The legend says what the drivers' dot is while one is drawn.
      await page.getByText(/^Conductores en viaje \(\d+\)$/).waitFor();
      await screenshot(page, 'mapa-conductor-en-camino');
      // Its marker says what the lists say of a started trip: 'En curso', not 'Confirmado' (one word per state).
      await page.getByRole('checkbox', { name: /^Confirmado \(\d+\)$/ }).check();
      await page.getByRole('button', { name: /^Servicios visibles/ }).click();
      await page.getByRole('button', { name: /^Ver servicio Van · .*: de Estadio Pascual Guerrero \(prueba conductor\).*, en curso, sale / }).click();
      const detalle = page.getByRole('dialog', { name: /Detalle del servicio/ });
      await detalle.getByText(EN_CURSO_TEXTO, { exact: true }).first().waitFor();
      await screenshot(page, 'mapa-conductor-en-curso');
      await page.keyboard.press('Escape');
      await detalle.waitFor({ state: 'detached' });
      // Beside its dot: the plates, 'En curso' and the time of its last position.
      await expect.poll(() => page.locator('.conductor-etiqueta').allInnerTexts()).toContainEqual(expect.stringMatching(/^VCK512 · En curso · \d{1,2}:\d{2}/));

      // 'Servicios en Curso' takes the trip to the map, centred on its vehicle.
      await page.goto(url('/panel-control/servicios-en-curso'));
      // This test's row: the van may have another trip under way (the test above starts one).
      await page.getByRole('row').filter({ hasText: 'Estadio Pascual Guerrero (prueba conductor)' }).getByRole('button', { name: /^Ver en el mapa el vehículo VCK512/ }).click();
      await page.waitForURL((u) => u.pathname === '/panel-control/monitor-map' && u.searchParams.get('servicio') === id);
      const vista = async () => JSON.parse((await page.locator('.monitor-map__canvas').getAttribute('data-vista')) ?? 'null') as { lat: number; lng: number; zoom: number } | null;
      await expect.poll(async () => {
        const v = await vista();
        return !!v && v.zoom > 14.5 && Math.abs(v.lat - 3.4446) < 0.01 && Math.abs(v.lng + 76.5405) < 0.01;
      }, { timeout: 20_000 }).toBe(true);
      await page.clock.fastForward(POSICIONES_REFRESCO_MS);
      await screenshot(page, 'mapa-centrado-en-vehiculo');
      // 'Ver todos' fits every visible marker again.
      await page.getByRole('button', { name: 'Ver todos' }).click();
      await expect.poll(async () => (await vista())?.zoom ?? 99).toBeLessThan(15);
      // On a phone: 'Ver todos' and the drivers' labels inside the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Ver todos' }).click();
      const boton = (await page.getByRole('button', { name: 'Ver todos' }).boundingBox())!;
      expect(boton.x + boton.width).toBeLessThanOrEqual(390);
      await screenshot(page, 'mapa-ver-todos-movil');
    } finally {
      await simulador.stop();
    }
  });
});
