import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { INVITACION_MSG, MSG, PERFIL_MSG, RECUPERAR_MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { REDIRECT_AFTER_SAVE_MS } from '../../web/src/features/perfil/components/perfil-form.js';
import { api, idToken, lastCodeFor, newCompanyAdmin, signUpCompanyAdmin, stack, ultimaInvitacionPara } from '../support/clients.js';
import { elegir, entrarComo, field, notificacion, page, shots, sideMenu, signIn, signOut, url, usePage } from '../support/e2e.js';

/*
 * Access end to end (issue "Access and company profile"): sign-up with the authorization key, e-mail
 * verification, first sign-in, internal registration of staff and password recovery. Each test makes
 * the account it starts from (a new address each time), through Cognito or the API as the console does.
 */

// Simple passwords on purpose: the spec's only rule is 6 characters, and the user pool agrees.
const ADMIN_PASSWORD = 'Secreta123!';
const STAFF_PASSWORD = 'equipo';
const NEW_STAFF_PASSWORD = 'nueva1';

usePage();

let creados = 0;
/** An address no other test has used, on this stack or on an earlier run's. */
const correoNuevo = (nombre: string, dominio: string) => `${nombre}.${Date.now().toString(36)}${(creados++).toString(36)}@${dominio}`;

/** A company admin signed up with the key as the console does, its e-mail not verified yet; returns the code sent. */
async function adminSinVerificar(email: string): Promise<string> {
  await signUpCompanyAdmin(email, { password: ADMIN_PASSWORD, nombre: 'Sofía', apellido: 'Cabal', empresa: 'Transportes La Sultana', puesto: 'COORDINADOR_COMERCIAL' });
  return nextCode(email);
}

/** A staff user the demo admin invited through the API (`POST /usuarios`); the fragment of the e-mail's link (docs/decisions/0011). */
async function staffInvitado(email: string): Promise<string> {
  const res = await api('/usuarios', {
    token: await idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    body: { email, verifyEmail: email, password: STAFF_PASSWORD, verifyPassword: STAFF_PASSWORD },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return new URL(ultimaInvitacionPara(email)!.enlace).hash;
}

const modal = () => page.getByRole('dialog');
/** The next code the outbox receives for an address (a new one, not the one read before). */
async function nextCode(email: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(() => (code = lastCodeFor(email)) !== undefined && code !== previous, { timeout: 10_000 }).toBe(true);
  return code!;
}

async function cognitoSignInError(email: string, password: string): Promise<string> {
  return idToken(email, password).then(
    () => 'signed in',
    (error: Error) => error.name,
  );
}

describe('access', () => {
  it('checks the sign-up form with the spec messages', async () => {
    await page.goto(url('/registro'));
    await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    await page.getByText('Completa el formulario para comenzar').waitFor();
    await shots('registro');

    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    for (const message of [MSG.nombresRequeridos, MSG.apellidosRequeridos, MSG.empresaRequerida, MSG.puestoRequerido, MSG.emailRequerido, MSG.passwordMin])
      await page.getByText(message, { exact: true }).waitFor();
    expect(await modal().filter({ hasText: 'Autorización Requerida' }).isVisible()).toBe(false);

    // Errors follow each edit after the first attempt. One password rule: 6 characters, nothing else.
    await field('Contraseña').fill('abc');
    await page.getByText(MSG.passwordMin).waitFor();
    await field('Contraseña').fill('abcdef');
    await page.getByText(MSG.passwordMin).waitFor({ state: 'detached' });
    await page.getByText('Mínimo 6 caracteres.', { exact: true }).waitFor();
    await field('Nombres').fill('Sofía');
    await page.getByText(MSG.nombresRequeridos).waitFor({ state: 'detached' });
    await shots('registro-errores');
  });

  it('refuses a wrong authorization key inside the modal and creates nothing, then signs up with the right one', async () => {
    const email = correoNuevo('sofia', 'sultana.demo');
    await page.goto(url('/registro'));
    await field('Nombres').fill('Sofía');
    await field('Apellidos').fill('Cabal');
    await field('Empresa').fill('Transportes La Sultana');
    await elegir(page.getByRole('button', { name: /^Puesto/ }), 'Coordinador(a) Comercial');
    await field('Correo electrónico').fill(email.toUpperCase());
    await field('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    const dialog = modal().filter({ hasText: 'Autorización Requerida' });
    await dialog.waitFor();
    await dialog.getByLabel('Clave de autorización').fill('adivinanza');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.getByText(MSG.claveIncorrecta, { exact: true }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Clave de autorización').getAttribute('type')).toBe('password');
    await shots('registro-clave-incorrecta');
    // Nothing was created: the address cannot sign in, and not for want of verification.
    expect(['UserNotFoundException', 'NotAuthorizedException']).toContain(await cognitoSignInError(email, ADMIN_PASSWORD));

    // Cancelar closes the modal and keeps the form.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await field('Empresa').inputValue()).toBe('Transportes La Sultana');

    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await dialog.getByLabel('Clave de autorización').fill(stack().signUpKey);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((u) => u.pathname === '/verificar-correo');
    await page.getByText(REGISTRO_MSG.exitoRegistro).waitFor();
    // The address is stored lower-case and prefilled, and its code is sent.
    expect(await field('Correo electrónico').inputValue()).toBe(email);
    await nextCode(email);
    await shots('verificar-correo');
    // The screen leads to the sign-in for whoever verified already.
    await page.getByRole('link', { name: 'Inicia sesión' }).click();
    await page.waitForURL('**/login');
  });

  it('sends an unverified sign-in to the verification screen, resends the code and verifies', async () => {
    const email = correoNuevo('sofia', 'sultana.demo');
    const firstCode = await adminSinVerificar(email);
    await signIn(email, ADMIN_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/verificar-correo' && u.searchParams.get('email') === email);
    await page.getByText(MSG.verificaCorreo, { exact: true }).waitFor();

    await field('Código de verificación').fill('12');
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    await page.getByText('Ingresa el código de 6 dígitos que enviamos a tu correo', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await page.getByText('Te enviamos un nuevo código de verificación. Revisa tu correo.').waitFor();
    const code = await nextCode(email, firstCode);

    // A wrong code is said at the code field, not in a banner.
    await field('Código de verificación').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    await page.getByText('El código de verificación no es correcto.', { exact: true }).waitFor();
    expect(await field('Código de verificación').getAttribute('aria-invalid')).toBe('true');

    await field('Código de verificación').fill(code);
    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    await page.waitForURL('**/login');
    await page.getByText('Correo verificado correctamente. Ya puedes iniciar sesión.').waitFor();
    expect(await field('Correo electrónico').inputValue()).toBe(email);
  });

  it('signs the new admin in for the first time, on the profile with "Completa tu perfil"', async () => {
    const email = correoNuevo('sofia', 'sultana.demo');
    await newCompanyAdmin(email, ADMIN_PASSWORD, 'Transportes La Sultana');
    await signIn(email, ADMIN_PASSWORD);
    await page.waitForURL('**/panel-control/perfil');
    await notificacion(MSG.completaPerfil).waitFor();
    await page.getByRole('heading', { name: 'Cuenta', level: 1 }).waitFor();
    // The sign-up data is already in the profile (newCompanyAdmin signs up as 'Prueba Apellido').
    expect(await field('Empresa').inputValue()).toBe('Transportes La Sultana');
    expect(await field('Nombres').inputValue()).toBe('Prueba');
    await signOut();
  });

  it('answers a second sign-up of the same address with the Spanish provider error', async () => {
    const email = correoNuevo('sofia', 'sultana.demo');
    await newCompanyAdmin(email, ADMIN_PASSWORD, 'Transportes La Sultana');
    await page.goto(url('/registro'));
    await field('Nombres').fill('Sofía');
    await field('Apellidos').fill('Cabal');
    await field('Empresa').fill('Otra Empresa');
    await elegir(page.getByRole('button', { name: /^Puesto/ }), 'CEO');
    await field('Correo electrónico').fill(email);
    await field('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const dialog = modal().filter({ hasText: 'Autorización Requerida' });
    await dialog.getByLabel('Clave de autorización').fill(stack().signUpKey);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText(`Error: ${REGISTRO_MSG.yaExiste}`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/registro');
  });

  it('lets the demo admin register a staff user, and answers a second registration of the address with the API message', async () => {
    const email = correoNuevo('juan', 'transvalle.demo');
    await entrarComo('admin');
    await page.goto(url('/panel-control/monitor-map'));
    await page.getByRole('button', { name: 'Abrir navegación lateral' }).click();
    await sideMenu().getByRole('link', { name: 'Registrar Nuevo Usuario' }).click();
    await page.waitForURL('**/panel-control/registro-interno');
    await page.getByRole('heading', { name: 'Registra Nuevo Usuario' }).waitFor();

    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByText(REGISTRO_MSG.email, { exact: true }).waitFor();
    await page.getByText(REGISTRO_MSG.password, { exact: true }).waitFor();
    // Every problem at once: the mismatches beside a short password (they came in a second round).
    await field('Correo electrónico').fill(email);
    await field('Verificar correo electrónico').fill(`otro.${email}`);
    await field('Contraseña').fill('abc');
    await field('Verificar contraseña').fill('abcd');
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    for (const msg of [REGISTRO_MSG.password, REGISTRO_MSG.emailsNoCoinciden, REGISTRO_MSG.passwordsNoCoinciden]) await page.getByText(msg, { exact: true }).waitFor();
    await field('Correo electrónico').fill(email);
    await field('Verificar correo electrónico').fill(`otro.${email}`);
    await field('Contraseña').fill(STAFF_PASSWORD);
    await field('Verificar contraseña').fill('Distinta123!');
    await page.getByText(REGISTRO_MSG.emailsNoCoinciden, { exact: true }).waitFor();
    await page.getByText(REGISTRO_MSG.passwordsNoCoinciden, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await field('Contraseña').getAttribute('type')).toBe('text');
    await shots('registro-interno-errores');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    expect(await field('Contraseña').getAttribute('type')).toBe('password');

    await field('Verificar correo electrónico').fill(email);
    await field('Verificar contraseña').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByText(REGISTRO_MSG.exito).waitFor();
    await page.waitForURL('**/panel-control/monitor-map');
    // The invitation's link went out (docs/decisions/0011).
    await expect.poll(() => ultimaInvitacionPara(email)?.correo).toBe(email);

    // Registering the same address again: the API's Spanish message.
    await page.goto(url('/panel-control/registro-interno'));
    for (const [label, value] of [['Correo electrónico', email], ['Verificar correo electrónico', email], ['Contraseña', STAFF_PASSWORD], ['Verificar contraseña', STAFF_PASSWORD]])
      await field(label!).fill(value!);
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByText(`Error: ${REGISTRO_MSG.yaEnEmpresa}`).waitFor();
    // Said under the e-mail as well, which has the focus (it was left on the page's body).
    await page.getByText(REGISTRO_MSG.yaEnEmpresa, { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(email);
    await shots('registro-interno');
    await signOut();
  });

  it('has a staff user the admin invited validate the account from the link, sign in without the admin entry and save only their personal part', async () => {
    const email = correoNuevo('juan', 'transvalle.demo');
    const enlace = await staffInvitado(email);
    // The staff user opens the e-mail's link and types the password the admin gave them.
    await page.goto(url(`/validar-cuenta${enlace}`));
    await page.getByRole('heading', { name: 'Valida tu cuenta' }).waitFor();
    expect(await field('Correo electrónico').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Validar cuenta', exact: true }).click();
    await page.getByText(INVITACION_MSG.contrasenaRequerida, { exact: true }).waitFor();
    await field('Contraseña').fill('otra12');
    await page.getByRole('button', { name: 'Validar cuenta', exact: true }).click();
    await page.getByText(INVITACION_MSG.contrasena(4), { exact: true }).waitFor();
    await shots('validar-cuenta');
    await field('Contraseña').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Validar cuenta', exact: true }).click();
    await page.getByText(INVITACION_MSG.validada).waitFor();
    await page.waitForURL('**/login');
    // The sign-in has the address already.
    await expect.poll(() => field('Correo electrónico').inputValue()).toBe(email);
    // The link is used up.
    await page.goto(url(`/validar-cuenta${enlace}`));
    await field('Contraseña').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Validar cuenta', exact: true }).click();
    await page.getByText(INVITACION_MSG.invalida).waitFor();
    // Nothing left to type on a spent link; without a link at all, the screen says where to find one.
    expect(await page.getByRole('button', { name: 'Validar cuenta', exact: true }).isDisabled()).toBe(true);
    await page.goto(url('/validar-cuenta'));
    await page.getByText(INVITACION_MSG.sinEnlace).waitFor();
    await signIn(email, STAFF_PASSWORD);
    await notificacion(MSG.completaPerfil).waitFor();
    await page.waitForURL('**/panel-control/perfil');
    await page.getByRole('button', { name: 'Abrir navegación lateral' }).click();
    await sideMenu().getByRole('link', { name: 'Perfil de Usuario' }).waitFor();
    expect(await sideMenu().getByText('Registrar Nuevo Usuario').count()).toBe(0);
    // The company already has its corporate photo: only their own profile is asked for.
    await sideMenu().getByText('Completa tu perfil', { exact: true }).waitFor();
    // The company's data is the admin's: read-only for staff, and no logo or gallery controls.
    expect(await field('Empresa').getAttribute('readonly')).not.toBeNull();
    expect(await field('Empresa').inputValue()).toBe('Transportes del Valle S.A.S.');
    expect(await page.getByRole('button', { name: 'Subir fotos', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cerrar navegación lateral' }).click();
    await shots('perfil-usuario');

    // Reaching the admin screen by its address shows why it is closed.
    await page.goto(url('/panel-control/registro-interno'));
    await page.getByText('No tienes permiso para ver esta sección').waitFor();
    await page.getByText('Esta sección es solo para los administradores de la empresa.').waitFor();
    expect(await page.getByRole('button', { name: 'Registrar', exact: true }).count()).toBe(0);
    await shots('registro-interno-sin-permiso');

    // Staff save only their personal part; the profile then gives way to the map after its 2 s, which
    // the page's clock skips.
    await page.clock.install();
    await page.goto(url('/panel-control/perfil'));
    await field('Nombres').fill('Juan');
    await field('Apellidos').fill('Ortiz');
    await field('Teléfono móvil').fill('3001234567');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(PERFIL_MSG.actualizado).waitFor();
    await page.clock.fastForward(REDIRECT_AFTER_SAVE_MS);
    await page.waitForURL('**/panel-control/monitor-map');
    await signOut();
  });

  it('recovers a forgotten password with the code of the e-mail', async () => {
    const email = correoNuevo('juan', 'transvalle.demo');
    await newCompanyAdmin(email, STAFF_PASSWORD);
    await page.goto(url('/cambiar-password'));
    await page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' }).waitFor();
    await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
    await page.getByText(MSG.emailRequerido, { exact: true }).waitFor();
    await field('Correo electrónico').fill('juan@');
    await page.getByText(MSG.emailInvalido, { exact: true }).waitFor();
    await shots('cambiar-password');

    const before = lastCodeFor(email);
    await field('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
    await page.getByText(RECUPERAR_MSG.exito).waitFor();
    const code = await nextCode(email, before);

    await field('Código de verificación').fill(code);
    await field('Nueva contraseña').fill('corta');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(MSG.passwordMin, { exact: true }).waitFor();
    await shots('cambiar-password-codigo');
    await field('Nueva contraseña').fill(NEW_STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Tu contraseña se cambió correctamente. Inicia sesión con la nueva contraseña.').waitFor();

    expect(await cognitoSignInError(email, STAFF_PASSWORD)).not.toBe('signed in');
    await signIn(email, NEW_STAFF_PASSWORD);
    await page.getByText(MSG.bienvenido).waitFor();
    await page.waitForURL('**/panel-control/**');
    await signOut();
  });

  it('answers an unknown address as a known one, as Cognito does in AWS (no account is revealed)', async () => {
    await page.goto(url('/cambiar-password'));
    await field('Correo electrónico').fill(correoNuevo('nadie', 'sultana.demo'));
    await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
    await page.getByText(RECUPERAR_MSG.exito).waitFor();
    expect(await page.getByText(RECUPERAR_MSG.error).count()).toBe(0);
    await field('Código de verificación').fill('123456');
    await field('Nueva contraseña').fill('OtraClave123!');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('El código de verificación no es correcto.').first().waitFor();
    expect(await page.getByText(/No existe una cuenta/).count()).toBe(0);
  });
});
