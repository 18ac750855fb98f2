import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { MAPA_MSG, RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { docClient, table } from '../support/clients.js';
import { servicioReservado } from '../support/servicios.js';
import { entrarComo, page, palabrasPartidas, retener, shots, url, usePage } from '../support/e2e.js';
import {
  aceptado,
  buscar,
  hace,
  marca,
  TRANSVALLE,
  VALLE,
  viajeFinalizadoYPagado,
} from '../support/e2e-pagos.js';

/*
 * The service lists of each stage, the history, a trip ended and an overdue reservation cancelled (one of
 * three payment files, with pagos.test.ts and anticipos.test.ts).
 * Each test makes the records it reads (test/support/e2e-pagos.ts), named by a word of its own
 * (`marca`), and signs in with a saved session.
 */

usePage({ viewport: { width: 1280, height: 1000 } });

describe('the service lists', () => {
  it('show the services of each stage in their tab, with their detail', async () => {
    const m = marca();
    // A service of its own at each stage: a transfer in validation, a reservation without its
    // vehicle, a trip under way, and one of Ana María Lozano's (TSQ204) finished, whose advance and
    // balance staff paid.
    const [, sinVehiculo, , finalizado] = await Promise.all([
      aceptado('transferencia', { origen: `Universidad Icesi, Cali (${m} en validación)` }),
      servicioReservado(TRANSVALLE, { tipo: 'Suv', pasajeros: 4, origen: `Hotel Intercontinental, Cali (${m} sin vehículo)` }, 4, { nombreEmpresaAliada: VALLE }),
      servicioReservado(TRANSVALLE, { tipo: 'Minivan', pasajeros: 10, origen: `Terminal de Cali (${m} en curso)` }, 3, {
        estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, recorridoIniciado: true, fechaSalida: hace(1), fechaRegreso: new Date(Date.now() + 6 * 3600_000).toISOString(),
        vehiculoId: 'veh-demo-transvalle-006', placas: 'VLC846', conductor: 'Jorge Eliécer Valencia', nombreEmpresaAliada: VALLE,
      }),
      viajeFinalizadoYPagado(`Aeropuerto de Cali (${m} finalizado)`),
    ]);
    await entrarComo('admin');
    await page.goto(url('/panel-control/reservas'));
    await page.getByRole('tab', { name: 'Pedidos', selected: true }).waitFor();
    await page.getByRole('row', { name: /Validando pago/ }).first().waitFor();
    await shots('servicios-pedidos');
    // The keyboard: each tab is an address of its own, yet an arrow opens the next one and the focus
    // stays on the tabs (not on the new page's title), so the next arrow goes on.
    const enfocado = () => page.evaluate(() => `${document.activeElement?.getAttribute('role')} ${document.activeElement?.textContent?.trim()}`);
    await page.getByRole('tab', { name: 'Pedidos' }).focus();
    for (const tab of ['Reservados', 'Confirmados']) {
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      await expect.poll(enfocado).toMatch(new RegExp(`^tab ${tab}`));
    }
    for (const [tab, estado] of [['Reservados', 'Reservado'], ['Confirmados', /Confirmado|En curso/], ['Finalizados', 'Finalizado']] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('row', { name: estado }).first().waitFor();
    }
    // A search that finds nothing says so, naming the list's things, with the way back to all of them.
    await buscar('nadie se llama así');
    await page.getByText('Ningún servicio coincide con la búsqueda', { exact: true }).waitFor();
    await page.getByRole('table').getByRole('button', { name: 'Borrar búsqueda' }).click();
    await page.getByRole('row', { name: 'Finalizado' }).first().waitFor();
    expect(await page.getByRole('searchbox').first().inputValue()).toBe('');
    // A reservation without its vehicle leads to where it is completed, its detail open there.
    await page.getByRole('tab', { name: 'Reservados' }).click();
    await page.getByRole('tab', { name: 'Reservados', selected: true }).waitFor();
    await buscar(sinVehiculo);
    // (Not an overdue one: its departure passed, it can only be cancelled.)
    await page.getByRole('row', { name: /Sin asignar/ }).filter({ hasText: m }).filter({ hasNotText: 'Vencida' }).getByRole('button', { name: /^Ver detalle del servicio/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Asignar vehículo en Reservaciones' }).click();
    await page.waitForURL(/\/panel-control\/reservaciones\?servicio=/);
    await page.getByRole('dialog', { name: /Detalle del servicio/ }).getByRole('button', { name: 'Asignar Vehículo' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(url('/panel-control/reservas'));
    await page.getByRole('tab', { name: 'Finalizados' }).click();
    await page.getByRole('tab', { name: 'Finalizados', selected: true }).waitFor();
    // Ana María Lozano's (TSQ204): both payouts of the trip were paid by staff.
    await buscar(finalizado);
    await page.getByRole('row', { name: /TSQ204.*Finalizado/ }).filter({ hasText: m }).getByRole('button', { name: /^Ver detalle del servicio/ }).click();
    await page.getByRole('dialog').getByText('Pagos registrados').waitFor();
    await shots('servicios-detalle');
    // Its trail, from here too: the payouts staff registered read as 'Plataforma', without their e-mail.
    await page.getByRole('dialog').getByRole('button', { name: 'Historial' }).click();
    const trail = page.getByRole('dialog').getByRole('list', { name: 'Historial del servicio' });
    await trail.getByText(/· Plataforma$/).first().waitFor();
    expect(await trail.textContent()).not.toContain('@transaliadas');
    await shots('servicios-detalle-historial');
    await page.keyboard.press('Escape');
    await page.goto(url('/panel-control/servicios-en-curso'));
    await page.getByRole('row', { name: /En curso/ }).first().waitFor();
  });

  it('shows the history with its totals, its filters and search kept in the address', async () => {
    // A won service of its own whose client payment is still being checked.
    await aceptado('transferencia', { origen: `Universidad Icesi, Cali (${marca()} en validación)` });
    await entrarComo('admin');
    await page.goto(url('/panel-control/historial'));
    await page.getByText('Servicios ganados', { exact: true }).waitFor();
    // Won services whose client payment is still being checked are said apart.
    await page.getByText(/^\d+ con el pago del cliente en validación$/).waitFor();
    // Its first rows (the latest departures: reservations the other tests made may fill the whole page).
    await page.getByRole('row').nth(1).getByRole('button', { name: /^Ver detalle del servicio/ }).waitFor();
    // The filters sit in the totals' header: the first row starts within a laptop's first screen (601 px down when they had their own box).
    expect((await page.getByRole('row').nth(1).boundingBox())!.y).toBeLessThan(500);
    await shots('historial');
    // Another state asked (held back here until it has been looked at): until it answers, the totals
    // and rows of the one before are not shown as its own.
    const filtrado = /\/historial\?.*estado=finalizado/;
    let soltar!: () => void;
    const suelto = new Promise<void>((listo) => (soltar = listo));
    await page.route(filtrado, (route) => retener(route, suelto));
    try {
      await page.getByRole('button', { name: 'Estado Todos los estados' }).click();
      await page.getByRole('option', { name: 'Finalizado' }).click();
      await page.getByText('Cargando el historial').waitFor();
      expect(await page.getByText('…', { exact: true }).count()).toBe(4);
      expect(await page.getByRole('row', { name: /Finalizado/ }).count()).toBe(0);
      soltar();
      await page.getByRole('row', { name: /Finalizado/ }).first().waitFor();
      expect(await page.getByRole('row', { name: /Confirmado|En curso|Reservado|Validando pago/ }).count()).toBe(0);
      expect(await page.getByText('…', { exact: true }).count()).toBe(0);
      // Read out as they arrive (a polite live region), since the filter that changed them is elsewhere.
      await expect.poll(() => page.locator('[aria-live="polite"]').filter({ hasText: /^Totales del rango: \d+ servicios ganados por \$/ }).count()).toBe(1);
    } finally {
      soltar();
      await page.unroute(filtrado);
    }
    // The filters are in the address: Back from another page finds them as left (they were lost).
    expect(new URL(page.url()).searchParams.get('estado')).toBe('finalizado');
    await page.goto(url('/panel-control/lista-de-reservas'));
    await page.goBack();
    await page.getByRole('button', { name: 'Estado Finalizado' }).waitFor();
    await page.getByRole('row', { name: /Finalizado/ }).first().waitFor();
    expect(await page.getByRole('row', { name: /Confirmado|En curso|Reservado|Validando pago/ }).count()).toBe(0);
    // The search is kept in the address too: Back finds it as typed, and 'Borrar búsqueda' takes it out.
    const busqueda = page.getByRole('searchbox', { name: 'Buscar en el historial' });
    // The state is searched as its badge reads: with the 'Finalizado' filter on, 'finalizado' leaves
    // every row (it found only the rows whose id said it).
    const servicios = page.getByRole('heading', { level: 2, name: /^Servicios \(\d+\)$/ });
    const cuantos = async () => Number((await servicios.innerText()).match(/\((\d+)\)/)![1]);
    const finalizados = await cuantos();
    expect(finalizados).toBeGreaterThan(3);
    await busqueda.fill('finalizado');
    await page.getByRole('heading', { name: 'Totales de la búsqueda' }).waitFor();
    expect(await cuantos()).toBe(finalizados);
    await busqueda.fill('zzzz sin viajes');
    await page.getByText('Ningún servicio coincide con la búsqueda').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('zzzz sin viajes');
    // The totals follow the search (they stayed the range's beside a list the search had emptied).
    await page.getByRole('heading', { name: 'Totales de la búsqueda' }).waitFor();
    await expect.poll(() => page.locator('[aria-live="polite"]').filter({ hasText: /^Totales de la búsqueda: 0 servicios ganados por \$\s0; 0 viajes finalizados/ }).count()).toBe(1);
    await page.goto(url('/panel-control/lista-de-reservas'));
    await page.goBack();
    await page.getByText('Ningún servicio coincide con la búsqueda').waitFor();
    expect(await busqueda.inputValue()).toBe('zzzz sin viajes');
    expect(await page.getByRole('button', { name: 'Estado Finalizado' }).count()).toBe(1);
    // The empty list's button (the search box's own clear button has the same name, and no text).
    await page.getByRole('button', { name: 'Borrar búsqueda' }).filter({ hasText: 'Borrar búsqueda' }).click();
    await page.getByRole('row', { name: /Finalizado/ }).first().waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false);
    await page.getByRole('heading', { name: 'Totales del rango' }).waitFor();
    // A range typed backwards says so (not that it is too long), and asks nothing.
    await page.getByText(/ de 20\d\d — /).click();
    await page.getByLabel('Desde', { exact: true }).fill('2026/12/31');
    await page.getByLabel('Hasta', { exact: true }).fill('2026/01/01');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText(PAGO_MSG.rangoInvertido).first().waitFor();
    // …and one over a year, that it is too long.
    await page.getByLabel('Desde', { exact: true }).fill('2025/01/01');
    await page.getByLabel('Hasta', { exact: true }).fill('2026/12/31');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText(PAGO_MSG.rangoLargo).first().waitFor();
    await page.keyboard.press('Escape');
  });

  it('ends a started trip from Servicios en Curso, asking first', async () => {
    // A trip of the company that left two hours ago and was started by its driver.
    const salida = new Date(Date.now() - 2 * 3600_000).toISOString();
    const id = await servicioReservado('demo-transvalle', { tipo: 'Van', origen: 'Unicentro Cali (prueba fin de viaje)' }, 3, {
      estado: 'confirmado', fuec: true, recorridoIniciado: true, fechaSalida: salida, fechaRegreso: null, vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz',
    });
    await entrarComo('admin');
    await page.goto(url('/panel-control/servicios-en-curso'));
    await buscar(id);
    const fila = page.getByRole('row', { name: /prueba fin de viaje/ });
    await fila.getByRole('button', { name: /^Ver detalle del servicio/ }).click();
    const detalle = page.getByRole('dialog', { name: 'Detalle del servicio' });
    await detalle.getByRole('button', { name: RECORRIDO_MSG.finalizar }).click();
    const confirmar = page.getByRole('dialog', { name: RECORRIDO_MSG.finalizar });
    await confirmar.getByText(RECORRIDO_MSG.confirmarFin).waitFor();
    await confirmar.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await page.getByText(RECORRIDO_MSG.finalizado).waitFor();
    await expect.poll(() => fila.count(), { timeout: 15_000 }).toBe(0);
    const { Item } = await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }));
    expect(Item).toMatchObject({ estado: 'finalizado', pagarSaldoConductor: true });
  });

  it('marks a reservation whose departure passed before its trip; staff cancel it with the reason, which the company reads', async () => {
    // Paid and reserved, no vehicle, its departure five hours ago.
    const id = await servicioReservado('demo-transvalle', { tipo: 'Van', origen: 'Hotel Spiwak Cali (prueba vencida)' }, 3, {
      fechaSalida: new Date(Date.now() - 5 * 3600_000).toISOString(), fechaRegreso: null, metodoPago: 'epayco', nombreEmpresaAliada: 'Transportes del Valle S.A.S.',
    });
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/lista-de-reservas'));
    await buscar(id);
    const fila = page.getByRole('row', { name: /prueba vencida/ });
    await fila.getByText(MAPA_MSG.vencida, { exact: true }).waitFor();
    // Marked in the list as it opens too (this one, or any other overdue).
    await buscar('');
    await page.getByRole('row', { name: /Vencida/ }).first().waitFor();
    await shots('servicios-vencida');
    expect(await palabrasPartidas()).toEqual([]);
    await buscar(id);
    await fila.getByRole('button', { name: /^Ver detalle del servicio/ }).click();
    const detalle = page.getByRole('dialog', { name: 'Detalle del servicio' });
    await detalle.getByText(PAGO_MSG.vencidaPlataforma).waitFor();
    await detalle.getByRole('button', { name: /^Cancelar reserva de / }).click();
    const motivo = detalle.getByLabel('Motivo y reembolso');
    // Focused at once; nothing typed is refused with the reason asked for, and nothing changes.
    await expect.poll(() => motivo.evaluate((el) => el === document.activeElement)).toBe(true);
    await detalle.getByRole('button', { name: 'Cancelar reserva', exact: true }).click();
    await detalle.getByText(PAGO_MSG.motivoCancelacionRequerido).waitFor();
    await expect.poll(() => motivo.evaluate((el) => el === document.activeElement)).toBe(true);
    // Over two lines it goes as one (the API takes no line breaks); it cannot be undone, so it asks first.
    await motivo.fill('El vehículo no llegó y el cliente viajó por su cuenta.\nReembolso por ePayco, referencia RB-20931.');
    await detalle.getByRole('button', { name: 'Cancelar reserva', exact: true }).click();
    const pregunta = detalle.getByText(PAGO_MSG.cancelacionDefinitiva);
    await pregunta.waitFor();
    await shots('servicios-vencida-cancelar');
    // 'Seguir editando' keeps what was typed; the question comes again.
    await detalle.getByRole('button', { name: 'Seguir editando' }).click();
    await pregunta.waitFor({ state: 'hidden' });
    expect(await motivo.inputValue()).toContain('RB-20931');
    await detalle.getByRole('button', { name: 'Cancelar reserva', exact: true }).click();
    await detalle.getByRole('button', { name: 'Sí, cancelar reserva' }).click();
    await page.getByText(PAGO_MSG.reservaCancelada).waitFor();
    await expect.poll(() => fila.count(), { timeout: 15_000 }).toBe(0);
    const { Item } = await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }));
    expect(Item).toMatchObject({ estado: 'cancelado', cancelacion: { motivo: 'El vehículo no llegó y el cliente viajó por su cuenta. Reembolso por ePayco, referencia RB-20931.' } });

    // The company finds it in its history, cancelled, with the reason and the refund.
    await entrarComo('admin');
    await page.goto(url('/panel-control/historial'));
    await page.getByRole('button', { name: 'Estado Todos los estados' }).click();
    await page.getByRole('option', { name: 'Cancelado' }).click();
    const cancelada = page.getByRole('row', { name: /prueba vencida/ });
    await cancelada.getByText('Cancelado', { exact: true }).waitFor();
    // Its CSV carries the reason, and dates a spreadsheet reads as dates.
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const csv = readFileSync((await descarga.path())!, 'utf8').replace(/^\ufeff/, '').split(/\r?\n/);
    expect(csv[0]).toMatch(/;Motivo de cancelación$/);
    const filaCsv = csv.find((l) => l.includes('prueba vencida'))!;
    expect(filaCsv).toContain('RB-20931');
    expect(filaCsv.split(';')[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await cancelada.getByRole('button', { name: /^Ver detalle del servicio/ }).click();
    await detalle.getByText(/RB-20931/).waitFor();
    await detalle.getByText(/^Reserva cancelada el /).waitFor();
    // It owes no payouts: none are listed as due or not yet due.
    expect(await detalle.getByText(/^Anticipo \(/).count()).toBe(0);
    await shots('servicios-cancelada-empresa');
    await page.keyboard.press('Escape');
  });
});
