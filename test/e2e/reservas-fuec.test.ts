import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '@shared/schemas/messages.js';
import { FUEC_MSG, MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { stack } from '../support/clients.js';
import { page, retener, shots, usePage } from '../support/e2e.js';
import { abrirReservado, fuecDeOtraPlaca, reservaConTsq204 } from '../support/e2e-reservas.js';

/*
 * A reserved service of the demo company through the console (issue "Reserved services"), its FUEC:
 * with the vehicle assigned, the detail asks for it; wrong files are refused, and a FUEC of another
 * plate shows its differences before it is confirmed. Assigning the vehicle through the console is
 * reservas-asignacion.test.ts's; this test's reservation has it assigned through the API.
 */

usePage();

describe('reserved service', () => {
  it('uploads the FUEC of a reservation with its vehicle: wrong files refused, differences shown before it is confirmed', async () => {
    // Its own reservation, TSQ204 assigned (reservas-asignacion.test.ts assigns through the console).
    const { id } = await reservaConTsq204('Hotel Obelisco, Cali (prueba FUEC)', 2.4);
    const detail = await abrirReservado(/^Ver servicio SUV · .*: de Hotel Obelisco, Cali \(prueba FUEC\)/);
    await detail.getByText(MAPA_MSG.recordarFuec).waitFor();
    // The FUEC: the summary for the affiliating company, a wrong file refused, then the PDF.
    await detail.getByRole('button', { name: 'Subir FUEC' }).click();
    const fuec = page.getByRole('dialog', { name: FUEC_MSG.titulo });
    await fuec.getByText(FUEC_MSG.nota).waitFor();
    await fuec.getByText(/TSQ204 · Toyota Fortuner 2023/).waitFor();
    await fuec.getByText(/Ana María Lozano · C\.C\. 31987654/).waitFor();
    await fuec.getByText(FUEC_MSG.arrastra).waitFor();
    const input = fuec.locator('input[type=file]');
    await input.setInputFiles({ name: 'fuec.txt', mimeType: 'text/plain', buffer: Buffer.from('no es un FUEC') });
    await fuec.getByText(UPLOAD_MSG.fuecTipo).waitFor();
    expect(await fuec.getByRole('button', { name: 'Subir FUEC' }).isDisabled()).toBe(true);
    // A PDF the API cannot read is refused for good (its upload deleted there): the file it named as
    // ready goes, and another is asked for.
    await input.setInputFiles({ name: 'fuec-danado.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n%dañado \x00\x01 stream endstream\nendobj\n%%EOF') });
    await fuec.getByText(/fuec-danado\.pdf .* listo para subir/).waitFor();
    await fuec.getByRole('button', { name: 'Subir FUEC' }).click();
    await fuec.getByText(FUEC_MSG.pdfIlegible, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await fuec.getByText(/listo para subir/).count()).toBe(0);
    expect(await fuec.getByRole('button', { name: 'Subir FUEC' }).isDisabled()).toBe(true);
    // The focus on the file chooser ('Elegir archivo'), in the dialog, so its keys still work.
    await expect.poll(() => fuec.locator('input[type=file]').evaluate((el) => el === document.activeElement)).toBe(true);
    // A FUEC printed for another plate: the check shows the difference before anything is confirmed.
    await input.setInputFiles({ name: 'fuec-spiwak.pdf', mimeType: 'application/pdf', buffer: await fuecDeOtraPlaca(id) });
    await fuec.getByText(/fuec-spiwak\.pdf .* listo para subir/).waitFor();
    // A chosen file is not dropped by a stray Escape: it asks first.
    await page.keyboard.press('Escape');
    const descartar = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await descartar.getByText('El FUEC que elegiste no se subirá.').waitFor();
    // Its text is its description: read with its title as the focus lands on 'Seguir editando'.
    await expect.poll(() => descartar.evaluate((d) => document.getElementById(d.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('El FUEC que elegiste no se subirá.');
    await descartar.getByRole('button', { name: 'Seguir editando' }).click();
    await descartar.waitFor({ state: 'hidden' });
    await fuec.getByText(/fuec-spiwak\.pdf .* listo para subir/).waitFor();
    await shots('reserva-fuec');
    // Held back on its way to storage (until the test has looked): Escape mid-upload closes nothing, and says why.
    const haciaS3 = (u: URL) => u.origin === new URL(stack().s3Endpoint).origin;
    let soltar!: () => void;
    const suelta = new Promise<void>((listo) => (soltar = listo));
    const frenar = (route: Route) => retener(route, route.request().method() === 'POST' ? suelta : 0);
    await page.route(haciaS3, frenar);
    try {
      await fuec.getByRole('button', { name: 'Subir FUEC' }).click();
      await fuec.getByRole('progressbar').waitFor();
      await page.keyboard.press('Escape');
      await fuec.getByRole('status').getByText(FUEC_MSG.esperaSubida).waitFor();
      expect(await page.getByRole('dialog', { name: '¿Descartar los cambios?' }).count()).toBe(0);
    } finally {
      soltar();
      await page.unroute(haciaS3, frenar);
    }
    await fuec.getByText(FUEC_MSG.placaNoCoincide('TSQ204')).waitFor();
    await fuec.getByText(/fuec-spiwak\.pdf .* subido, espera tu confirmación/).waitFor();
    await shots('reserva-fuec-diferencias');
    await fuec.getByRole('button', { name: 'Confirmar de todas formas' }).click();
    await page.getByText(FUEC_MSG.agregado).waitFor();
    await page.waitForURL(/\/panel-control\/reservaciones$/);
    await page.waitForFunction(() => document.title.startsWith('Reservaciones ·'));

    // The reservations list: the confirmed one with its vehicle and FUEC (reservas-lista.test.ts reads the rest of it).
    // Its row names the origin up to its comma.
    const fila = page.getByRole('row', { name: /Hotel Obelisco →/ });
    await expect.poll(() => fila.innerText(), { timeout: 20_000 }).toMatch(/Confirmado[\s\S]*TSQ204[\s\S]*Cargado, con diferencias/);
  });
});
