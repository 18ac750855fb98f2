import { randomUUID } from 'node:crypto';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTAS_PROVEEDORES } from '@shared/domain/proveedores.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, idToken } from '../support/clients.js';
import { abrir, relojHasta, entrarComo, openMenu, page, retener, shots, sideMenu, sinRed, url, usePage } from '../support/e2e.js';
import { chip, conteo, fila, unico } from '../support/e2e-proveedores.js';
import { appApi } from '../support/servicios.js';

/*
 * The provider validation panel through the console (issue "provider validation panel"), its lists and
 * counts, as the demo marketplace staff member: the seed's lists and counts, each list, counts that
 * could not be read, counts that follow a change made elsewhere; and a company admin who has no entry
 * and is refused by the API. Validating, welcoming and suspending are proveedores-validacion.test.ts's.
 *
 * The providers a test registers are its own, registered as the provider apps register them: the
 * seed's providers stay as the seed left them, whatever ran before, and the counts are read before and
 * after, not as the seed's numbers.
 */

usePage({ viewport: { width: 1280, height: 1000 } });

/** The counts as the API has them, by list id. */
async function conteosApi(): Promise<Record<string, number>> {
  const token = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
  const r = await api('/plataforma/proveedores/resumen', { token });
  expect(r.status).toBe(200);
  return r.json.conteos as Record<string, number>;
}

describe('provider validation panel', () => {
  it('shows the seed\'s lists with the counts the server keeps, and every list, from the side menu', async () => {
    await entrarComo('plataforma');
    await page.goto(url('/panel-control'));
    // The panel's home sends staff on to their start page once it knows who they are: a link followed
    // before that was overridden by it (a red run under load ended on /inicio).
    await page.waitForURL(/\/panel-control\/inicio$/);
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Usuarios' }).click();
    await page.waitForURL(/\/panel-control\/usuarios$/);
    // List 1 opens by default, its chip pressed.
    await page.getByRole('heading', { level: 2, name: /^Conductores Nuevos/ }).waitFor();
    expect(await chip('Conductores Nuevos').getAttribute('aria-pressed')).toBe('true');
    await fila('Fredy Alexander Quiñones').waitFor();
    // The demo seed (scripts/local/seed-proveedores.ts and the fleet's unvalidated vehicles): the other
    // provider tests (here and in proveedores-validacion.test.ts) only add providers of their own, and
    // the other files add vehicles to the fleets, so each list holds at least the seed's, and each chip
    // says what the server counts.
    const seed: Record<string, number> = {
      'Conductores Nuevos': 6,
      'Conductores por Validar': 6,
      'Conductores Activos': 9,
      'Operadores Nuevos': 5,
      'Operadores Activos': 6,
      'Guías Nuevos': 6,
      'Guías por Validar': 5,
      'Guías Activos': 5,
    };
    const servidor = await conteosApi();
    for (const lista of LISTAS_PROVEEDORES) {
      expect(await conteo(lista.titulo), lista.titulo).toBe(servidor[lista.id]);
      expect(await conteo(lista.titulo), lista.titulo).toBeGreaterThanOrEqual(seed[lista.titulo]!);
    }
    await shots('proveedores-panel');

    for (const lista of LISTAS_PROVEEDORES) {
      await chip(lista.titulo).click();
      await page.getByRole('heading', { level: 2, name: new RegExp(`^${lista.titulo}`) }).waitFor();
      expect(await chip(lista.titulo).getAttribute('aria-pressed')).toBe('true');
      // Each seeded list shows its rows (an empty one would show the spec's message, lista.vacio).
      await page.getByRole('button', { name: /^Ver detalle de / }).first().waitFor();
      // A new guide already welcomed says so in the list (only its detail said it).
      if (lista.id === 'guias-nuevos') {
        await fila('Julián David Sarria').getByText(/^Bienvenida enviada el \d{1,2}\/\d{1,2}\/\d{4}$/).waitFor();
        expect(await fila('Camila Andrea Valencia').getByText(/Bienvenida enviada/).count()).toBe(0);
      }
    }
    // The filter asks the server, accents and case aside; nothing found says so.
    await chip('Conductores Activos').click();
    await page.getByRole('searchbox', { name: 'Buscar proveedores' }).fill('LOZANO');
    await fila('Ana María Lozano').waitFor();
    // Beside the box, what the search found (the heading keeps the list's count).
    await page.getByText('1 coincidencia', { exact: true }).first().waitFor();
    // While a search is on its way (held back here until the list was seen saying so) the list says
    // so, instead of the rows it had: the request has left, so it is no longer the typing's pause.
    const busqueda = /\/plataforma\/proveedores\/listas\/.*[?&]q=nadie/;
    let llego!: () => void;
    const enCamino = new Promise<void>((r) => (llego = r));
    let soltar!: () => void;
    const suelta = new Promise<void>((r) => (soltar = r));
    const retenida = (route: Route) => {
      llego();
      return retener(route, suelta);
    };
    await page.route(busqueda, retenida);
    try {
      await page.getByRole('searchbox', { name: 'Buscar proveedores' }).fill('nadie se llama así');
      await enCamino;
      await page.getByText('Buscando proveedores').waitFor();
      expect(await fila('Ana María Lozano').count()).toBe(0);
      soltar();
      await page.getByText('Ningún proveedor coincide con la búsqueda').waitFor();
    } finally {
      soltar();
      await page.unroute(busqueda, retenida);
    }
    // The way back to the whole list, as every list has it.
    await page.getByRole('table').getByRole('button', { name: 'Borrar búsqueda' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Ver detalle de / }).count()).toBeGreaterThanOrEqual(9);
    expect(await page.getByRole('searchbox', { name: 'Buscar proveedores' }).inputValue()).toBe('');
  });

  it('says when the counts could not be read, with Reintentar, and shows them once they can', async () => {
    await entrarComo('plataforma');
    // The counts are asked three times (the app's own retries, a second and two apart): the clock jumps them.
    await page.clock.install();
    await sinRed(/\/plataforma\/proveedores\/resumen/, async () => {
      await page.goto(url('/panel-control/usuarios'));
      const aviso = page.getByText('No se pudieron cargar los conteos', { exact: true });
      await expect
        .poll(async () => {
          await page.clock.fastForward(1_000);
          return aviso.isVisible();
        })
        .toBe(true);
    });
    await page.getByRole('button', { name: 'Reintentar' }).first().click();
    await page.getByText('No se pudieron cargar los conteos', { exact: true }).waitFor({ state: 'detached' });
    expect(await conteo('Conductores por Validar')).toBeGreaterThan(0);
  });

  it('counts and the open list follow a guide registered by its app, without reloading', async () => {
    await entrarComo('plataforma');
    // The counts refresh every 5 s (RESUMEN_REFRESCO_MS), the open list every 15 s: the test moves the clock.
    const inicio = Date.now();
    await page.clock.install({ time: inicio });
    await abrir('/panel-control/guias-nuevos', 'Guías Nuevos');
    await fila('Camila Andrea Valencia').waitFor();
    const antes = await conteo('Guías Nuevos');
    // From here the page's time moves only when the test says.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const nombre = 'Guía Recién Registrada';
    const r = await appApi('PUT', `/integracion/proveedores/guias/${randomUUID()}`, { nombre, email: `recien.${unico()}@guias.demo`, telefono: '3009998877' }, { app: 'proveedores' });
    expect(r.status).toBe(201);
    // The counts' next refresh brings the new count...
    await page.clock.runFor(5_000);
    await relojHasta(async () => (await conteo('Guías Nuevos')) === antes + 1);
    // ...and the list's rows with it, not at the list's own refresh, 15 s after the page opened.
    await relojHasta(() => fila(nombre).isVisible());
    expect((await page.evaluate(() => Date.now())) - inicio).toBeLessThan(15_000);
  });

  it('gives a company admin no entry, and the API refuses it', async () => {
    await entrarComo('admin');
    await page.goto(url('/panel-control'));
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Perfil de Usuario' }).waitFor();
    expect(await sideMenu().getByRole('link', { name: 'Usuarios' }).count()).toBe(0);
    await page.goto(url('/panel-control/usuarios'));
    await page.getByText(/no tienes permiso/i).first().waitFor();
    const token = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    expect(await api('/plataforma/proveedores/resumen', { token })).toMatchObject({ status: 403, json: { error: { message: API_MSG.sinPermiso } } });
  });
});
