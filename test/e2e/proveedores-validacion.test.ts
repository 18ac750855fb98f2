import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atributosDeEstado } from '../../lambdas/data/proveedor-repository.js';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO, uploadKeys } from '@shared/domain/uploads.js';
import { CORREO_BIENVENIDA, PROVEEDOR_MSG } from '@shared/schemas/proveedores.js';
import { vehicleCode, vehiculoSchema } from '@shared/schemas/vehiculo.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { demoProveedores } from '../../scripts/local/seed-proveedores.js';
import { api, docClient, idToken, PDF_BYTES, solidPng, stack, table } from '../support/clients.js';
import { abrir, enPieDeDialogo, entrarComo, page, shots, usePage } from '../support/e2e.js';
import { chip, conteo, fila, unico } from '../support/e2e-proveedores.js';
import { appApi, subirComoApp } from '../support/servicios.js';

/*
 * The provider validation panel through the console (issue "provider validation panel"), as the demo
 * marketplace staff member: a driver and a guide validated, an operator welcomed by a real e-mail, a
 * change the guide's app made while staff looked, an active guide suspended. The lists and counts are
 * proveedores-listas.test.ts's.
 *
 * Each test acts on providers of its own, registered here as the provider apps (guides, operators) or
 * the referral programme (drivers) register them: the seed's providers stay as the seed left them,
 * whatever ran before, and the counts are read before and after, not as the seed's numbers.
 */

usePage({ viewport: { width: 1280, height: 1000 } });

function correosPara(email: string): string[] {
  const dir = stack().outboxDir;
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((t) => t.startsWith(`Para: ${email}\n`));
}

type PerfilGuia = { nombre: string; email: string; telefono: string; direccion: string; rnt: string; rut: string; banco: string; tipocuenta: string; cuenta: string; titular: string };

/**
 * A guide registered by the guides' app with its whole profile, photo and RNT, RUT and cédula: it
 * waits in 'Guías por Validar' (the newest there).
 */
async function guiaPorValidar(nombre: string, datos: Partial<PerfilGuia> = {}): Promise<{ id: string; perfil: PerfilGuia }> {
  const id = randomUUID();
  const u = unico();
  const perfil: PerfilGuia = {
    nombre, email: `guia.${u}@guias.demo`, telefono: '3145008899', direccion: 'Calle 27 # 12-17, Cali', rnt: '45959', rut: '1107068117',
    banco: 'BBVA', tipocuenta: 'ahorros', cuenta: '3145008899', titular: nombre, ...datos,
  };
  const [foto, rnt, rut, cedula] = await Promise.all([
    subirComoApp('fotoProveedor', solidPng(240, 240, [170, 120, 80]), 'image/png'),
    subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf'),
    subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf'),
    subirComoApp('documentoProveedor', PDF_BYTES, 'application/pdf'),
  ]);
  const r = await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, archivos: { foto, rnt, rut, cedula } }, { app: 'proveedores' });
  expect(r).toMatchObject({ status: 201, json: { lista: 'guias-por-validar' } });
  return { id, perfil };
}

/** A guide validated by marketplace staff (through the API, as the detail's button does): in 'Guías Activos'. */
async function guiaActiva(nombre: string): Promise<string> {
  const { id } = await guiaPorValidar(nombre);
  const token = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
  const { version } = (await api(`/plataforma/proveedores/guia/${id}`, { token })).json;
  expect(await api(`/plataforma/proveedores/guia/${id}/validar`, { token, body: { version } })).toMatchObject({ status: 200, json: { lista: 'guias' } });
  return id;
}

/** A tour operator registered by the operators' app: in 'Operadores Nuevos' until welcomed. */
async function operadorNuevo(nombre: string, empresa: string): Promise<string> {
  const email = `reservas.${unico()}@operadores.demo`;
  const r = await appApi('PUT', `/integracion/proveedores/operadores/${randomUUID()}`, { nombre, email, telefono: '3158881100', empresa, direccion: 'Calle 8 # 3-45, Buenaventura' }, { app: 'proveedores' });
  expect(r).toMatchObject({ status: 201, json: { lista: 'operadores-nuevos' } });
  return email;
}

/**
 * A driver of the referral programme who sent every photo and document (the seed's third kind of
 * referred driver, spec: no company yet): in 'Conductores por Validar', the newest there. No app
 * registers drivers, so it is written as the seed writes them, its list's counter with it in one
 * transaction, as the repository moves them; its files are put in storage as the driver app's are.
 */
async function conductorPorValidar(nombre: string): Promise<{ id: string; placas: string }> {
  const u = unico();
  const id = `veh-e2e-${u}`;
  const letras = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const placas = `${Array.from({ length: 3 }, () => letras[Math.floor(Math.random() * letras.length)]).join('')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  // Harold Stiven Ibarra of the seed (a Sprinter van, rating 5, every file sent) as the mould.
  const { estadoProveedor: _e, busqueda: _b, ...molde } = demoProveedores(new Date()).vehiculos.find((v) => v.id === 'veh-referido-007')!;
  const s3 = new S3Client({ region: 'local', endpoint: stack().s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const poner = async (key: string, pdf: boolean) => {
    await s3.send(new PutObjectCommand({ Bucket: stack().bucket, Key: key, Body: pdf ? PDF_BYTES : solidPng(240, 240, [60, 110, 150]), ContentType: pdf ? 'application/pdf' : 'image/png' }));
    return key;
  };
  const fotos = Object.fromEntries(await Promise.all(FOTOS_VEHICULO.map(async (slot) => [slot, await poner(uploadKeys.fotoVehiculo(id, slot), false)])));
  const documentos = Object.fromEntries(await Promise.all(DOCUMENTOS_VEHICULO.map(async (slot) => [slot, await poner(uploadKeys.documentoVehiculo(id, slot), true)])));
  const vehiculo = vehiculoSchema.parse({
    ...molde, id, codigo: vehicleCode(id), nombre, propietario: nombre, titular: nombre, placas, email: `conductor.${u}@correo.demo`, fotos, documentos, fechaCreacion: new Date().toISOString(),
  });
  const attrs = atributosDeEstado({ tipo: 'conductor', r: vehiculo });
  expect(attrs.estadoProveedor).toBe('conductor#por-validar');
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table('vehiculos'), Item: { ...vehiculo, referidoPor: 'plataforma', ...attrs }, ConditionExpression: 'attribute_not_exists(id)' } },
        { Update: { TableName: table('proveedores'), Key: { id: 'contadores' }, UpdateExpression: 'ADD #c :uno', ExpressionAttributeNames: { '#c': attrs.estadoProveedor! }, ExpressionAttributeValues: { ':uno': 1 } } },
      ],
    }),
  );
  return { id, placas };
}

describe('provider validation panel', () => {
  it('opens a list by its own route, and validates a driver who moves to the active list', async () => {
    const nombre = 'Wilmar Andrés Riascos';
    const { placas } = await conductorPorValidar(nombre);
    await entrarComo('plataforma');
    // Chosen by keyboard from the panel's start, the list's button keeps the focus on the list's own address.
    await abrir('/panel-control/usuarios', 'Usuarios');
    await chip('Conductores por Validar').press('Enter');
    await page.waitForURL('**/panel-control/conductores-por-validar');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('lista-conductores-por-validar');
    await page.getByRole('heading', { level: 2, name: /^Conductores por Validar/ }).waitFor();
    await fila(nombre).waitFor();
    const porValidar = await conteo('Conductores por Validar');
    const activos = await conteo('Conductores Activos');
    // On a small phone the list shows the name (with the vehicle under it) and the action, nothing to swipe.
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      const columnas = async () => (await page.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      await expect.poll(columnas).toEqual(['Nombre', 'Acciones']);
      await fila(nombre).getByText(new RegExp(`^${placas} · .+ · Registro \\d+/\\d+/\\d{4}$`)).waitFor();
      // On a list's own address the cards and 'Por Validar' fold into one closed section: the list's
      // first row is whole on the first screen, above the bottom bar (it started at y=1054 on 390x844).
      expect(await page.getByRole('button', { name: /^Listas de proveedores/ }).getAttribute('aria-expanded')).toBe('false');
      const primera = (await fila(nombre).boundingBox())!;
      const barra = (await page.getByRole('navigation', { name: 'Navegación inferior' }).boundingBox())!;
      expect(primera.y + primera.height).toBeLessThanOrEqual(barra.y);
      const sobrante = await page.locator('table').first().evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(sobrante).toBe(0);
      await shots('proveedores-movil-360');
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
    // Back on a desktop the list shows all its columns again before the row is opened.
    await expect.poll(async () => (await page.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter(Boolean)).toContain('Empresa afiliadora');
    await page.getByRole('button', { name: `Ver detalle de ${nombre}` }).click();
    const modal = page.getByRole('dialog', { name: nombre });
    await modal.getByText(placas).waitFor();
    // No trips yet: no rating, not the five stars every record starts with.
    await modal.getByText('Sin calificaciones aún').waitFor();
    expect(await modal.getByRole('img', { name: /^Calificación/ }).count()).toBe(0);
    // Its photos and documents open inside the dialog: the first photo large, a document in a frame.
    const frente = modal.getByRole('img', { name: 'Foto frente', exact: true });
    await frente.waitFor();
    expect(await frente.getAttribute('src')).toMatch(/\/vehiculos\/veh-e2e-[^/]+\/fotos\/frente\?.*X-Amz-Signature=/);
    await shots('proveedores-detalle-conductor');
    await modal.getByRole('button', { name: 'SOAT', exact: true }).click();
    const soat = modal.locator('iframe[title="Vista previa: SOAT"]');
    await soat.waitFor();
    expect(await soat.getAttribute('src')).toMatch(/\/documentos\/soat\?.*response-content-disposition=inline/);
    expect(await modal.getByRole('button', { name: 'SOAT', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // A link to another tab only as the way out ('Descargar'), not as the way to look.
    expect(await modal.locator('a[target="_blank"]').count()).toBe(1);
    await modal.getByRole('link', { name: 'Descargar SOAT (se abre en otra pestaña)' }).waitFor();
    await shots('proveedores-detalle-conductor-documento');
    // On a phone: the file buttons and the preview inside the screen's width.
    const ancho = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect.poll(() => soat.evaluate((f) => f.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shots('movil-proveedores-detalle-documento');
    } finally {
      await page.setViewportSize(ancho);
    }
    // The decision is the footer's, the primary one on the right.
    expect(await enPieDeDialogo(modal.getByRole('button', { name: 'Validar Conductor' }))).toBe(true);
    // A second click confirms; cancelling changes nothing.
    await modal.getByRole('button', { name: 'Validar Conductor' }).click();
    await modal.getByText(`¿Validar a ${nombre}?`).waitFor();
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
    await page.getByRole('searchbox', { name: 'Buscar proveedores' }).fill(placas);
    await fila(nombre).waitFor();
  });

  it('validates a guide from \'Ver Lista\', and welcomes a new operator with a real e-mail', async () => {
    const guiaNombre = 'Mariana Escobar Lenis';
    const [, email] = await Promise.all([guiaPorValidar(guiaNombre), operadorNuevo('Rosa Elena Mina', 'Viajes Bahía Málaga')]);
    await entrarComo('plataforma');
    await abrir('/panel-control/usuarios', 'Usuarios');
    await page.getByRole('button', { name: 'Ver Lista' }).click();
    await page.getByRole('heading', { level: 2, name: /^Guías por Validar/ }).waitFor();
    const porValidar = await conteo('Guías por Validar');
    const activos = await conteo('Guías Activos');
    await page.getByRole('button', { name: `Ver detalle de ${guiaNombre}` }).click();
    const guia = page.getByRole('dialog', { name: guiaNombre });
    await guia.getByRole('button', { name: /Registro Nacional de Turismo/ }).click();
    await guia.locator('iframe[title^="Vista previa: Registro Nacional de Turismo"]').waitFor();
    await guia.getByText('Sin calificaciones aún').waitFor();
    await guia.getByRole('button', { name: 'Validar Guía' }).click();
    expect(await enPieDeDialogo(guia.getByRole('button', { name: 'Confirmar validación' }))).toBe(true);
    await guia.getByRole('button', { name: 'Confirmar validación' }).click();
    await page.getByText(PROVEEDOR_MSG.validadoGuia).waitFor();
    await expect.poll(() => conteo('Guías por Validar')).toBe(porValidar - 1);
    expect(await conteo('Guías Activos')).toBe(activos + 1);

    const nuevos = await conteo('Operadores Nuevos');
    await chip('Operadores Nuevos').click();
    await page.getByRole('button', { name: 'Ver detalle de Rosa Elena Mina' }).click();
    const operador = page.getByRole('dialog', { name: 'Rosa Elena Mina' });
    await operador.getByText('Viajes Bahía Málaga').waitFor();
    await shots('proveedores-detalle-operador');
    await operador.getByRole('button', { name: 'Antes de validar, enviar Email de Bienvenida' }).click();
    await operador.getByText('¿Enviar el correo de bienvenida a Rosa Elena Mina?').waitFor();
    await operador.getByRole('button', { name: 'Confirmar envío' }).click();
    await page.getByText(PROVEEDOR_MSG.bienvenidaEnviada).waitFor();
    await page.waitForURL(/\/panel-control\/usuarios$/);
    await expect.poll(() => conteo('Operadores Nuevos')).toBe(nuevos - 1);
    const correos = correosPara(email);
    expect(correos).toHaveLength(1);
    expect(correos[0]).toContain(`Asunto: ${CORREO_BIENVENIDA.operador.subject}`);
  });

  it('says so when the guide\'s app changed it while staff looked, and shows the new data to check first', async () => {
    const nombre = 'Jhon Freddy Angulo';
    const { id, perfil } = await guiaPorValidar(nombre, { banco: 'BBVA', tipocuenta: 'ahorros', cuenta: '3145008899' });
    await entrarComo('plataforma');
    await abrir('/panel-control/guias-por-validar', 'Guías por Validar');
    await page.getByRole('button', { name: `Ver detalle de ${nombre}` }).click();
    const modal = page.getByRole('dialog', { name: nombre });
    await modal.getByText('BBVA Colombia, cuenta de ahorros 3145008899').waitFor();
    // Meanwhile the guide changes the bank account from the app.
    expect((await appApi('PUT', `/integracion/proveedores/guias/${id}`, { ...perfil, cuenta: '3145001111' }, { app: 'proveedores' })).status).toBe(200);
    const porValidar = await conteo('Guías por Validar');
    await modal.getByRole('button', { name: 'Validar Guía' }).click();
    await modal.getByRole('button', { name: 'Confirmar validación' }).click();
    await modal.getByText(PROVEEDOR_MSG.cambioEnRevision).waitFor();
    // The new account shows, and validating asks again: nothing was validated.
    await modal.getByText('BBVA Colombia, cuenta de ahorros 3145001111').waitFor();
    await modal.getByRole('button', { name: 'Validar Guía' }).waitFor();
    await shots('proveedores-cambio-en-revision');
    expect(await conteo('Guías por Validar')).toBe(porValidar);
    await modal.getByRole('button', { name: 'Validar Guía' }).click();
    await modal.getByRole('button', { name: 'Confirmar validación' }).click();
    await page.getByText(PROVEEDOR_MSG.validadoGuia).waitFor();
    await expect.poll(() => conteo('Guías por Validar')).toBe(porValidar - 1);
  });

  it('suspends an active guide with a reason, shown in the list and the detail', async () => {
    const nombre = 'Luisa Fernanda Ocoró';
    await guiaActiva(nombre);
    await entrarComo('plataforma');
    await abrir('/panel-control/guias', 'Guías Activos');
    await page.getByRole('button', { name: `Ver detalle de ${nombre}` }).click();
    const modal = page.getByRole('dialog', { name: nombre });
    await modal.getByRole('button', { name: 'Suspender' }).click();
    await modal.getByRole('button', { name: 'Confirmar suspensión' }).click();
    await modal.getByText(PROVEEDOR_MSG.motivoRequerido).waitFor();
    await modal.getByLabel('Motivo de la suspensión').fill('Documento de identidad ilegible');
    await shots('proveedores-suspension');
    await modal.getByRole('button', { name: 'Confirmar suspensión' }).click();
    await page.getByText(PROVEEDOR_MSG.suspendido).waitFor();
    await chip('Guías Activos').click();
    await fila(nombre).getByText('Suspendido').waitFor();
  });
});
