import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { LISTAS_SERVICIOS } from '@shared/domain/listas.js';
import { PAGINA_MSG } from '@shared/schemas/paginas.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { api, idToken } from '../support/clients.js';
import { ids, sesionesPagos, TRANSVALLE } from '../support/integracion-pagos.js';

/**
 * Payments: the service lists of each state and the history with its totals, which read the demo
 * company's records (test/support/integracion-pagos.ts).
 */

// Signed in once, as the file is loaded.
const { admin, staff, andino, plataforma } = await sesionesPagos();

describe('the service lists and the history', () => {
  it("show a company its own services in each state, marketplace staff every company's or one's", async () => {
    for (const lista of LISTAS_SERVICIOS) {
      const propios = await api(`/servicios?lista=${lista.id}&limite=100`, { token: staff });
      expect(propios.status).toBe(200);
      expect(propios.json.items.length, lista.id).toBeGreaterThan(0);
      for (const f of propios.json.items) {
        expect(f.empresaAliada).toBe(TRANSVALLE);
        expect(f.estado).toBe(lista.estado);
        if (lista.soloIniciados) expect(f.recorridoIniciado).toBe(true);
      }
      // Another company sees only its own (Turismo Andino may win a reservation in the offers tests, never
      // more), and a company without services none.
      const ajenos = (await api(`/servicios?lista=${lista.id}&limite=100`, { token: andino })).json.items as { empresaAliada: string }[];
      expect(ajenos.filter((f) => f.empresaAliada !== 'demo-andino')).toEqual([]);
      if (lista.id !== 'pedidos') expect(ajenos).toEqual([]);
      expect((await api(`/servicios?lista=${lista.id}&empresa=demo-expresopacifico`, { token: plataforma })).json.items).toEqual([]);
      // A company cannot read another's by naming it: it gets its own (Turismo Andino's, if any).
      const nombrando = (await api(`/servicios?lista=${lista.id}&empresa=${TRANSVALLE}`, { token: andino })).json.items as { empresaAliada: string }[];
      expect(nombrando.filter((f) => f.empresaAliada !== 'demo-andino')).toEqual([]);
    }
    expect(ids(await api('/servicios?lista=pedidos', { token: plataforma }))).toEqual(expect.arrayContaining(['demo-validar-1', 'demo-validar-2']));
    expect(ids(await api('/servicios?lista=en-curso', { token: admin }))).toContain('demo-encurso-1');
    // Finished: latest departure first.
    const fin = (await api('/servicios?lista=finalizados&limite=100', { token: admin })).json.items as { fechaSalida: string }[];
    expect(fin.map((f) => f.fechaSalida)).toEqual([...fin.map((f) => f.fechaSalida)].sort().reverse());
  });

  it('pages with a cursor, filters by words without accents, and refuses a forged cursor or an unknown list', async () => {
    const primera = await api('/servicios?lista=finalizados&limite=4', { token: admin });
    expect(primera.json.items).toHaveLength(4);
    expect(primera.json.cursor).toEqual(expect.any(String));
    const segunda = await api(`/servicios?lista=finalizados&limite=4&cursor=${primera.json.cursor}`, { token: admin });
    expect(ids(segunda).some((id) => ids(primera).includes(id))).toBe(false);
    // Another list's cursor, or a made-up one, is a Spanish 400.
    expect((await api(`/servicios?lista=reservados&cursor=${primera.json.cursor}`, { token: admin })).status).toBe(400);
    expect((await api('/servicios?lista=finalizados&cursor=eyJpZCI6MX0', { token: admin })).json.error.message).toBe('La página pedida no es válida. Vuelve a la primera.');
    expect((await api('/servicios?lista=todas', { token: admin })).json.error.message).toBe(PAGO_MSG.listaInvalida);
    const filtro = await api(`/servicios?lista=finalizados&limite=100&q=${encodeURIComponent('CHIVA')}`, { token: admin });
    expect(ids(filtro)).toEqual(['demo-finalizado-2']);
    // Every word counts, the seventh too (it was dropped: a search of seven words found rows without it).
    expect(ids(await api(`/servicios?lista=finalizados&limite=100&q=${encodeURIComponent('chiva chiva chiva chiva chiva chiva zzzzqqq')}`, { token: admin }))).toEqual([]);
    // A filter too long or a page size out of range is a Spanish 400, never a silently different list.
    expect((await api(`/servicios?lista=finalizados&q=${'a'.repeat(101)}`, { token: admin })).json.error.message).toBe('Máximo 100 caracteres');
    for (const limite of ['0', '-1', '101', '2.5', 'abc', '1e9']) {
      expect((await api(`/servicios?lista=finalizados&limite=${limite}`, { token: admin })).json.error.message, limite).toBe(PAGINA_MSG.limiteInvalido);
    }
  });

  it('gives the history of a date range with its totals', async () => {
    const res = await api('/historial', { token: admin });
    expect(res.status).toBe(200);
    const { items, totales } = res.json as { items: { estado: string; valorOferta: number }[]; totales: { servicios: number; valor: number; finalizados: number; cancelados: number } };
    // A cancelled reservation (the demo has one) is a row, but neither a service won nor value: counted apart.
    expect(totales.cancelados).toBe(items.filter((i) => i.estado === 'cancelado').length);
    expect(totales.cancelados).toBeGreaterThanOrEqual(1);
    expect(totales.servicios).toBe(items.length - totales.cancelados);
    expect(totales.valor).toBe(items.filter((i) => i.estado !== 'cancelado').reduce((t, i) => t + (i.valorOferta ?? 0), 0));
    expect(totales.finalizados).toBe(items.filter((i) => i.estado === 'finalizado').length);
    expect((totales as { enValidacion?: number }).enValidacion).toBe(items.filter((i) => i.estado === 'validar').length);
    expect(totales.finalizados).toBeGreaterThanOrEqual(12);
    const soloFin = await api('/historial?estado=finalizado', { token: admin });
    expect((soloFin.json.items as { estado: string }[]).every((i) => i.estado === 'finalizado')).toBe(true);
    expect((await api(`/historial?empresa=demo-expresopacifico`, { token: plataforma })).json.items).toEqual([]);
    expect((await api('/historial?desde=2026-05-01&hasta=2025-01-01', { token: admin })).json.error.message).toBe(PAGO_MSG.rangoInvalido);
    for (const desde of ['2026-13-45', '2026-02-30', '26-11-01']) expect((await api(`/historial?desde=${desde}`, { token: admin })).json.error.message, desde).toBe(PAGO_MSG.fechasHistorialInvalidas);
    // The last day a date can have: its end in UTC is in the year 10000 (the store refused the query: 500).
    for (const token of [admin, plataforma]) {
      const res = await api('/historial?desde=9999-12-31&hasta=9999-12-31', { token });
      expect([res.status, res.json.error.message]).toEqual([400, PAGO_MSG.fechasHistorialInvalidas]);
    }
    // Pending services belong to no company yet: not a state of the history.
    for (const token of [admin, plataforma]) expect((await api('/historial?estado=pendiente', { token })).json.error.message).toBe(PAGO_MSG.listaInvalida);
    // Staff see every company's history, or one company's.
    expect((await api('/historial', { token: plataforma })).json.totales.servicios).toBeGreaterThanOrEqual(totales.servicios);
    expect((await api(`/historial?empresa=${TRANSVALLE}`, { token: plataforma })).json.totales.servicios).toBe(totales.servicios);
  });

  it('open for a company still completing its profile (docs/spec/01.md locks only the map, the fleet and registration)', async () => {
    const incompleta = await idToken(DEMO_USERS.admin2, DEMO_PASSWORD);
    for (const ruta of ['/servicios?lista=reservados', '/servicios?lista=en-curso', '/historial', '/pagos?lista=anticipo']) {
      const res = await api(ruta, { token: incompleta });
      expect(res.status, ruta).toBe(200);
      expect(res.json.items, ruta).toEqual([]);
    }
    // What the profile gates stays closed.
    expect((await api('/mapa', { token: incompleta })).status).toBe(403);
  });

  it('lists the companies for marketplace staff', async () => {
    const res = await api('/plataforma/empresas', { token: plataforma });
    expect(res.json.items).toEqual(expect.arrayContaining([{ id: TRANSVALLE, empresa: 'Transportes del Valle S.A.S.' }, { id: 'demo-andino', empresa: 'Turismo Andino S.A.S.' }]));
  });
});
