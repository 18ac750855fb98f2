import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LISTAS_PROVEEDORES } from '../../shared/domain/proveedores.js';
import { API_MSG } from '../../shared/schemas/messages.js';
import { CORREO_BIENVENIDA, PROVEEDOR_MSG } from '../../shared/schemas/proveedores.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/seed.js';
import { api, idToken, stack } from '../support/clients.js';
import { openMenu, page, retener, shots, sideMenu, signIn, signOut, url, usePage } from '../support/e2e.js';
import { appApi } from '../support/servicios.js';

/*
 * The provider validation panel through the console (issue "provider validation panel"), as the demo
 * marketplace staff member: the seed's counts, each list, a driver and a guide validated, an
 * operator welcomed by a real e-mail, counts that follow a change made elsewhere; and a company admin
 * who has no entry and is refused by the API.
 */

usePage({ viewport: { width: 1280, height: 1000 } });

/** The chip of a list, named by its title and count ('Conductores Nuevos: 6'). */
const chip = (titulo: string) => page.getByRole('button', { name: new RegExp(`^${titulo}: \\d+$`) });
const conteo = async (titulo: string) => Number((await chip(titulo).getAttribute('aria-label'))!.split(': ')[1]);
const fila = (nombre: string) => page.getByRole('row', { name: new RegExp(nombre) });

function correosPara(email: string): string[] {
  const dir = stack().outboxDir;
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((t) => t.startsWith(`Para: ${email}\n`));
}

describe('provider validation panel', () => {
  it('shows the seed\'s counts and every list, from the side menu', async () => {
    await signIn(DEMO_USERS.plataforma, DEMO_PASSWORD);
    await page.waitForURL(/\/panel-control/);
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Usuarios' }).click();
    await page.waitForURL(/\/panel-control\/usuarios$/);
    // List 1 opens by default, its chip pressed.
    await page.getByRole('heading', { level: 2, name: /^Conductores Nuevos/ }).waitFor();
    expect(await chip('Conductores Nuevos').getAttribute('aria-pressed')).toBe('true');
    await fila('Fredy Alexander Quiñones').waitFor();
    // The demo seed (scripts/local/seed-proveedores.ts and the fleet's unvalidated vehicles).
    const seed: Record<string, number> = {
      'Conductores Nuevos': 6,
      'Conductores por Validar': 6,
      'Operadores Nuevos': 5,
      'Operadores Activos': 6,
      'Guías Nuevos': 6,
      'Guías por Validar': 5,
      'Guías Activos': 5,
    };
    for (const [titulo, n] of Object.entries(seed)) expect(await conteo(titulo), titulo).toBe(n);
    // Other files add vehicles to the fleets: active drivers are at least the seed's nine.
    expect(await conteo('Conductores Activos')).toBeGreaterThanOrEqual(9);
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
    // While a search is on its way (held back here) the list says so, instead of the rows it had.
    const busqueda = /\/plataforma\/proveedores\/listas\/.*[?&]q=nadie/;
    await page.route(busqueda, (route) => retener(route));
    try {
      await page.getByRole('searchbox', { name: 'Buscar proveedores' }).fill('nadie se llama así');
      await page.getByText('Buscando proveedores').waitFor();
      expect(await fila('Ana María Lozano').count()).toBe(0);
      await page.getByText('Ningún proveedor coincide con la búsqueda').waitFor();
    } finally {
      await page.unroute(busqueda);
    }
    // The way back to the whole list, as every list has it.
    await page.getByRole('table').getByRole('button', { name: 'Borrar búsqueda' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Ver detalle de / }).count()).toBeGreaterThanOrEqual(9);
    expect(await page.getByRole('searchbox', { name: 'Buscar proveedores' }).inputValue()).toBe('');
  });

  it('says when the counts could not be read, with Reintentar, and shows them once they can', async () => {
    const resumen = /\/plataforma\/proveedores\/resumen/;
    await page.route(resumen, (route) => route.abort('internetdisconnected'));
    try {
      await page.goto(url('/panel-control/usuarios'));
      await page.getByText('No se pudieron cargar los conteos', { exact: true }).waitFor({ timeout: 15_000 });
    } finally {
      await page.unroute(resumen);
    }
    await page.getByRole('button', { name: 'Reintentar' }).first().click();
    await page.getByText('No se pudieron cargar los conteos', { exact: true }).waitFor({ state: 'detached' });
    expect(await conteo('Conductores por Validar')).toBeGreaterThan(0);
  });

  it('opens a list by its own route, and validates a driver who moves to the active list', async () => {
    // Chosen by keyboard from the panel's start, the list's button keeps the focus on the list's own address.
    await page.goto(url('/panel-control/usuarios'));
    await chip('Conductores por Validar').press('Enter');
    await page.waitForURL('**/panel-control/conductores-por-validar');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('lista-conductores-por-validar');
    await page.getByRole('heading', { level: 2, name: /^Conductores por Validar/ }).waitFor();
    const porValidar = await conteo('Conductores por Validar');
    const activos = await conteo('Conductores Activos');
    // On a small phone the list shows the name (with the vehicle under it) and the action, nothing to swipe.
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      const columnas = async () => (await page.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      await expect.poll(columnas).toEqual(['Nombre', 'Acciones']);
      await fila('Harold Stiven Ibarra').getByText(/^HSI655 · .+ · Registro \d+\/\d+\/\d{4}$/).waitFor();
      // On a list's own address the cards and 'Por Validar' fold into one closed section: the list's
      // first row is whole on the first screen, above the bottom bar (it started at y=1054 on 390x844).
      expect(await page.getByRole('button', { name: /^Listas de proveedores/ }).getAttribute('aria-expanded')).toBe('false');
      const primera = (await fila('Harold Stiven Ibarra').boundingBox())!;
      const barra = (await page.getByRole('navigation', { name: 'Navegación inferior' }).boundingBox())!;
      expect(primera.y + primera.height).toBeLessThanOrEqual(barra.y);
      const sobrante = await page.locator('table').first().evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(sobrante).toBe(0);
      await shots('proveedores-movil-360');
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
    await page.getByRole('button', { name: 'Ver detalle de Harold Stiven Ibarra' }).click();
    const modal = page.getByRole('dialog', { name: 'Harold Stiven Ibarra' });
    await modal.getByText('HSI655').waitFor();
    await modal.getByRole('img', { name: 'Calificación 5 de 5' }).waitFor();
    await modal.getByRole('link', { name: /SOAT/ }).waitFor();
    await shots('proveedores-detalle-conductor');
    // A second click confirms; cancelling changes nothing.
    await modal.getByRole('button', { name: 'Validar Conductor' }).click();
    await modal.getByText('¿Validar a Harold Stiven Ibarra?').waitFor();
    await modal.getByText('Pasará a Conductores Activos y podrá recibir servicios de la plataforma.').waitFor();
    await shots('proveedores-confirmar-validacion');
    await modal.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await modal.getByRole('button', { name: 'Validar Conductor' }).click();
    await modal.getByRole('button', { name: 'Confirmar validación' }).click();
    await page.getByText(PROVEEDOR_MSG.validadoConductor).waitFor();
    await page.waitForURL(/\/panel-control\/usuarios$/);
    await expect.poll(() => conteo('Conductores por Validar')).toBe(porValidar - 1);
    expect(await conteo('Conductores Activos')).toBe(activos + 1);
    await chip('Conductores Activos').click();
    await page.getByRole('searchbox', { name: 'Buscar proveedores' }).fill('HSI655');
    await fila('Harold Stiven Ibarra').waitFor();
  });

  it('validates a guide from \'Ver Lista\', and welcomes a new operator with a real e-mail', async () => {
    await page.goto(url('/panel-control/usuarios'));
    await page.getByRole('button', { name: 'Ver Lista' }).click();
    await page.getByRole('heading', { level: 2, name: /^Guías por Validar/ }).waitFor();
    await page.getByRole('button', { name: 'Ver detalle de Daniela Castaño Ruiz' }).click();
    const guia = page.getByRole('dialog', { name: 'Daniela Castaño Ruiz' });
    await guia.getByRole('link', { name: /Registro Nacional de Turismo/ }).waitFor();
    await guia.getByRole('button', { name: 'Validar Guia' }).click();
    await guia.getByRole('button', { name: 'Confirmar validación' }).click();
    await page.getByText(PROVEEDOR_MSG.validadoGuia).waitFor();
    await expect.poll(() => conteo('Guías por Validar')).toBe(4);
    expect(await conteo('Guías Activos')).toBe(6);

    await chip('Operadores Nuevos').click();
    await page.getByRole('button', { name: 'Ver detalle de Ricardo Balanta' }).click();
    const operador = page.getByRole('dialog', { name: 'Ricardo Balanta' });
    await operador.getByText('Viajes Pacífico Verde').waitFor();
    await shots('proveedores-detalle-operador');
    await operador.getByRole('button', { name: 'Antes de validar, enviar Email de Bienvenida' }).click();
    await operador.getByText('¿Enviar el correo de bienvenida a Ricardo Balanta?').waitFor();
    await operador.getByRole('button', { name: 'Confirmar envío' }).click();
    await page.getByText(PROVEEDOR_MSG.bienvenidaEnviada).waitFor();
    await page.waitForURL(/\/panel-control\/usuarios$/);
    await expect.poll(() => conteo('Operadores Nuevos')).toBe(4);
    const correos = correosPara('reservas@pacificoverde.demo');
    expect(correos).toHaveLength(1);
    expect(correos[0]).toContain(`Asunto: ${CORREO_BIENVENIDA.operador.subject}`);
  });

  it('says so when the guide\'s app changed it while staff looked, and shows the new data to check first', async () => {
    await page.goto(url('/panel-control/guias-por-validar'));
    await page.getByRole('button', { name: 'Ver detalle de Esteban Mejía Londoño' }).click();
    const modal = page.getByRole('dialog', { name: 'Esteban Mejía Londoño' });
    await modal.getByText('BBVA · ahorros · 3145008899').waitFor();
    // Meanwhile the guide changes the bank account from the app.
    const perfil = { nombre: 'Esteban Mejía Londoño', email: 'esteban.mejia@guias.demo', telefono: '3145008899', direccion: 'Calle 27 # 12-17, Cali', rnt: '45959', rut: '1107068117', banco: 'BBVA', tipocuenta: 'ahorros', cuenta: '3145001111', titular: 'Esteban Mejía Londoño' };
    expect((await appApi('PUT', '/integracion/proveedores/guias/guia-demo-008', perfil, { app: 'proveedores' })).status).toBe(200);
    const porValidar = await conteo('Guías por Validar');
    await modal.getByRole('button', { name: 'Validar Guia' }).click();
    await modal.getByRole('button', { name: 'Confirmar validación' }).click();
    await modal.getByText(PROVEEDOR_MSG.cambioEnRevision).waitFor();
    // The new account shows, and validating asks again: nothing was validated.
    await modal.getByText('BBVA · ahorros · 3145001111').waitFor();
    await modal.getByRole('button', { name: 'Validar Guia' }).waitFor();
    await shots('proveedores-cambio-en-revision');
    expect(await conteo('Guías por Validar')).toBe(porValidar);
    await modal.getByRole('button', { name: 'Validar Guia' }).click();
    await modal.getByRole('button', { name: 'Confirmar validación' }).click();
    await page.getByText(PROVEEDOR_MSG.validadoGuia).waitFor();
    await expect.poll(() => conteo('Guías por Validar')).toBe(porValidar - 1);
  });

  it('suspends an active guide with a reason, shown in the list and the detail', async () => {
    await page.goto(url('/panel-control/guias'));
    await page.getByRole('button', { name: 'Ver detalle de Valeria Rojas Hurtado' }).click();
    const modal = page.getByRole('dialog', { name: 'Valeria Rojas Hurtado' });
    await modal.getByRole('button', { name: 'Suspender' }).click();
    await modal.getByRole('button', { name: 'Confirmar suspensión' }).click();
    await modal.getByText(PROVEEDOR_MSG.motivoRequerido).waitFor();
    await modal.getByLabel('Motivo de la suspensión').fill('Documento de identidad ilegible');
    await shots('proveedores-suspension');
    await modal.getByRole('button', { name: 'Confirmar suspensión' }).click();
    await page.getByText(PROVEEDOR_MSG.suspendido).waitFor();
    await chip('Guías Activos').click();
    await fila('Valeria Rojas Hurtado').getByText('Suspendido').waitFor();
  });

  it('counts and the open list follow a guide registered by its app, without reloading', async () => {
    await page.goto(url('/panel-control/guias-nuevos'));
    await fila('Camila Andrea Valencia').waitFor();
    const antes = await conteo('Guías Nuevos');
    const r = await appApi('PUT', `/integracion/proveedores/guias/${randomUUID()}`, { nombre: 'Guía Recién Registrada', email: 'recien@guias.demo', telefono: '3009998877' }, { app: 'proveedores' });
    expect(r.status).toBe(201);
    await expect.poll(() => conteo('Guías Nuevos'), { timeout: 12_000, interval: 500 }).toBe(antes + 1);
    // The list's rows with its count (they came up to 15 s later, a row already gone still clickable).
    await fila('Guía Recién Registrada').waitFor({ timeout: 3000 });
    await signOut();
  });

  it('gives a company admin no entry, and the API refuses it', async () => {
    await signIn(DEMO_USERS.admin, DEMO_PASSWORD);
    await page.waitForURL(/\/panel-control/);
    await openMenu();
    await sideMenu().getByRole('link', { name: 'Perfil de Usuario' }).waitFor();
    expect(await sideMenu().getByRole('link', { name: 'Usuarios' }).count()).toBe(0);
    await page.goto(url('/panel-control/usuarios'));
    await page.getByText(/no tienes permiso/i).first().waitFor();
    const token = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    expect(await api('/plataforma/proveedores/resumen', { token })).toMatchObject({ status: 403, json: { error: { message: API_MSG.sinPermiso } } });
    await signOut();
  });
});
