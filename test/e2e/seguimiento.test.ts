import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { cambioItem } from '../../lambdas/data/cambios.js';
import { secretoSeguimiento } from '../../lambdas/data/seguimiento-secreto.js';
import { SEGUIMIENTO_MSG } from '@shared/schemas/messages-servicios.js';
import { docClient, stack, table } from '../support/clients.js';
import { abrir, entrarComo, page, shots, url, usePage } from '../support/e2e.js';
import { servicioReservado } from '../support/servicios.js';
import { marca } from '../support/e2e-pagos.js';

/*
 * The live trip link (issue 48, docs/decisions/0014): the company copies it from 'Servicios en Curso';
 * a passenger opens it on a phone, without a session, and sees the vehicle, the driver's first name,
 * the route and the last position on a map; once the trip ended, when the link stops working.
 * Each test makes its own trip of the demo company, driven by TSQ204.
 */

usePage();

const SUV = 'veh-demo-transvalle-003';

/** A trip under way as the start job leaves it (with its link's secret), and the SUV's report after its start. */
async function viajeEnCurso(origen: string, cambios: Record<string, unknown> = {}): Promise<{ id: string; enlace: string }> {
  const secreto = secretoSeguimiento();
  const iniciado = new Date(Date.now() - 10 * 60_000).toISOString();
  const id = await servicioReservado('demo-transvalle', { tipo: 'Suv', pasajeros: 4, origen, destino: 'Aeropuerto Alfonso Bonilla Aragón, Palmira' }, 3, {
    estado: 'confirmado', fuec: true, recorridoIniciado: true, recorridoIniciadoEn: iniciado, seguimiento: secreto, fechaSalida: iniciado,
    vehiculoId: SUV, placas: 'TSQ204', conductor: 'Ana María Lozano', ...cambios,
  });
  await docClient().send(
    new UpdateCommand({
      TableName: table('vehiculos'),
      Key: { id: SUV },
      UpdateExpression: 'SET latitud = :lat, longitud = :lng, posicionEn = :en',
      ExpressionAttributeValues: { ':lat': 3.4372, ':lng': -76.5225, ':en': new Date().toISOString() },
    }),
  );
  await docClient().send(new PutCommand({ TableName: table('cambios'), Item: cambioItem({ tipo: 'empresa', id: 'demo-transvalle' }) }));
  return { id, enlace: `${stack().consoleUrl}/seguimiento/${id}.${secreto}` };
}

describe('the live trip link', () => {
  it("is copied from 'Servicios en Curso' by the company", async () => {
    const m = marca();
    const { enlace } = await viajeEnCurso(`Hotel Dann Carlton, Cali (${m} enlace)`);
    // What the button puts on the clipboard, kept where the test reads it (headless Chromium has no clipboard to read).
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void ((window as unknown as { copiado: string }).copiado = t) } });
    });
    await entrarComo('admin');
    await abrir('/panel-control/servicios-en-curso', 'Servicios en Curso');
    const boton = page.getByRole('button', { name: /^Copiar el enlace de seguimiento para los pasajeros de / }).and(page.locator(`xpath=//tr[contains(., '${m} enlace')]//button`));
    await boton.click();
    await page.getByText('Enlace copiado. Envíalo al cliente para sus pasajeros.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { copiado: string }).copiado)).toBe(enlace);
    await shots('servicios-en-curso-enlace');
  });

  it('shows a passenger on a phone, without a session, the vehicle, the first name, the route and the last position', async () => {
    const { enlace } = await viajeEnCurso(`Centro Comercial Chipichape, Cali (${marca()} pasajero)`);
    const pedidas: string[] = [];
    page.on('request', (r) => pedidas.push(new URL(r.url()).pathname));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(enlace);
    await page.getByRole('heading', { name: 'Sigue tu viaje' }).waitFor();
    await page.getByText('TSQ204', { exact: true }).first().waitFor();
    for (const texto of ['Ana', 'En curso', 'Aeropuerto Alfonso Bonilla Aragón, Palmira']) await page.getByText(texto, { exact: true }).first().waitFor();
    await page.getByText(/^Centro Comercial Chipichape, Cali/).waitFor();
    await page.getByText(/^Última posición: \d{1,2}:\d{2}.* \(hace (menos de un minuto|\d+ minutos?)\)$/).waitFor();
    // Nothing of the driver but the first name.
    expect(await page.getByText(/Lozano|María/).count()).toBe(0);
    // The map with the vehicle's plate beside its dot, drawn on the base map.
    await page.locator('.seguimiento__vehiculo').filter({ hasText: 'TSQ204' }).waitFor();
    await page.locator('.seguimiento__mapa canvas').waitFor();
    await page.waitForLoadState('networkidle');
    await shots('seguimiento-telefono');
    // A page of its own: no sign-in, no user's data asked for.
    expect(pedidas.filter((p) => p === '/me' || p.includes('cognito'))).toEqual([]);
  });

  it('says when the link of a finished trip stops working, and that an unknown one is not there', async () => {
    const haceUnaHora = new Date(Date.now() - 3600_000);
    const { enlace } = await viajeEnCurso(`Hotel Spiwak, Cali (${marca()} terminado)`, { estado: 'finalizado', finalizadoEn: haceUnaHora.toISOString() });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(enlace);
    await page.getByText(/^Tu viaje terminó a las \d{1,2}:\d{2}/).waitFor();
    await page.getByText(/^Este enlace deja de funcionar a las \d{1,2}:\d{2}\s[ap]\.\s?m\.$/).waitFor();
    await page.getByText('Finalizado', { exact: true }).waitFor();
    expect(await page.locator('.seguimiento__mapa').count()).toBe(0);
    await shots('seguimiento-finalizado');

    await page.goto(url(`/seguimiento/${enlace.split('/').pop()!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`));
    await page.getByText(SEGUIMIENTO_MSG.noDisponible).waitFor();
    await shots('seguimiento-no-disponible');
  });
});
