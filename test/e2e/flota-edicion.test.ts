import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO } from '@shared/domain/uploads.js';
import { API_MSG, UPLOAD_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { api, idToken, PDF_BYTES, upload } from '../support/clients.js';
import { entrarComo, field, page, shots, sinRed, usePage } from '../support/e2e.js';
import { dialog, openFleet, pdf, placaNueva, png } from '../support/e2e-flota.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

/*
 * Fleet management end to end (issue "Fleet management"), the edit form: a vehicle that cannot be read,
 * an admin's edit of a vehicle of the test's own, and staff, who may edit but not the payout account.
 * Each test signs in with a saved session and makes what it changes (a vehicle of its own).
 */

usePage();

/**
 * A vehicle of the test's own, made through the API as the add form makes it: five photos and four
 * documents (three PDFs and a PNG), in a demo company that no other test counts the fleet of
 * (Cootransandes; the fleet of Cootransvalle is counted by flota-lista.test.ts). Returns its plate.
 */
async function vehiculoPropio(): Promise<string> {
  const token = await idToken(DEMO_USERS.admin3, DEMO_PASSWORD);
  const subir = (kind: string, bytes: Uint8Array, tipo: string) => upload(token, kind, bytes, tipo);
  const [fotos, documentos] = await Promise.all([
    Promise.all(FOTOS_VEHICULO.map(async (slot, i) => [slot, await subir('fotoVehiculo', png(`${slot}.png`, i).buffer, 'image/png')] as const)),
    Promise.all(
      DOCUMENTOS_VEHICULO.map(async (slot) => [slot, slot === 'tarjetaPropiedad' ? await subir('documentoVehiculo', png('tarjeta.png', 9).buffer, 'image/png') : await subir('documentoVehiculo', PDF_BYTES, 'application/pdf')] as const),
    ),
  ]);
  const placas = placaNueva('F');
  const res = await api('/vehiculos', {
    token,
    body: vehiculoNuevo({ placas, email: `conductor.${placas.toLowerCase()}@turismoandino.demo`, fotos: Object.fromEntries(fotos), documentos: Object.fromEntries(documentos) }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return placas;
}

describe('fleet', () => {
  it('says in the edit form when its vehicle cannot be read, and reads it again with Reintentar', async () => {
    await entrarComo('admin');
    await openFleet();
    // An edit form, when its vehicle (not read before) cannot be read: said in the dialog, with Reintentar.
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('CHT119');
    await sinRed(/\/vehiculos\/veh-demo-transvalle-007$/, async () => {
      await page.getByRole('button', { name: 'Actualizar CHT119' }).click();
      await dialog().getByText(API_MSG.sinConexion, { exact: true }).waitFor({ timeout: 15_000 });
    });
    await dialog().getByRole('button', { name: 'Reintentar' }).click();
    await dialog().getByText('Editar Información del Vehículo').waitFor();
    await field('Teléfono').waitFor();
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('edits a vehicle: read-only identity, a new phone and a replaced photo', async () => {
    // A vehicle of its own, with the files the add form sends (not the one flota-alta.test.ts adds).
    const PLACA = await vehiculoPropio();
    await entrarComo('admin3');
    await openFleet();
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill(PLACA);
    await page.getByRole('button', { name: `Actualizar ${PLACA}` }).click();
    await page.getByText(VEHICULO_MSG.completaEdicion, { exact: true }).waitFor();
    await dialog().getByText('Editar Información del Vehículo').waitFor();
    // What a change of the bank data sets going.
    await dialog().getByText(VEHICULO_MSG.cambioDeCuenta).waitFor();
    for (const label of ['Placas', 'Marca', 'Modelo', 'Capacidad', 'Color', 'Correo del conductor', 'Tarjeta de propiedad'])
      expect(await field(label).getAttribute('readonly'), label).not.toBeNull();
    expect(await dialog().getByRole('checkbox', { name: /Acepto los términos/ }).isDisabled()).toBe(true);
    // Nothing changed: said so, nothing saved, the form stays (it said 'actualizado').
    await dialog().getByRole('button', { name: 'Modificar' }).click();
    await page.getByText(VEHICULO_MSG.sinCambios, { exact: true }).waitFor();
    expect(await page.getByText(VEHICULO_MSG.actualizado, { exact: true }).count()).toBe(0);
    await dialog().getByText('Editar Información del Vehículo').waitFor();
    await field('Teléfono').fill('3209876543');
    // The slot's button opens the file chooser (and must not submit the form it sits in).
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog().getByRole('button', { name: 'Cambiar Frente' }).click()]);
    await chooser.setFiles([png('frente-nuevo.png', 4)]);
    await dialog().getByRole('img', { name: 'Frente (nuevo)' }).waitFor();
    await shots('flota-editar');
    // A PDF cut off passes the browser's look at its first bytes; the API refuses it, and the form says
    // so under its slot, keeping every other change.
    const cortado = Buffer.from(PDF_BYTES).subarray(0, PDF_BYTES.length - 8);
    const [soat] = await Promise.all([page.waitForEvent('filechooser'), dialog().getByRole('button', { name: 'Cambiar SOAT' }).click()]);
    await soat.setFiles([{ name: 'soat-cortado.pdf', mimeType: 'application/pdf', buffer: cortado }]);
    await dialog().getByRole('button', { name: 'Modificar' }).click();
    const rechazo = dialog().getByText(UPLOAD_MSG.pdfIncompleto('soat-cortado.pdf'), { exact: true });
    await rechazo.waitFor({ timeout: 20_000 });
    // Brought into view: the save button is far below the slots.
    await expect.poll(() => rechazo.evaluate((el) => el.getBoundingClientRect().top > 0 && el.getBoundingClientRect().bottom < window.innerHeight)).toBe(true);
    await shots('flota-editar-pdf-cortado');
    expect(await field('Teléfono').inputValue()).toBe('3209876543');
    // Another file in the slot takes the message away.
    const [otro] = await Promise.all([page.waitForEvent('filechooser'), dialog().getByRole('button', { name: 'Cambiar SOAT' }).click()]);
    await otro.setFiles([pdf('soat-2027.pdf')]);
    await dialog().getByText(UPLOAD_MSG.pdfIncompleto('soat-cortado.pdf'), { exact: true }).waitFor({ state: 'detached' });
    await dialog().getByRole('button', { name: 'Modificar' }).click();
    await page.getByText(VEHICULO_MSG.actualizado, { exact: true }).waitFor({ timeout: 20_000 });
    await dialog().waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Ver detalles de ${PLACA}` }).click();
    await dialog().getByText('3209876543').waitFor();
    await dialog().getByText(/^Última actualización:/).waitFor();
    await dialog().getByRole('button', { name: 'Cerrar', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('lets staff see and edit the fleet but not add to it', async () => {
    await entrarComo('staff');
    await openFleet();
    const add = page.getByRole('button', { name: 'Agregar Vehículo' }).first();
    expect(await add.isDisabled()).toBe(true);
    await page.getByRole('searchbox', { name: 'Buscar vehículos' }).fill('VCK512');
    await page.getByRole('button', { name: 'Ver detalles de VCK512' }).click();
    await dialog().getByText('Detalles completos del vehículo').waitFor();
    await dialog().getByRole('button', { name: 'Cerrar', exact: true }).click();
    // The driver's payout account is the admins' to change (the API refuses staff): shown, not editable.
    await page.getByRole('button', { name: 'Actualizar VCK512' }).click();
    await dialog().getByText('Editar Información del Vehículo').waitFor();
    await dialog().getByText(VEHICULO_MSG.soloAdminCuenta, { exact: true }).waitFor();
    expect(await dialog().getByText(VEHICULO_MSG.cambioDeCuenta).count()).toBe(0);
    for (const label of ['Número de cuenta', 'Titular de la cuenta']) expect(await field(label).getAttribute('readonly'), label).not.toBeNull();
    expect(await field('Teléfono').getAttribute('readonly')).toBeNull();
    // Tall enough for the whole form, its bank section included, in the picture.
    const vista = page.viewportSize()!;
    await page.setViewportSize({ width: vista.width, height: 2000 });
    await shots('flota-editar-personal');
    await page.setViewportSize(vista);
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached' });
  });
});
