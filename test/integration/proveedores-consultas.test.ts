import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTEGRACION_MSG } from '@shared/schemas/messages-servicios.js';
import { PAGINA_MSG } from '@shared/schemas/paginas.js';
import { PROVEEDOR_MSG } from '@shared/schemas/proveedores.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, idToken, listKeys, solidPng, stack } from '../support/clients.js';
import { panelDeProveedores } from '../support/integracion-proveedores.js';
import { appApi, subirComoApp } from '../support/servicios.js';

/**
 * The provider panel's API (issue "provider validation panel"): its lists read page by page and by text,
 * a provider's detail, and what the provider apps' endpoints refuse. No test here moves a count, so this
 * file runs beside proveedores-conteos.test.ts, whose tests move the counts and compare them.
 */
let plataforma: string;
beforeAll(async () => {
  plataforma = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
});

const { pagina, detalle } = panelDeProveedores(() => plataforma);

describe('provider panel: counts and lists', () => {
  it('pages a list newest first with a cursor, each record once', async () => {
    const ids: string[] = [];
    const fechas: string[] = [];
    let cursor: string | null = null;
    let paginas = 0;
    do {
      const r = await pagina('guias-nuevos', `?limite=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      ids.push(...r.json.items.map((i: { id: string }) => i.id));
      fechas.push(...r.json.items.map((i: { fechaCreacion: string }) => i.fechaCreacion));
      cursor = r.json.cursor;
      paginas++;
    } while (cursor && paginas < 20);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(paginas).toBeGreaterThanOrEqual(3);
  });

  it('filters by text, ignoring case and accents', async () => {
    const r = await pagina('conductores-nuevos', '?q=QUINONES');
    expect(r.status).toBe(200);
    expect(r.json.items.map((i: { nombre: string }) => i.nombre)).toEqual(['Fredy Alexander Quiñones']);
    expect((await pagina('guias', '?q=nadie-se-llama-asi')).json.items).toEqual([]);
    // Every word somewhere, in any order, middle names aside.
    expect((await pagina('conductores-nuevos', '?q=sinisterra%20gloria')).json.items.map((i: { nombre: string }) => i.nombre)).toEqual(['Gloria Inés Sinisterra']);
  });

  it('refuses an unknown list, a forged cursor and another list\'s cursor with Spanish errors', async () => {
    expect(await pagina('todos')).toMatchObject({ status: 404, json: { error: { message: PROVEEDOR_MSG.listaInvalida } } });
    expect(await pagina('guias', '?cursor=no-es-un-cursor')).toMatchObject({ status: 400, json: { error: { message: PAGINA_MSG.cursorInvalido } } });
    const vacio = Buffer.from(JSON.stringify({ id: '', estadoProveedor: 'guia#activo', fechaCreacion: '' })).toString('base64url');
    expect(await pagina('guias', `?cursor=${vacio}`)).toMatchObject({ status: 400, json: { error: { message: PAGINA_MSG.cursorInvalido } } });
    const otra = (await pagina('guias-nuevos', '?limite=1')).json.cursor as string;
    expect(await pagina('guias', `?cursor=${otra}`)).toMatchObject({ status: 400, json: { error: { message: PAGINA_MSG.cursorInvalido } } });
  });

  it('shows a driver\'s detail with its photos and documents, and a new guide\'s with none', async () => {
    const d = await detalle('conductor', 'veh-referido-007');
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ lista: 'conductores-por-validar', fila: { nombre: 'Harold Stiven Ibarra', placas: 'HSI655' } });
    expect(d.json.imagenUrl).toMatch(/^http/);
    expect(d.json.documentos.map((x: { nombre: string }) => x.nombre)).toEqual(expect.arrayContaining(['Foto frente', 'SOAT', 'Licencia de conducción']));
    expect((await fetch(d.json.documentos[0].url)).status).toBe(200);
    // A document is served inline under its name (the console previews it in a frame), a photo as stored.
    const soat = d.json.documentos.find((x: { nombre: string }) => x.nombre === 'SOAT');
    expect(soat.foto).toBeUndefined();
    const r = await fetch(soat.url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(`inline; filename="SOAT - Harold Stiven Ibarra"; filename*=UTF-8''SOAT%20-%20Harold%20Stiven%20Ibarra`);
    expect(d.json.documentos.find((x: { nombre: string }) => x.nombre === 'Foto frente')).toMatchObject({ foto: true });
    // A driver with no trips: the row says so (the console shows no stars for it).
    expect(d.json.fila.viajesRealizados).toBe(0);
    const g = await detalle('guia', 'guia-demo-001');
    expect(g.json).toMatchObject({ lista: 'guias-nuevos', imagenUrl: null, documentos: [] });
    expect(await detalle('guia', 'no-existe')).toMatchObject({ status: 404, json: { error: { message: PROVEEDOR_MSG.noEncontrado } } });
    expect(await detalle('piloto', 'guia-demo-001')).toMatchObject({ status: 404 });
    // A guide's id under another kind names nothing.
    expect(await detalle('operador', 'guia-demo-001')).toMatchObject({ status: 404 });
  });
});

describe('provider apps: registration and update (integration endpoints)', () => {
  it('refuses an id another kind of provider holds before using any upload', async () => {
    const foto = await subirComoApp('fotoProveedor', solidPng(20, 20, [1, 2, 3]), 'image/png');
    const r = await appApi('PUT', '/integracion/proveedores/guias/operador-demo-003', { nombre: 'X', email: 'x@x.co', telefono: '3001112233', archivos: { foto } }, { app: 'proveedores' });
    expect(r).toMatchObject({ status: 409, json: { error: { message: PROVEEDOR_MSG.idEnUso } } });
    expect(await listKeys('proveedores/guia/operador-demo-003/')).toEqual([]);
    expect((await appApi('PUT', '/integracion/proveedores/operadores/contadores', { nombre: 'X', email: 'x@x.co', telefono: '3001112233', empresa: 'X', direccion: 'Y' }, { app: 'proveedores' })).status).toBe(409);
  });

  it('opens to the provider apps\' key only: the client app\'s key, a console token and no signature are refused', async () => {
    const path = `/integracion/proveedores/guias/${randomUUID()}`;
    const body = { nombre: 'X', email: 'x@x.co', telefono: '3001112233' };
    expect(await appApi('PUT', path, body, { app: 'proveedores', secret: stack().clientAppSecret })).toMatchObject({ status: 401, json: { error: { message: INTEGRACION_MSG.firmaInvalida } } });
    expect(await api(path, { token: plataforma, method: 'PUT', body })).toMatchObject({ status: 401 });
    expect((await appApi('POST', '/integracion/proveedores/uploads', { kind: 'fotoPerfil', contentType: 'image/png', size: 10 }, { app: 'proveedores' })).status).toBe(400);
  });
});
