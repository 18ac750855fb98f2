import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { abrir, entrarComo, page, shots, usePage } from '../support/e2e.js';

/*
 * 'Resumen' (issue 48, docs/decisions/0016): the company admin's figures of the last twelve months, as
 * the API's counters keep them: the headline figures, the charts, the months' table and the CSV, which
 * say the same numbers.
 */

usePage();

type Mes = { mes: string; ofertas: number; ganadas: number; cobrado: number; pagadoConductores: number; viajes: number };

describe("the company's figures", () => {
  it('shows the last twelve months with their charts, and exports the same months as a CSV', async () => {
    await entrarComo('admin');
    const respuesta = page.waitForResponse((r) => new URL(r.url()).pathname === '/resumen' && r.status() === 200);
    await abrir('/panel-control/resumen', 'Resumen');
    const r = (await (await respuesta).json()) as { meses: Mes[]; totales: { viajes: number; ofertas: number; ganadas: number } };
    expect(r.meses).toHaveLength(12);
    // The demo's finished trips and won offers are counted (the seed adds them as the routes would).
    expect(r.totales.viajes).toBeGreaterThanOrEqual(13);
    expect(r.totales.ganadas).toBeGreaterThan(0);
    await page.getByText('Tasa de éxito', { exact: true }).waitFor();
    await page.getByText(`${r.totales.ganadas} ganadas de ${r.totales.ofertas} ofertas enviadas`).waitFor();
    await page.getByText('Viajes finalizados', { exact: true }).first().waitFor();
    for (const nombre of ['Pagos por mes', 'Ofertas enviadas y ganadas por mes', 'Viajes finalizados por vehículo']) await page.getByRole('group', { name: nombre }).or(page.getByLabel(nombre)).first().waitFor();
    await page.getByRole('table', { name: 'Viajes por ruta' }).waitFor();
    await page.waitForLoadState('networkidle');
    await shots('resumen');

    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const archivo = await descarga;
    expect(archivo.suggestedFilename()).toMatch(/^resumen-\d{4}-\d{2}-\d{2}\.csv$/);
    const filas = readFileSync((await archivo.path())!, 'utf8').replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(filas[0]).toBe('Mes;Ofertas enviadas;Ofertas ganadas;Tasa de éxito (%);Minutos promedio hasta la oferta;Pagado por los clientes (COP);Pagado a los conductores (COP);Viajes finalizados');
    expect(filas.slice(1).map((f) => f.split(';')[0])).toEqual(r.meses.map((m) => m.mes));
    expect(filas.slice(1).reduce((t, f) => t + Number(f.split(';')[7]), 0)).toBe(r.totales.viajes);

    // On a phone: the figures one under another, the charts within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Tasa de éxito', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The months' table fits: each month's figures under its name, nothing scrolled out of sight.
    const mes = page.getByRole('table', { name: 'Cifras por mes' });
    await mes.getByText(/^Clientes: \$/).first().waitFor();
    expect(await mes.evaluate((t) => t.scrollWidth <= t.clientWidth + 1)).toBe(true);
    await shots('resumen-telefono');
  });
});
