import { describe, expect, it } from 'vitest';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { api, upload } from '../support/clients.js';
import { entrarComo, openMenu, page, shots, sideMenu, sobranteDeTabla, url, usePage } from '../support/e2e.js';
import { fuecDeOtraPlaca, reservaConTsq204 } from '../support/e2e-reservas.js';

/*
 * The reservations of the demo company through the console (issue "Reserved services"), their list
 * (Reservaciones): a confirmed reservation with its vehicle and its FUEC, its detail and history; the
 * list on a desktop beside the menu and on a phone.
 */

usePage();

describe('reserved service', () => {
  it('lists a confirmed reservation with its vehicle and its FUEC with differences; its detail links the FUEC and tells its history', async () => {
    // Its own reservation, TSQ204 assigned and a FUEC of another plate confirmed all the same, through the API.
    const { id, token } = await reservaConTsq204('Hotel Marriott, Cali (prueba reservaciones)', 1.8);
    const archivo = await upload(token, 'fuec', await fuecDeOtraPlaca(id), 'application/pdf');
    const subido = await api(`/servicios/${id}/fuec`, { token, body: { archivo, confirmarDiferencias: true } });
    expect(subido.json).toMatchObject({ estado: 'confirmado', verificacion: { estado: 'no-coincide' } });
    await entrarComo('admin');
    await page.goto(url('/panel-control/reservaciones'));

    // The reservations list: the confirmed one with its vehicle and FUEC, and its detail links the FUEC.
    // Its row names the origin up to its comma.
    // Found through the list's search, as a user would: other files' reservations on this stack may push
    // a row to a later page.
    const buscar = page.getByRole('searchbox', { name: 'Buscar reservas' });
    await buscar.fill('VCK512');
    await expect.poll(() => page.getByRole('row', { name: /VCK512/ }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await buscar.fill('prueba reservaciones');
    const fila = page.getByRole('row', { name: /Hotel Marriott →/ });
    await expect.poll(() => fila.innerText(), { timeout: 20_000 }).toMatch(/Confirmado[\s\S]*TSQ204[\s\S]*Cargado, con diferencias/);
    await page.getByRole('button', { name: /^Por completar/ }).click();
    expect(await fila.count()).toBe(0);
    await page.getByRole('button', { name: 'Todas', exact: true }).click();
    await shots('reservaciones');
    await fila.getByRole('button', { name: /Ver detalle/ }).click();
    const confirmado = page.getByRole('dialog', { name: /Detalle del servicio/ });
    await confirmado.getByRole('link', { name: /Ver FUEC/ }).waitFor();
    await confirmado.getByText('Con diferencias').waitFor();
    // Its audit trail: published, assigned and confirmed, with who did each.
    await confirmado.getByRole('button', { name: 'Historial' }).click();
    const trail = confirmado.getByRole('list', { name: 'Historial del servicio' });
    await trail.getByText('FUEC cargado').waitFor();
    expect(await trail.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Servicio publicado por el cliente'),
      expect.stringContaining('Vehículo asignado'),
      expect.stringContaining('FUEC cargado'),
    ]);
    // Every change in words, none by its stored name.
    await trail.getByText('Verificación del FUEC: Con diferencias').waitFor();
    await trail.getByText('FUEC cargado').scrollIntoViewIfNeeded();
    await shots('reserva-historial');
    await confirmado.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  });

  it('fits the reservations on a phone: the departure opens the detail', async () => {
    // On a desktop first: the demo's reservation whose departure passed without its vehicle is marked,
    // and its countdown says how long ago it was due.
    await entrarComo('admin');
    await page.goto(url('/panel-control/reservaciones'));
    const vencida = page.getByRole('row', { name: new RegExp(MAPA_MSG.vencida) }).first();
    await vencida.getByText(/^Hace \d+ (d|h|min)/).waitFor();
    // The countdown sits under the departure: with the menu open beside it, the list fits 1280 px (it scrolled 187 px sideways).
    expect(await page.getByRole('table', { name: 'Reservas de la empresa' }).getByRole('columnheader').allInnerTexts()).not.toContain('Cuenta regresiva');
    // A departure to come says so, as a past one says 'Hace' (it was a bare '01 h 28 min 22 s').
    await page.getByRole('table', { name: 'Reservas de la empresa' }).getByRole('timer').filter({ hasText: /^Sale en (\d+ d )?\d{2} h \d{2} min \d{2} s$/ }).first().waitFor();
    await openMenu();
    await sideMenu().waitFor();
    await expect.poll(sobranteDeTabla, { timeout: 5000 }).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/panel-control/reservaciones'));
    const tabla = page.getByRole('table', { name: 'Reservas de la empresa' });
    await tabla.getByRole('button', { name: /^Ver detalle de la reserva / }).first().waitFor();
    // The search's placeholder fits (the whole hint was cut off at 390 px); its name keeps the hint.
    expect(await page.getByRole('searchbox', { name: 'Buscar reservas por origen, destino, placas o conductor' }).getAttribute('placeholder')).toBe('Buscar…');
    // Each row's action is told apart by its departure, as the screen shows it (two reservations may share type and origin).
    const nombres = await tabla.getByRole('button', { name: /^Ver detalle de la reserva / }).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
    expect(nombres.every((n) => /, sale \d{1,2}\/\d{1,2}\/\d{4}/.test(n ?? ''))).toBe(true);
    expect(await tabla.getByRole('columnheader').allInnerTexts()).toEqual([expect.stringMatching(/^Salida/), 'Estado']);
    // The countdown too, under the route (the phone showed none).
    await tabla.getByRole('row').nth(1).getByText(/^Hace \d/).waitFor();
    await tabla.getByRole('timer').filter({ hasText: /^Sale en / }).first().waitFor();
    expect(await tabla.evaluate((t) => t.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shots('movil-reservaciones');
    await tabla.getByRole('button', { name: /^Ver detalle de la reserva / }).first().click();
    await page.getByRole('dialog', { name: /Detalle del servicio/ }).waitFor();
  });
});
