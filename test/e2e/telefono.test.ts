import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { abrir, entrarComo, page, shots, url, usePage } from '../support/e2e.js';

/*
 * Issue 47 item 9, "Phone": at 390 px the searches' placeholders were cut off, the services' tabs
 * scrolled sideways, the theme switch was a 16×19 px target, and staff lists broke e-mails mid-word.
 */

usePage({ viewport: { width: 390, height: 844 } });

const caja = (l: Locator) => l.evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
/** The page scrolls sideways by this much (0: it fits the window). */
const sobrante = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** Whether an input's placeholder (or text) is wider than its box. */
const cortado = (l: Locator) =>
  l.evaluate((input: HTMLInputElement) => {
    const s = getComputedStyle(input);
    const c = document.createElement('canvas').getContext('2d')!;
    c.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const libre = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    return c.measureText(input.value || input.placeholder).width > libre;
  });
/** Every tab list of the screen fits its box. */
const pestanasQueSobran = () => page.locator('[role="tablist"]').evaluateAll((ls) => ls.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));

describe('on a phone', () => {
  it('the theme switch is a target of 44×44 px, on the public pages and in the top bar, and 24×24 at least on a desktop', async () => {
    await page.goto(url('/login'));
    const publico = page.getByRole('button', { name: 'Cambiar a modo oscuro' });
    const p = await caja(publico);
    expect(p.width).toBeGreaterThanOrEqual(44);
    expect(p.height).toBeGreaterThanOrEqual(44);
    // Still in the corner, inside the window.
    expect(p.right).toBeLessThanOrEqual(390);
    expect(p.top).toBeGreaterThanOrEqual(0);
    await shots('telefono-login');
    await page.setViewportSize({ width: 1280, height: 800 });
    const pe = await caja(publico);
    expect(Math.min(pe.width, pe.height)).toBeGreaterThanOrEqual(24);
    await page.setViewportSize({ width: 390, height: 844 });

    await entrarComo('admin');
    await abrir('/panel-control/reservas', 'Reservas por Validar');
    const barra = page.locator('#top-bar').getByRole('button', { name: 'Cambiar a modo oscuro' });
    const b = await caja(barra);
    expect(b.width).toBeGreaterThanOrEqual(44);
    expect(b.height).toBeGreaterThanOrEqual(44);

    await page.setViewportSize({ width: 1280, height: 800 });
    const d = await caja(barra);
    expect(Math.min(d.width, d.height)).toBeGreaterThanOrEqual(24);
    await shots('telefono-barra-escritorio');
    // It still switches the theme (last: the choice is stored, and shots() follows the system's).
    await barra.click();
    await page.waitForFunction(() => document.body.classList.contains('awsui-dark-mode'));
  });

  it("the services' stages are a Select, the search says 'Buscar…' and keeps the whole hint in its name", async () => {
    await entrarComo('admin');
    await abrir('/panel-control/reservas', 'Reservas por Validar');
    const busqueda = page.getByRole('searchbox', { name: 'Buscar por cliente, ruta, tipo, placas, conductor o servicio' });
    await busqueda.waitFor();
    expect(await busqueda.getAttribute('placeholder')).toBe('Buscar…');
    expect(await cortado(busqueda)).toBe(false);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await pestanasQueSobran()).toEqual([]);
    expect(await sobrante()).toBe(0);
    await shots('telefono-servicios');
    // The Select goes to the stage's own address, as a tab did, and keeps the focus.
    const etapa = page.getByRole('button', { name: /Estado de los servicios/ });
    await etapa.click();
    await page.getByRole('option', { name: 'Finalizados' }).click();
    await page.waitForURL(/\/panel-control\/viajes-finalizados$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.pestanas-en-telefono') !== null)).toBe(true);
    expect(await sobrante()).toBe(0);

    // The company's payments: two tabs, which fit.
    await abrir('/panel-control/pagos', 'Pagos Pendientes');
    await page.getByRole('tab', { name: /Anticipos/ }).waitFor();
    expect(await pestanasQueSobran()).toEqual([]);
    expect(await sobrante()).toBe(0);
    const pagos = page.getByRole('searchbox', { name: 'Buscar por conductor, placas, cliente o ruta' });
    expect(await pagos.getAttribute('placeholder')).toBe('Buscar…');
    await shots('telefono-pagos');
  });

  it("staff's lists: tabs that fit, short placeholders and e-mails broken after the '@' or before a dot only", async () => {
    await entrarComo('plataforma');
    for (const [ruta, titulo] of [
      ['/panel-control/validarEpayco', 'Pagos Epayco por Validar'],
      ['/panel-control/anticipos', 'Anticipos por Pagar'],
      ['/panel-control/recompensas', 'Recompensas por Referidos'],
    ] as const) {
      await abrir(ruta, titulo);
      await page.getByRole('tab').first().waitFor();
      await page.getByRole('searchbox').first().waitFor();
      expect(await pestanasQueSobran(), ruta).toEqual([]);
      for (const s of await page.getByRole('searchbox').all()) {
        expect(await s.getAttribute('placeholder')).toBe('Buscar…');
        expect(await cortado(s)).toBe(false);
      }
      expect(await sobrante(), ruta).toBe(0);
    }
    await shots('telefono-recompensas');

    await abrir('/panel-control/usuarios', 'Usuarios');
    const proveedores = page.getByRole('searchbox', { name: /^Buscar proveedores por nombre, correo/ });
    await proveedores.waitFor();
    expect(await proveedores.getAttribute('placeholder')).toBe('Buscar…');
    expect(await sobrante()).toBe(0);
    await shots('telefono-proveedores');

    // Where the contact column shows (a tablet), an address breaks after its '@' or before a dot, never mid-word.
    for (const width of [700, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      const correos = page.locator('table .correo');
      await expect.poll(() => correos.count()).toBeGreaterThan(0);
      const partidos = await correos.evaluateAll((es) =>
        es.flatMap((e) => {
          const textos: Text[] = [];
          const w = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
          for (let n = w.nextNode(); n; n = w.nextNode()) textos.push(n as Text);
          return textos
            .filter((n) => {
              const r = document.createRange();
              r.selectNodeContents(n);
              return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1;
            })
            .map((n) => n.data);
        }),
      );
      expect(partidos, `${width} px`).toEqual([]);
      // The first break is after the '@': a name that fits its cell's line stays on one line.
      const nombresPartidos = await correos.evaluateAll((es) =>
        es
          .map((e) => e.querySelector<HTMLElement>('.correo__parte')!)
          .filter((p) => {
            const alto = p.getBoundingClientRect().height;
            // Its width on one line.
            const estilo = getComputedStyle(p);
            const lienzo = document.createElement('canvas').getContext('2d')!;
            lienzo.font = `${estilo.fontWeight} ${estilo.fontSize} ${estilo.fontFamily}`;
            const ancho = lienzo.measureText(p.textContent ?? '').width;
            const linea = p.parentElement!.parentElement!.getBoundingClientRect().width;
            return ancho <= linea && alto > parseFloat(getComputedStyle(p).lineHeight) * 1.5;
          })
          .map((p) => p.textContent),
      );
      expect(nombresPartidos, `${width} px`).toEqual([]);
      expect(await sobrante()).toBe(0);
    }
    await shots('telefono-proveedores-1024');
  });
});
