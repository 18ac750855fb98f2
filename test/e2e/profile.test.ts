import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG, PERFIL_MSG } from '@shared/schemas/messages.js';
import { api, cognitoClient, newCompanyAdmin, PDF_BYTES, solidPng, stack, upload } from '../support/clients.js';
import { abrir, dismissToasts, elegir, field, notificacion, page, relojHasta, shots, sideMenu, signIn, url, usePage } from '../support/e2e.js';

/*
 * Company profile end to end: a fresh company admin fills the profile, uploads a profile photo, the
 * logo and corporate photos (real PNG and JPEG files made here, plus a "PNG" that is really a PDF),
 * and the gated side-menu entries open without a reload.
 *
 * Each test has a company of its own, brought through the API to the step it starts from (signed up;
 * profile saved; logo and profile photo; corporate photos), and signs in as its admin.
 */

const PASSWORD = 'Secreta123!';

usePage();

/** Step 1: a company admin just signed up (Cognito and its outbox code), nothing of the profile saved. */
async function empresaNueva(): Promise<{ email: string; token: string }> {
  const email = `gerencia.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@pacificotours.demo`;
  const token = await newCompanyAdmin(email, PASSWORD, 'Pacífico Tours');
  return { email, token };
}

/** The profile as the third test saves it through the form. */
const PERFIL = {
  nombres: 'Valentina',
  apellidos: 'Apellido',
  movil: '3157654321',
  puesto: 'CTO',
  empresa: 'Pacífico Tours',
  ciudad: 'Cali',
  departamento: 'Valle del Cauca',
  pais: 'Colombia',
  direccion: 'Av. 6N # 23-45, Cali',
  banco: 'Bancolombia',
  tipocuenta: 'ahorros',
  cuenta: '12345678901',
  titular: 'Pacífico Tours S.A.S.',
  rut: '901234567-8',
};

async function confirmar(token: string, body: Record<string, unknown>) {
  const r = await api('/uploads/confirm', { token, body });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

/** Step 2: the profile saved; with `imagenes`, the logo and profile photo the fourth test uploads. */
async function empresaConPerfil({ imagenes = false } = {}) {
  const empresa = await empresaNueva();
  const r = await api('/perfil', { token: empresa.token, method: 'PUT', body: PERFIL });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  if (imagenes) {
    await confirmar(empresa.token, { kind: 'logo', uploadId: await upload(empresa.token, 'logo', solidPng(500, 500, [220, 38, 38]), 'image/png') });
    await confirmar(empresa.token, { kind: 'fotoPerfil', uploadId: await upload(empresa.token, 'fotoPerfil', solidPng(400, 400, [15, 118, 110]), 'image/png') });
  }
  return empresa;
}

/** Step 3: the profile complete, with the three corporate photos the sixth test uploads. */
async function empresaCompleta() {
  const empresa = await empresaConPerfil({ imagenes: true });
  const fotos = [solidPng(320, 180, [15, 118, 110]), solidPng(1280, 720, [220, 38, 38]), solidPng(320, 180, [37, 99, 235])];
  const uploadIds = await Promise.all(fotos.map((f) => upload(empresa.token, 'fotoCorporativa', f, 'image/png')));
  await confirmar(empresa.token, { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds });
  return empresa;
}

/**
 * Signs this test's page in as a new admin, as 'Iniciar sesión' leaves it: Amplify's stored session
 * (the saved sign-ins of `entrarComo` are the demo users' only), made from Cognito's own tokens.
 */
async function entrarComoNueva(email: string) {
  const r = await cognitoClient().send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: PASSWORD } }),
  );
  const { IdToken, AccessToken, RefreshToken } = r.AuthenticationResult!;
  const clave = `CognitoIdentityServiceProvider.${stack().userPoolClientId}`;
  await page.context().setStorageState({
    cookies: [],
    origins: [
      {
        origin: new URL(url('/')).origin,
        localStorage: [
          { name: `${clave}.LastAuthUser`, value: email },
          { name: `${clave}.${email}.idToken`, value: IdToken! },
          { name: `${clave}.${email}.accessToken`, value: AccessToken! },
          { name: `${clave}.${email}.refreshToken`, value: RefreshToken! },
          { name: `${clave}.${email}.clockDrift`, value: '0' },
          { name: `${clave}.${email}.signInDetails`, value: JSON.stringify({ loginId: email, authFlowType: 'USER_PASSWORD_AUTH' }) },
        ],
      },
    ],
  });
}

/** The profile of a new admin, signed in, its form filled from the server. */
async function abrirPerfil(email: string) {
  await entrarComoNueva(email);
  await abrir('/panel-control/perfil', 'Cuenta');
  await page.getByRole('heading', { name: 'Cuenta', level: 1 }).waitFor();
  await expect.poll(() => field('Correo electrónico').inputValue()).toBe(email);
}

const choose = (label: string, option: string) => elegir(page.getByRole('button', { name: new RegExp(`^${label}`) }), option);

/** A real JPEG, drawn by the browser itself. */
async function jpeg(width: number, height: number, color: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h, c]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w as number;
      canvas.height = h as number;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = c as string;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(canvas.width / 4, canvas.height / 4, canvas.width / 2, canvas.height / 2);
      return canvas.toDataURL('image/jpeg', 0.85);
    },
    [width, height, color],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Puts an element near the top of the screen, below the sticky top bar, for a screenshot. */
async function scrollTo(locator: ReturnType<Page['locator']>) {
  // Closing a toast moves the focus (and the scroll) back: close them first.
  await dismissToasts();
  await locator.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 80));
}

/** Until the page has painted twice more: what a click set off without waiting on the network is on screen. */
const dosCuadros = () => page.evaluate(() => new Promise<void>((listo) => requestAnimationFrame(() => requestAnimationFrame(() => listo()))));

const png = (name: string, rgb: [number, number, number], w = 320, h = 180) => ({ name, mimeType: 'image/png', buffer: solidPng(w, h, rgb) });
const fileInput = (ariaLabel: string) => page.locator(`input[type=file][aria-label="${ariaLabel}"]`);
const galleryInput = () => page.locator('input[type=file][multiple]');

/** The gallery's selection with a good photo and a PDF named .png, its error on the PDF's token. */
async function elegirConFolleto() {
  await galleryInput().setInputFiles([
    png('oficina.png', [15, 118, 110]),
    { name: 'folleto.png', mimeType: 'image/png', buffer: Buffer.from(PDF_BYTES) },
  ]);
  // Read in the browser: the error is on that photo's token before any upload.
  await page.getByRole('group', { name: 'folleto.png' }).getByText(PERFIL_MSG.tipoImagen, { exact: true }).waitFor();
}

describe('company profile', () => {
  it('lands a fresh company admin on the profile with the gated entries closed', async () => {
    const { email } = await empresaNueva();
    await signIn(email, PASSWORD);
    await notificacion(MSG.completaPerfil).waitFor();
    await page.waitForURL('**/panel-control/perfil');
    await page.getByRole('heading', { name: 'Cuenta', level: 1 }).waitFor();

    // The sign-up data and the spec's defaults are in place; the e-mail is read-only.
    expect(await field('Empresa').inputValue()).toBe('Pacífico Tours');
    expect(await field('Departamento').inputValue()).toBe('Valle del Cauca');
    expect(await field('País').inputValue()).toBe('Colombia');
    expect(await field('Correo electrónico').inputValue()).toBe(email);
    expect(await field('Correo electrónico').getAttribute('readonly')).not.toBeNull();
    // Five empty gallery slots.
    expect(await page.getByRole('img', { name: /Foto corporativa \d: sin foto/ }).count()).toBe(5);

    await page.getByRole('button', { name: 'Abrir navegación lateral' }).click();
    for (const entry of ['Mapa de Monitoreo', 'Gestiona Flota', 'Registrar Nuevo Usuario'])
      await sideMenu().getByRole('link', { name: entry, disabled: true }).waitFor();
    await page.getByRole('button', { name: 'Cerrar navegación lateral' }).click();
    await shots('perfil');
  });

  it('shows every missing field under it, re-checked on each edit', async () => {
    const { email } = await empresaNueva();
    await abrirPerfil(email);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(PERFIL_MSG.incompleto).waitFor();
    for (const message of [PERFIL_MSG.movil, PERFIL_MSG.banco, PERFIL_MSG.tipocuenta, PERFIL_MSG.cuenta, PERFIL_MSG.titular, PERFIL_MSG.rut])
      await page.getByText(message, { exact: true }).waitFor();
    await field('Nombres').fill('');
    await page.getByText(PERFIL_MSG.nombres, { exact: true }).waitFor();
    await field('Teléfono móvil').fill('3157654321');
    await page.getByText(PERFIL_MSG.movil, { exact: true }).waitFor({ state: 'detached' });
    await dismissToasts();
    await scrollTo(page.getByText('Datos de la empresa', { exact: true }));
    await shots('perfil-errores');
  });

  it('saves the profile and stays to take the corporate photo the panel still needs', async () => {
    const { email } = await empresaNueva();
    await abrirPerfil(email);
    // The mobile number, as the previous step typed it.
    await field('Teléfono móvil').fill('3157654321');
    await field('Nombres').fill('Valentina');
    await choose('Puesto', 'CTO');
    // The city fills in its department.
    // Shown by its name, accents and all (stored 'Medellin').
    await choose('Ciudad', 'Medellín');
    await expect.poll(() => field('Departamento').inputValue()).toBe('Antioquia');
    await choose('Ciudad', 'Santiago de Cali');
    await expect.poll(() => field('Departamento').inputValue()).toBe('Valle del Cauca');
    // ...and stays chosen (filling the department once undid the choice).
    const ciudad = () => page.getByRole('button', { name: /^Ciudad/ }).innerText();
    expect(await ciudad()).toContain('Santiago de Cali');
    // Letters are not a RUT: said under the field.
    await field('RUT o cédula').fill('zzz');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(PERFIL_MSG.rutFormato, { exact: true }).waitFor();
    await field('Dirección').fill('Av. 6N # 23-45, Cali');
    await choose('Banco', 'Bancolombia');
    await choose('Tipo de cuenta', 'Ahorros');
    await field('Número de cuenta').fill('12345678901');
    await field('Titular de la cuenta').fill('Pacífico Tours S.A.S.');
    await field('RUT o cédula').fill('901234567-8');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(PERFIL_MSG.actualizado).waitFor();
    await page.getByText('Perfil guardado. Sube al menos una foto corporativa para habilitar el Panel de Control.').waitFor();
    // The user record is kept in local storage too (docs/spec/01.md section 3).
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('usuario'))) ?? '{}');
    expect(stored).toMatchObject({ nombres: 'Valentina', perfil: true, perfilCompleto: false });
    // Saved: read back from the server.
    await page.reload();
    await page.getByRole('heading', { name: 'Cuenta', level: 1 }).waitFor();
    await expect.poll(ciudad).toContain('Santiago de Cali');
    expect(await field('Departamento').inputValue()).toBe('Valle del Cauca');
  });

  it('checks the photo and logo sizes in the browser, then uploads both', async () => {
    const { email } = await empresaConPerfil();
    await abrirPerfil(email);
    const big = Buffer.concat([solidPng(8, 8, [0, 0, 0]), Buffer.alloc(1024 * 1024 + 10)]);
    await fileInput('Cambiar logo').setInputFiles({ name: 'logo-enorme.png', mimeType: 'image/png', buffer: big });
    await page.getByText(PERFIL_MSG.logoGrande).waitFor();
    await fileInput('Cambiar foto de perfil').setInputFiles({ name: 'foto-enorme.png', mimeType: 'image/png', buffer: big });
    await page.getByText(PERFIL_MSG.fotoPerfilGrande).waitFor();
    await scrollTo(page.getByRole('heading', { name: 'Imágenes' }));
    await shots('perfil-fotos-grandes');

    await fileInput('Cambiar logo').setInputFiles(png('logo.png', [220, 38, 38], 500, 500));
    await page.getByText(PERFIL_MSG.logoActualizado).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Logo de la empresa' }).getAttribute('src')).toContain('/logo/');
    expect(await page.getByText(PERFIL_MSG.logoGrande).count()).toBe(0);

    await fileInput('Cambiar foto de perfil').setInputFiles({ name: 'yo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(400, 400, '#0f766e') });
    await page.getByText(PERFIL_MSG.fotoPerfilActualizada).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Foto de perfil' }).getAttribute('src')).toContain('/profile-pictures/');
    // The top bar follows without a reload.
    await expect.poll(() => page.locator('#top-bar image').first().getAttribute('href')).toContain('/profile-pictures/');
  });

  it('flags a PDF named .png as soon as it is chosen, and uploads nothing', async () => {
    const { email } = await empresaConPerfil({ imagenes: true });
    await abrirPerfil(email);
    const uploads: string[] = [];
    const listen = (request: Request) => {
      if (request.url().includes('/uploads')) uploads.push(request.url());
    };
    page.on('request', listen);
    await elegirConFolleto();
    await page.getByRole('button', { name: 'Subir fotos', exact: true }).click();
    // Whatever the click set off shows in the frames after it: no upload started (no progress, no
    // 'Subiendo fotos'), no request left, and the gallery is as it was.
    await dosCuadros();
    expect(await page.getByText('Subiendo fotos').count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(uploads).toEqual([]);
    expect(await page.getByRole('img', { name: /Foto corporativa \d: sin foto/ }).count()).toBe(5);
    expect(await page.getByText(PERFIL_MSG.tipoImagen, { exact: true }).count()).toBe(1);
    await scrollTo(page.getByText('Fotos corporativas a subir', { exact: true }));
    await shots('perfil-fotos-error');
    // Nor later.
    expect(uploads).toEqual([]);
    page.off('request', listen);
  });

  it('uploads the corporate photos and opens the gated entries without a reload', async () => {
    const { email } = await empresaConPerfil({ imagenes: true });
    await abrirPerfil(email);
    await elegirConFolleto();
    // The refused file is taken out of the selection; a new choice is the new selection, so the
    // three photos are chosen together.
    await page.getByRole('button', { name: 'Quitar la foto 2, folleto.png' }).click();
    expect(await page.getByRole('button', { name: /^Quitar la foto \d/ }).count()).toBe(1);
    await galleryInput().setInputFiles([
      png('oficina.png', [15, 118, 110]),
      { name: 'bus.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1280, 720, '#dc2626') },
      png('equipo.png', [37, 99, 235]),
    ]);
    expect(await page.getByRole('button', { name: /^Quitar la foto \d/ }).count()).toBe(3);
    await page.getByRole('button', { name: 'Subir fotos', exact: true }).click();
    await page.getByText(PERFIL_MSG.fotosActualizadas).waitFor();
    for (const n of [1, 2, 3])
      await expect.poll(() => page.getByRole('img', { name: `Foto corporativa ${n}`, exact: true }).getAttribute('src')).toContain(`corporativa${n}`);
    expect(await page.getByRole('img', { name: /Foto corporativa \d: sin foto/ }).count()).toBe(2);
    expect(await page.getByText('Completado').count()).toBeGreaterThanOrEqual(3);
    await scrollTo(page.getByText('Fotos corporativas', { exact: true }));
    await shots('perfil-fotos');

    await page.getByRole('button', { name: 'Abrir navegación lateral' }).click();
    for (const entry of ['Mapa de Monitoreo', 'Gestiona Flota', 'Registrar Nuevo Usuario'])
      await sideMenu().getByRole('link', { name: entry, disabled: false }).waitFor();
    await page.getByRole('button', { name: 'Cerrar navegación lateral' }).click();
  });

  it('goes to the monitor map 2 s after saving a complete profile, shown from its top', async () => {
    const { email } = await empresaCompleta();
    // On a phone (where the map's page is a little taller than the screen), saved from the foot of the
    // long form, as a person does.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await abrirPerfil(email);
    await page.getByRole('img', { name: 'Foto corporativa 1', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Guardar cambios' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // From here the page's time moves only when the test says: the redirect's 2 s are counted on it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const avance = await relojHasta(() => page.getByText(PERFIL_MSG.actualizado).isVisible());
    // Not 1.9 s after the click (nor, so, after the save)...
    await page.clock.runFor(1_900 - avance);
    expect(new URL(page.url()).pathname).toBe('/panel-control/perfil');
    // ...and at once when 2 s have passed since the save.
    await page.clock.runFor(100 + avance);
    await page.waitForURL('**/panel-control/monitor-map');
    await page.clock.resume();
    // A new screen starts at its top, not where the profile was scrolled to.
    await page.getByRole('region', { name: 'Mapa de servicios' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('turns the expiry alerts by e-mail off and on again (docs/decisions/0015), kept after a reload', async () => {
    const { email } = await empresaCompleta();
    await abrirPerfil(email);
    const avisos = page.getByRole('checkbox', { name: `Recibir los avisos por correo en ${email}` });
    // A new admin gets them (on), until they say otherwise.
    await expect.poll(() => avisos.isChecked()).toBe(true);
    // The switch follows the saved state: it moves once the API answered.
    await avisos.click();
    await notificacion('Ya no recibirás los avisos de vencimiento por correo.').waitFor();
    expect(await avisos.isChecked()).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Avisos de vencimiento' }).waitFor();
    expect(await avisos.isChecked()).toBe(false);
    await avisos.click();
    await notificacion('Recibirás los avisos de vencimiento por correo.').waitFor();
    expect(await avisos.isChecked()).toBe(true);
    await page.getByRole('heading', { name: 'Avisos de vencimiento' }).scrollIntoViewIfNeeded();
    await shots('perfil-avisos');
  });

  it('fits the profile on a phone', async () => {
    const { email } = await empresaCompleta();
    await page.setViewportSize({ width: 390, height: 844 });
    await abrirPerfil(email);
    await page.getByRole('img', { name: 'Foto corporativa 1', exact: true }).waitFor();
    await scrollTo(page.getByText('Fotos corporativas', { exact: true }));
    await shots('perfil-movil');
  });
});
