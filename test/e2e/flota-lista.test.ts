import { describe, expect, it } from 'vitest';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { screenshot } from '../support/browser.js';
import { entrarComo, openMenu, page, shots, sideMenu, sobranteDeTabla, usePage } from '../support/e2e.js';
import { dialog, footer, openFleet, rows, table } from '../support/e2e-flota.js';

/*
 * Fleet management end to end (issue "Fleet management"), the list and the details: the list with its
 * pages, search and expiry filter; the details, and the invitation sent again to a driver; the list and
 * the details on a phone. The add form is flota-alta.test.ts's, the edit form flota-edicion.test.ts's.
 * Each test signs in with a saved session; the one that changes something (the invitation) acts on a
 * demo vehicle no other test uses.
 */

usePage();

describe('fleet', () => {
  it('lists the company fleet 5 per page, with search, sorting and the documents filter', async () => {
    await entrarComo('admin');
    await openFleet();
    const total = Number((await footer().innerText()).match(/de (\d+) registros/)![1]);
    expect(total).toBeGreaterThan(5);
    expect(await rows().count()).toBe(5);
    expect(await footer().innerText()).toBe(`Mostrando 5 de ${total} registros`);
    // A status message: read out when a page or a filter changes the rows.
    expect(await page.getByRole('status').filter({ has: footer() }).count()).toBe(1);
    // Only this company's plates (the other companies' demo vehicles never show).
    expect(await table().innerText()).not.toMatch(/BVN615|AND101/);
    expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    await shots('flota-lista');
    // With the menu open beside it the list fits 1280 px, its actions one under the other (it scrolled
    // 91 px sideways, the documents hidden under the sticky actions).
    await openMenu();
    await sideMenu().waitFor();
    await expect.poll(sobranteDeTabla, { timeout: 5000 }).toBe(0);
    await page.getByRole('button', { name: 'Cerrar navegación lateral' }).click();

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect.poll(() => footer().innerText()).toBe(`Mostrando ${total - 5} de ${total} registros`);
    expect(await page.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true);

    // A plate as people write it, with its hyphen, finds it.
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('sxt-771');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('SXT771');
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('hino');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('SXT771');
    // The seeded bus has a lapsed SOAT: an error, named, with its days.
    expect(await rows().first().innerText()).toMatch(/SOAT: vencido hace \d+ días/);
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('');

    await page.getByRole('button', { name: /Documentos por vencer/ }).click();
    await expect.poll(async () => (await table().innerText()).includes('VCK512')).toBe(false);
    for (const text of await rows().allInnerTexts()) expect(text).toMatch(/vence|vencido/i);
    await shots('flota-por-vencer');
    await page.getByRole('button', { name: 'Todos', exact: true }).click();
  });

  it('offers 10, 20 or 50 vehicles per page, 5 by default, and remembers the choice on this device', async () => {
    await entrarComo('admin');
    await openFleet();
    const total = Number((await footer().innerText()).match(/de (\d+) registros/)![1]);
    expect(await rows().count()).toBe(5);
    await page.getByRole('button', { name: 'Preferencias' }).click();
    const preferencias = page.getByRole('dialog', { name: 'Preferencias' });
    for (const n of [5, 10, 20, 50]) await preferencias.getByRole('radio', { name: `${n} vehículos` }).waitFor();
    await preferencias.getByText('20 vehículos', { exact: true }).click();
    await shots('flota-preferencias');
    await preferencias.getByRole('button', { name: 'Confirmar' }).click();
    await expect.poll(() => rows().count()).toBe(Math.min(total, 20));
    expect(await footer().innerText()).toBe(`Mostrando ${Math.min(total, 20)} de ${total} registros`);
    await shots('flota-lista-20');
    // Kept for this user on this device: the list opens with 20 again.
    await page.reload();
    await footer().waitFor();
    await expect.poll(() => rows().count()).toBe(Math.min(total, 20));
  });

  it('shows the details: five photos, the owner, the driver and the documents with their expiry', async () => {
    await entrarComo('admin');
    await openFleet();
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('VCK512');
    await page.getByRole('button', { name: 'Ver detalles de VCK512' }).click();
    await dialog().getByText('Detalles completos del vehículo').waitFor();
    const photos = dialog().getByRole('img', { name: /del vehículo VCK512$/ });
    await expect.poll(() => photos.count()).toBe(5);
    for (const img of await photos.all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
    // Each thumbnail (cropped) opens the whole photo in another tab.
    expect(await dialog().getByRole('link', { name: /del vehículo VCK512$/ }).evaluateAll((as) => as.map((a) => a.getAttribute('target')))).toEqual(Array(5).fill('_blank'));
    for (const label of ['Propietario e información bancaria', 'Propietario', 'Conductor', 'Documentación', 'Jhon Jairo Paz', 'Vencimiento: SOAT']) await dialog().getByText(label, { exact: true }).first().waitFor();
    // Its driver signed in to the drivers' app.
    await dialog().getByText('Acceso a la app de conductores', { exact: true }).waitFor();
    await dialog().getByText('Activa', { exact: true }).waitFor();
    expect(await dialog().getByRole('button', { name: /^Reenviar invitación/ }).count()).toBe(0);
    await shots('flota-detalles');
    await dialog().getByRole('button', { name: 'Cerrar', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  // VLC846's driver is the demo's only one whose temporary password has lapsed: this test alone uses it.
  it("sends the invitation again to a driver who has not signed in, from the vehicle's details", async () => {
    await entrarComo('admin');
    await openFleet();
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('VLC846');
    await page.getByRole('button', { name: 'Ver detalles de VLC846' }).click();
    await dialog().getByText('Sin activar', { exact: true }).waitFor();
    // Registered weeks ago: its temporary password has lapsed.
    await dialog().getByText(/^Invitación enviada el \d{1,2}\/\d{1,2}\/\d{4}, /).waitFor();
    await dialog().getByText(/^La contraseña temporal venció el \d{1,2}\/\d{1,2}\/\d{4}, /).waitFor();
    await dialog().getByRole('button', { name: 'Reenviar invitación a jorge.valencia@transvalle.demo' }).click();
    await dialog().getByText(VEHICULO_MSG.invitacionReenviada('jorge.valencia@transvalle.demo'), { exact: true }).waitFor();
    await dialog().getByText(/^La contraseña temporal vence el /).waitFor();
    await shots('flota-reenviar-invitacion');
    // Again at once: said why not, in the dialog.
    await dialog().getByRole('button', { name: 'Reenviar invitación a jorge.valencia@transvalle.demo' }).click();
    await dialog().getByText(VEHICULO_MSG.invitacionReciente, { exact: true }).waitFor();
    await dialog().getByRole('button', { name: 'Cerrar', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('fits the list, the form and the details on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await entrarComo('admin');
    await openFleet();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The plate with its state under it, and its documents, fit the width: nothing to scroll sideways
    // for, on a 360 px phone too (a column of its own for the state made it 17 px too wide there).
    const tabla = page.getByRole('table', { name: 'Vehículos de la flota' });
    expect(await tabla.getByRole('columnheader').allInnerTexts()).toEqual(['Placas', 'Documentos']);
    await tabla.getByRole('row').nth(1).getByText(/^(No validado|Validado)$/).waitFor();
    expect(await tabla.evaluate((t) => t.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(sobranteDeTabla).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await shots('movil-flota-lista');
    await page.getByRole('button', { name: 'Agregar Vehículo' }).first().click();
    await dialog().getByText('Agregar Nuevo Vehículo').waitFor();
    await screenshot(page, 'movil-flota-agregar');
    // A date typed day first, and the calendar beside it, within the phone's width.
    const soat = dialog().getByRole('textbox', { name: 'Vencimiento del SOAT' });
    await soat.fill('31/12/2035');
    await dialog().getByText('31 de diciembre de 2035', { exact: true }).waitFor();
    await dialog().getByRole('button', { name: 'Elegir vencimiento del soat en el calendario' }).click();
    const calendario = dialog().getByRole('grid');
    await calendario.scrollIntoViewIfNeeded();
    expect(await calendario.evaluate((c) => c.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    await shots('movil-flota-fecha');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    // Typed data: the form asks before throwing it away.
    await page.getByRole('dialog').filter({ hasText: '¿Descartar los cambios?' }).getByRole('button', { name: 'Descartar' }).click();
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('VCK512');
    await page.getByRole('button', { name: 'VCK512, ver detalles' }).click();
    await dialog().getByText('Detalles completos del vehículo').waitFor();
    await screenshot(page, 'movil-flota-detalles');
    // The edit is reached from the details on a phone.
    await dialog().getByRole('button', { name: 'Actualizar' }).click();
    await dialog().getByText('Editar Información del Vehículo').waitFor();
  });
});
