import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIGITOS_MSG, GALERIA_MSG, PERFIL_MSG } from '@shared/schemas/messages.js';
import { api, newCompanyAdmin, solidPng, upload } from '../support/clients.js';
import { dismissToasts, entrarComo, field, page, shots, signIn, url, usePage } from '../support/e2e.js';

/*
 * The corporate gallery one photo at a time, each test on a fresh company of its own (the demo
 * company's single photo stays as other files expect it), made with as many photos as the test starts
 * from: add a photo into the first free slot, flag a text file renamed .png as soon as it is chosen,
 * replace the whole gallery only after saying yes, remove a photo after a confirmation; then the
 * digits-only phone and account fields, and what company staff see.
 */

const PASSWORD = 'Secreta123!';

usePage();

type Rgb = [number, number, number];
const png = (name: string, rgb: Rgb) => ({ name, mimeType: 'image/png', buffer: solidPng(320, 180, rgb) });
const COLORES: Rgb[] = [[15, 118, 110], [220, 38, 38], [234, 179, 8], [37, 99, 235], [124, 58, 237]];

/**
 * A company of its own, as its admin leaves it after signing up (the profile incomplete: the console
 * opens on the profile), with `fotos` corporate photos uploaded and confirmed through the API, and its
 * admin signed in on the profile page. The sign-in is the console's own: a new account has no saved one.
 */
async function galeriaPropia(fotos: number) {
  const email = `galeria.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@ermita.demo`;
  const token = await newCompanyAdmin(email, PASSWORD, 'Transportes La Galería');
  if (fotos > 0) {
    const uploadIds = await Promise.all(COLORES.slice(0, fotos).map((rgb) => upload(token, 'fotoCorporativa', solidPng(320, 180, rgb), 'image/png')));
    const confirmada = await api('/uploads/confirm', { token, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds } });
    expect(confirmada.status, JSON.stringify(confirmada.json)).toBe(200);
  }
  await signIn(email, PASSWORD);
  await page.waitForURL('**/panel-control/perfil');
  await page.getByText(`${fotos} de 5 fotos.`).waitFor();
}

/** A text file someone renamed .png: the picker's filter lets it through, its bytes do not. */
const fakePng = { name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('Estas son notas de una reunión, no una foto.\n') };

const addInput = () => page.locator('input[type=file][aria-label="Agregar foto corporativa"]');
const replaceInput = () => page.locator('input[type=file][multiple]');
const emptySlots = () => page.getByRole('img', { name: /^Foto corporativa \d: sin foto$/ });
const photo = (n: number) => page.getByRole('img', { name: `Foto corporativa ${n}`, exact: true });
/** The chosen-file tokens of the replace flow, by their remove buttons. */
const tokens = () => page.getByRole('button', { name: /^Quitar la foto \d+, / });
const dialog = () => page.getByRole('dialog');

/** Every request to the upload API while `act` runs (to prove a refused file is never sent). */
async function uploadRequests(act: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (request: Request) => {
    if (request.url().includes('/uploads')) seen.push(request.url());
  };
  page.on('request', listen);
  try {
    await act();
    // The page has drawn what answered the choice (the flow chose between saying no and sending), and
    // a request it sent meanwhile has reached the listener: the browser reports it before this answer.
    await page.evaluate(() => new Promise((listo) => requestAnimationFrame(() => requestAnimationFrame(listo))));
  } finally {
    page.off('request', listen);
  }
  return seen;
}

async function scrollToGallery() {
  await dismissToasts();
  await page.locator('#fotos-corporativas').evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 80));
}

describe('corporate gallery, one photo at a time', () => {
  it('adds one photo into the first free slot', async () => {
    await galeriaPropia(0);
    expect(await emptySlots().count()).toBe(5);

    await addInput().setInputFiles(png('oficina.png', [15, 118, 110]));
    await page.getByText(PERFIL_MSG.fotosActualizadas).waitFor();
    await expect.poll(() => photo(1).getAttribute('src')).toContain('/corporativa1');
    expect(await emptySlots().count()).toBe(4);
    await page.getByText('1 de 5 fotos.').waitFor();
    // The next free slot now holds the control; the photo offers "Quitar".
    await page.getByRole('button', { name: 'Quitar la foto corporativa 1' }).waitFor();
    await scrollToGallery();
    await shots('galeria-una-foto');
  });

  it('flags a text file renamed .png as soon as it is chosen, and never uploads it', async () => {
    await galeriaPropia(1);
    const sent = await uploadRequests(async () => {
      await addInput().setInputFiles(fakePng);
      await page.getByText(PERFIL_MSG.tipoImagen, { exact: true }).waitFor();
    });
    expect(sent).toEqual([]);
    expect(await emptySlots().count()).toBe(4);
    await scrollToGallery();
    await shots('galeria-agregar-archivo-falso');

    // In the several-at-once flow, the error sits on that file's token, before any upload (and the
    // add flow's message, about another choice, goes).
    await page.getByRole('button', { name: 'Reemplazar toda la galería' }).click();
    const flagged = await uploadRequests(async () => {
      await replaceInput().setInputFiles([png('bus.png', [220, 38, 38]), fakePng]);
      await page.getByRole('group', { name: 'notas.png' }).getByText(PERFIL_MSG.tipoImagen, { exact: true }).waitFor();
    });
    expect(flagged).toEqual([]);
    expect(await page.getByText(PERFIL_MSG.tipoImagen, { exact: true }).count()).toBe(1);
    // Shown as what it is: no broken thumbnail for a file that is no image.
    expect(await page.getByRole('group', { name: 'notas.png' }).locator('img').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'bus.png' }).locator('img').count()).toBe(1);
    expect(await page.getByRole('group', { name: 'bus.png' }).getByText(PERFIL_MSG.tipoImagen).count()).toBe(0);
    await page.getByRole('button', { name: 'Reemplazar toda la galería' }).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shots('galeria-archivo-falso');
  });

  it('takes a new choice of files as the new selection, not added to the previous one', async () => {
    await galeriaPropia(1);
    // A first choice: a photo and the renamed text file, flagged on its token.
    await page.getByRole('button', { name: 'Reemplazar toda la galería' }).click();
    await replaceInput().setInputFiles([png('bus.png', [220, 38, 38]), fakePng]);
    await page.getByRole('group', { name: 'notas.png' }).getByText(PERFIL_MSG.tipoImagen, { exact: true }).waitFor();
    expect(await tokens().count()).toBe(2);
    await replaceInput().setInputFiles([png('sala.png', [37, 99, 235])]);
    await expect.poll(() => tokens().count()).toBe(1);
    await page.getByRole('button', { name: 'Quitar la foto 1, sala.png' }).waitFor();
    expect(await page.getByText(PERFIL_MSG.tipoImagen, { exact: true }).count()).toBe(0);
  });

  it('asks before replacing the whole gallery, and keeps it when the answer is no', async () => {
    await galeriaPropia(1);
    await page.getByRole('button', { name: 'Reemplazar toda la galería' }).click();
    const before = await photo(1).getAttribute('src');
    const four = ([[220, 38, 38], [234, 179, 8], [37, 99, 235], [124, 58, 237]] as [number, number, number][]).map((rgb, i) => png(`flota-${i + 1}.png`, rgb));
    await replaceInput().setInputFiles(four);
    await expect.poll(() => tokens().count()).toBe(4);

    const sent = await uploadRequests(async () => {
      await page.getByRole('button', { name: 'Reemplazar galería', exact: true }).click();
      await dialog().getByText('¿Reemplazar toda la galería?').waitFor();
    });
    expect(sent).toEqual([]);
    await dialog().getByText('Se quitarán la foto actual y la galería quedará con las 4 fotos elegidas, en este orden.', { exact: false }).waitFor();
    await shots('galeria-reemplazar-confirmacion');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await photo(1).getAttribute('src')).toBe(before);
    expect(await tokens().count()).toBe(4);

    await page.getByRole('button', { name: 'Reemplazar galería', exact: true }).click();
    await dialog().getByRole('button', { name: 'Reemplazar galería' }).click();
    await page.getByText(PERFIL_MSG.fotosActualizadas).waitFor();
    for (const n of [1, 2, 3, 4]) await expect.poll(() => photo(n).getAttribute('src')).toContain(`corporativa${n}`);
    expect(await photo(1).getAttribute('src')).not.toBe(before);
    expect(await emptySlots().count()).toBe(1);
    expect(await tokens().count()).toBe(0);
  });

  it('fills the fifth slot, then offers no more adding', async () => {
    await galeriaPropia(4);
    await addInput().setInputFiles(png('conductores.png', [22, 163, 74]));
    await page.getByText('5 de 5 fotos.').waitFor();
    await page.getByText('La galería está completa: quita una foto para agregar otra.').waitFor();
    expect(await addInput().count()).toBe(0);
    expect(await emptySlots().count()).toBe(0);
    await scrollToGallery();
    await shots('galeria-completa');
  });

  it('removes one photo after a confirmation; the later ones move up', async () => {
    await galeriaPropia(5);
    const second = await photo(2).getAttribute('src');
    await page.getByRole('button', { name: 'Quitar la foto corporativa 1' }).click();
    await dialog().getByText('¿Quitar esta foto corporativa?').waitFor();
    await dialog().getByText('La foto 1 se quitará de la galería y las que siguen se moverán un lugar.', { exact: false }).waitFor();
    await shots('galeria-quitar-confirmacion');
    await dialog().getByRole('button', { name: 'Quitar foto' }).click();
    await page.getByText(GALERIA_MSG.fotoQuitada).waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByText('4 de 5 fotos.').waitFor();
    // Same object, one place up (the URL's signature changes with each answer, the key does not).
    await expect.poll(async () => new URL((await photo(1).getAttribute('src'))!).pathname).toBe(new URL(second!).pathname);
    expect(await emptySlots().count()).toBe(1);
    await addInput().waitFor({ state: 'attached' });
  });
});

describe('phone and account: digits only', () => {
  it('drops what is not a digit as it is typed or pasted, and asks for 10 digits', async () => {
    await galeriaPropia(0);
    const movil = field('Teléfono móvil');
    const cuenta = field('Número de cuenta');
    expect(await movil.getAttribute('inputmode')).toBe('numeric');
    expect(await cuenta.getAttribute('inputmode')).toBe('numeric');

    await movil.fill('');
    await movil.pressSequentially('31a5-7 6');
    expect(await movil.inputValue()).toBe('31576');
    await movil.fill('+57 (315) 765-43');
    expect(await movil.inputValue()).toBe('5731576543');
    await movil.fill('315 765');
    await cuenta.fill('0451-2345');
    expect(await cuenta.inputValue()).toBe('04512345');

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(DIGITOS_MSG.telefonoCorto).waitFor();
    await page.getByText(DIGITOS_MSG.cuentaCorta).waitFor();
    await dismissToasts();
    await movil.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shots('perfil-digitos');
    await page.getByRole('heading', { name: 'Cuenta bancaria' }).evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 80));
    await shots('perfil-cuenta-bancaria');

    await movil.fill('3157654321');
    await page.getByText(DIGITOS_MSG.telefonoCorto).waitFor({ state: 'detached' });
  });
});

describe('what company staff see of the company', () => {
  it('shows the company read-only, without its bank account or gallery controls, and says whom to ask', async () => {
    await entrarComo('staff');
    await page.goto(url('/panel-control/perfil'));
    await page.getByRole('heading', { name: 'Datos de la empresa' }).waitFor();

    expect(await field('Empresa').getAttribute('readonly')).not.toBeNull();
    for (const label of ['Banco', 'Tipo de cuenta', 'Número de cuenta', 'Titular de la cuenta', 'RUT o cédula']) expect(await field(label).count(), label).toBe(0);
    expect(await page.getByRole('heading', { name: 'Cuenta bancaria' }).count()).toBe(0);
    expect(await page.getByText('04512345678').count()).toBe(0);

    await photo(1).waitFor();
    expect(await page.getByRole('button', { name: /^Quitar la foto corporativa/ }).count()).toBe(0);
    expect(await addInput().count()).toBe(0);
    expect(await replaceInput().count()).toBe(0);
    await page.getByText('1 de 5 fotos. Solo un administrador de la empresa puede cambiar las fotos corporativas.').waitFor();
    await scrollToGallery();
    await shots('perfil-personal-galeria');
    await page.getByRole('heading', { name: 'Datos de la empresa' }).evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 80));
    await shots('perfil-personal-empresa');
  });
});
