import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { LISTAS_PAGOS, LISTAS_SERVICIOS } from '../../shared/domain/listas.js';
import { EPAYCO_MSG, PAGO_MSG } from '../../shared/schemas/pagos.js';
import { hoyEnBogota } from '../../shared/domain/vencimientos.js';
import { MAPA_MSG, RECORRIDO_MSG } from '../../shared/schemas/messages-servicios.js';
import { API_MSG } from '../../shared/schemas/messages.js';
import { docClient, table } from '../support/clients.js';
import { servicioReservado } from '../support/servicios.js';
import { entrarComo, page, palabrasPartidas, retener, shots, sinRed, url, usePage } from '../support/e2e.js';
import {
  aceptado,
  anticipoDeLuis,
  avanzar,
  borrarVehiculo,
  cobroEpayco,
  confirmarEpayco,
  enviarComprobante,
  marca,
  pagarRecompensasSalvo,
  reembolsarCobrosSalvo,
  TRANSVALLE,
  VALLE,
  vehiculoConRecompensa,
  viajeFinalizadoSinAnticipo,
  viajeFinalizadoYPagado,
} from '../support/e2e-pagos.js';

/*
 * Payments through the console (issue "Payments, driver payouts, referral rewards and the service
 * lists"): a transfer confirmed by marketplace staff reaches its company's reservations; ePayco's
 * signed confirmation confirms another; an advance and a balance are registered and the bottom bar's
 * count falls; the service tabs show each stage; a company without data sees each empty message.
 * Each test makes the records it reads (test/support/e2e-pagos.ts), named by a word of its own
 * (`marca`), and signs in with a saved session.
 */

usePage({ viewport: { width: 1280, height: 1000 } });

const vacio = (lista: { vacio: string }) => page.getByText(lista.vacio, { exact: true });
const buscar = (texto: string) => page.getByRole('searchbox').first().fill(texto);
/** The 'Pagos Pendientes' tab's count (its accessible name says it: 'Pagos Pendientes, 3 pendientes'). */
const pagosPendientes = () => page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: /^Pagos Pendientes/ });
const insignia = async () => Number(/(\d+) pendientes/.exec((await pagosPendientes().getAttribute('aria-label')) ?? '')?.[1] ?? 0);
/** A row of the list that names this text (a test's own word, in an origin). */
const filaCon = (texto: string) => page.getByRole('row', { name: new RegExp(texto) });
const hace = (horas: number) => new Date(Date.now() - horas * 3600_000).toISOString();

describe('payments to validate', () => {
  it('confirms a transfer with its receipt; the reservation appears as reserved for its company', async () => {
    const m = marca();
    // Two transfers of its own: one whose receipt came, one still waiting for it.
    const [conComprobante, sinComprobante] = await Promise.all([
      aceptado('transferencia', { tipo: 'Minivan', pasajeros: 9, origen: `Universidad Icesi, Cali (${m} con recibo)` }, 850_000).then(async (id) => {
        await enviarComprobante(id);
        return id;
      }),
      aceptado('transferencia', { tipo: 'Suv', pasajeros: 4, origen: `Universidad Icesi, Cali (${m} sin recibo)` }, 720_000),
    ]);
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/validarTransferencia'));
    await page.getByRole('heading', { level: 2, name: /Reservas en proceso de validación/ }).waitFor();
    // Its two, found by their word (the list may hold other tests' and files').
    await buscar(m);
    const fila = filaCon(`${m} con recibo`);
    await fila.getByText('Comprobante recibido').waitFor();
    // A transfer still without its receipt offers to look, not to validate.
    const sinRecibo = filaCon(`${m} sin recibo`);
    await sinRecibo.getByText('Sin comprobante').waitFor();
    await sinRecibo.getByRole('button', { name: /^Ver detalle/ }).waitFor();
    expect(await sinRecibo.getByRole('button', { name: /^Validar pago/ }).count()).toBe(0);
    await shots('pagos-transferencias');
    // Nine columns at 1280 px, none breaking a header or a name mid-word.
    expect(await palabrasPartidas()).toEqual([]);
    await fila.getByRole('button', { name: /^Validar pago/ }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('link', { name: /Ver comprobante/ }).waitFor();
    await shots('pagos-transferencia-detalle');
    // A reason typed is not lost to a stray Escape: it asks first, and 'Seguir editando' keeps it.
    await modal.getByRole('button', { name: 'Rechazar', exact: true }).click();
    const motivo = modal.getByLabel('Motivo del rechazo');
    await motivo.fill('Comprobante ilegible');
    await motivo.press('Escape');
    const descartar = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await descartar.getByRole('button', { name: 'Seguir editando' }).click();
    await descartar.waitFor({ state: 'hidden' });
    expect(await motivo.inputValue()).toBe('Comprobante ilegible');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    // A second click confirms, saying what it does; cancelling changes nothing.
    await modal.getByRole('button', { name: 'Confirmar pago' }).click();
    await modal.getByText(/^¿Confirmas el pago de \$\s?[\d.]+ de /).waitFor();
    await shots('pagos-confirmar-transferencia');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    // The focus back on the button that asked, not on the dialog's X.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Confirmar pago');
    await modal.getByRole('button', { name: 'Confirmar pago' }).click();
    await modal.getByRole('button', { name: 'Sí, confirmar pago' }).click();
    await page.getByText(PAGO_MSG.pagoConfirmado).waitFor();
    await expect.poll(() => fila.count()).toBe(0);
    // The button that opened the dialog left with its row: the focus is not dropped on <body>, and
    // stays where the person was, on screen.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect(
      await page.evaluate(() => {
        const r = document.activeElement!.getBoundingClientRect();
        return !!document.activeElement!.closest('.panel-content') && r.bottom > 0 && r.top < innerHeight;
      }),
    ).toBe(true);

    // The bottom bar's 'Reservas por Validar' lists every service: one in validation opens with its
    // payment's actions there too (this transfer still waits for its receipt).
    await page.goto(url('/panel-control/reservas'));
    await buscar(sinComprobante);
    const verDetalle = page.getByRole('button', { name: /^Ver detalle del servicio/ });
    await expect.poll(() => verDetalle.count(), { timeout: 10_000 }).toBe(1);
    // Beside the box, what the search found (the heading keeps the list's count).
    await page.getByText('1 coincidencia', { exact: true }).first().waitFor();
    await verDetalle.click();
    await page.getByRole('dialog').getByText(PAGO_MSG.sinComprobante).waitFor();
    await page.keyboard.press('Escape');

    // The company sees the confirmed one among its reservations.
    await entrarComo('admin');
    await page.goto(url('/panel-control/reservas'));
    await page.getByRole('button', { name: 'Reservas Activas' }).click();
    await page.waitForURL(/\/panel-control\/lista-de-reservas$/);
    await page.getByRole('tab', { name: 'Reservados', selected: true }).waitFor();
    await buscar(conComprobante);
    await page.getByRole('row', { name: /Reservado/ }).filter({ hasText: m }).waitFor();
  });

  it('confirms an ePayco payment by its signed callback, and staff ask ePayco about one whose confirmation never came; the company sees both reserved', async () => {
    const m = marca();
    const [porCallback, sinConfirmar] = await Promise.all([
      aceptado('epayco', { tipo: 'Van', pasajeros: 11, origen: `Universidad Icesi, Cali (${m} confirmado por ePayco)` }, 1_350_000),
      aceptado('epayco', { tipo: 'Minivan', pasajeros: 10, origen: `Universidad Icesi, Cali (${m} sin confirmación)` }, 3_150_000),
    ]);
    // The second was accepted hours ago, and ePayco's confirmation never came.
    await avanzar(sinConfirmar, { aceptadoEn: hace(3) });
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/validarTransferencia'));
    await page.getByRole('heading', { level: 2, name: /Reservas en proceso de validación/ }).waitFor();

    // ePayco confirms one by itself, with its signed callback.
    const res = await confirmarEpayco(await cobroEpayco({ x_id_invoice: porCallback, x_amount: '1350000', x_ref_payco: `${m}c`, x_transaction_id: '9921' }));
    expect(res.status).toBe(200);
    await page.getByRole('tab', { name: /Epayco/ }).click();
    await page.getByRole('heading', { level: 2, name: /Pagos Epayco por validar/ }).waitFor();
    await buscar(m);
    const espera = filaCon(`${m} sin confirmación`);
    await espera.waitFor();
    expect(await filaCon(`${m} confirmado por ePayco`).count()).toBe(0);
    // Accepted hours ago and still waiting: the row says ePayco's confirmation has not arrived.
    await espera.getByText(EPAYCO_MSG.sinConfirmacion).waitFor();
    await shots('pagos-epayco');
    // Its confirmation never arrived: staff ask ePayco from its detail, by the reference.
    await espera.getByRole('button', { name: /^Ver detalle/ }).click();
    const consulta = page.getByRole('dialog');
    // Its detail says since when, and where to find the reference.
    await consulta.getByText(/^Sin confirmación de ePayco desde el \d{1,2}\/\d{1,2}\/\d{4}, /).waitFor();
    await consulta.getByText(`La del comprobante de pago del cliente, o búscala en el panel de ePayco por la factura ${sinConfirmar}.`).waitFor();
    await consulta.getByRole('button', { name: 'Consultar en ePayco' }).click();
    await consulta.getByText(EPAYCO_MSG.referenciaRequerida, { exact: true }).waitFor();
    // A reference ePayco does not know yet; then ePayco has it, and the same question applies it.
    const referencia = `${m}q`;
    await consulta.getByLabel('Referencia de ePayco', { exact: true }).fill(referencia);
    await consulta.getByRole('button', { name: 'Consultar en ePayco' }).click();
    await consulta.getByText(EPAYCO_MSG.desconocida, { exact: true }).waitFor();
    await shots('pagos-epayco-consulta');
    await cobroEpayco({ x_id_invoice: sinConfirmar, x_amount: '3150000', x_ref_payco: referencia, x_transaction_id: '9950' });
    await consulta.getByRole('button', { name: 'Consultar en ePayco' }).click();
    await page.getByText(EPAYCO_MSG.consultaAceptada).waitFor();
    await expect.poll(() => espera.count()).toBe(0);

    // The company sees both among its reservations.
    await entrarComo('admin');
    await page.goto(url('/panel-control/lista-de-reservas'));
    await buscar(m);
    await expect.poll(() => page.getByRole('row', { name: /Reservado/ }).filter({ hasText: m }).count()).toBe(2);
  });
});

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
    await page.getByRole('dialog', { name: /Detalle del servicio/ }).getByRole('button', { name: 'Asignar Vehiculo' }).waitFor();
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
    await page.getByRole('row', { name: /Finalizado/ }).first().waitFor();
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

  it('shows a client’s second ePayco charge to refund; staff register its refund, and ask ePayco about a third', async () => {
    const m = marca();
    // A client who paid twice: the first charge applied, the second is to refund. The trip was made since.
    const id = await aceptado('epayco', { origen: `Hotel Spiwak, Cali (${m} cobro doble)` }, 617_000);
    const [primero, segundo] = await Promise.all(['1', '2'].map((n) => cobroEpayco({ x_id_invoice: id, x_amount: '617000', x_ref_payco: `${m}${n}`, x_transaction_id: `99${n}` })));
    expect((await confirmarEpayco(primero!)).json.resultado).toBe('aceptada');
    expect((await confirmarEpayco(segundo!)).json.resultado).toBe('sin-aplicar');
    await avanzar(id, { estado: 'finalizado', fuec: true, recorridoIniciado: true, fechaSalida: hace(50), fechaRegreso: null, vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz' });
    // Its charge is the only one left to refund (any other refunded beforehand, as staff would).
    const cobroRef = segundo!.x_ref_payco!;
    await reembolsarCobrosSalvo(cobroRef);
    await entrarComo('plataforma');
    // Its second charge stands out in red, to refund.
    await page.goto(url('/panel-control/viajes-finalizados'));
    await buscar(id);
    await page.getByRole('row', { name: /Finalizado/ }).filter({ hasText: m }).getByRole('button', { name: /^Ver detalle del servicio/ }).click();
    const doble = page.getByRole('dialog', { name: 'Detalle del servicio' });
    await doble.getByText(EPAYCO_MSG.porReembolsar(1)).waitFor();
    await doble.getByText(new RegExp(`ePayco ${cobroRef}`)).waitFor();
    await shots('servicios-cobro-por-reembolsar');
    await page.keyboard.press('Escape');
    await doble.waitFor({ state: 'hidden' });
    // Staff find it with the charges to refund, under ePayco's payments, and register its refund.
    await page.goto(url('/panel-control/validarEpayco'));
    const cobro = page.getByRole('row', { name: new RegExp(`ePayco ${cobroRef}`) });
    await cobro.waitFor();
    await shots('pagos-cobros-por-reembolsar');
    await cobro.getByRole('button', { name: /^Registrar el reembolso de / }).click();
    const reembolso = page.getByRole('dialog', { name: 'Registrar reembolso' });
    // The dialog is the form: its reference takes the focus (the day is today's), not the X.
    const referencia = reembolso.getByLabel('Referencia del reembolso');
    await expect.poll(() => referencia.evaluate((el) => el === document.activeElement)).toBe(true);
    await referencia.fill('DEV-558120');
    await shots('pagos-reembolso');
    await reembolso.getByRole('button', { name: 'Registrar reembolso' }).click();
    await page.getByText(/^Reembolso de \$\s?[\d.]+ a .+ registrado\.$/).waitFor();
    await page.getByText(EPAYCO_MSG.sinPorReembolsar).waitFor();
    // Its row left with the dialog's opener: the focus stays in that list, on screen (not the page's
    // title, nor a column's unseen resize handle, where the emptied list handed it).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const a = document.activeElement!;
          const r = a.getBoundingClientRect();
          return !!a.closest('.panel-content') && a.tagName !== 'H1' && !a.closest('thead') && r.bottom > 0 && r.top < innerHeight;
        }),
      )
      .toBe(true);
    // The service's detail now says it was refunded, and by what reference.
    await page.goto(url('/panel-control/viajes-finalizados'));
    await buscar(id);
    await page.getByRole('row', { name: /Finalizado/ }).filter({ hasText: m }).getByRole('button', { name: /^Ver detalle del servicio/ }).click();
    await doble.getByText(EPAYCO_MSG.reembolsados(1)).waitFor();
    await doble.getByText(/referencia DEV-558120/).waitFor();
    expect(await doble.getByText(EPAYCO_MSG.porReembolsar(1)).count()).toBe(0);
    // The client says ePayco charged them a third time, and its confirmation never reached us: staff
    // ask ePayco from the detail; the charge is recorded to refund and shows at the top at once.
    const tercero = (await cobroEpayco({ x_id_invoice: id, x_amount: '617000', x_ref_payco: `${m}3`, x_transaction_id: '9977' })).x_ref_payco!;
    await doble.getByRole('button', { name: 'Consultar otro cobro en ePayco' }).click();
    await doble.getByLabel('Referencia de ePayco', { exact: true }).fill(tercero);
    await doble.getByRole('button', { name: 'Consultar en ePayco' }).click();
    await page.getByText(EPAYCO_MSG.consultaSinAplicar('la reserva ya estaba pagada')).waitFor();
    await doble.getByText(EPAYCO_MSG.porReembolsar(1)).waitFor();
    await doble.getByText(new RegExp(`ePayco ${tercero}`)).first().waitFor();
    await shots('servicios-consultar-otro-cobro');
    // A reference ePayco has no approved charge for: said, nothing recorded.
    await doble.getByLabel('Referencia de ePayco', { exact: true }).fill(`${m}9`);
    await doble.getByRole('button', { name: 'Consultar en ePayco' }).click();
    await doble.getByText(EPAYCO_MSG.desconocidaCobro, { exact: true }).waitFor();
    await doble.getByLabel('Referencia de ePayco', { exact: true }).fill('');
    await page.keyboard.press('Escape');
    await doble.waitFor({ state: 'hidden' });
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

describe('pending payouts', () => {
  it('lays the advances out: the action on one line, a column widened by hand kept, a wide screen filled', async () => {
    // An advance of its own due, so the list has a row whatever was paid before.
    await servicioReservado(TRANSVALLE, { tipo: 'Van', origen: `Unicentro Cali (${marca()} anticipo)` }, 6, {
      estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz', nombreEmpresaAliada: VALLE,
    });
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/anticipos'));
    await page.getByRole('tab', { name: /Anticipos/, selected: true }).waitFor();
    await page.getByRole('button', { name: /^Registrar pago de / }).first().waitFor();
    await shots('pagos-anticipos');
    // Staff's nine columns leave room for the row's action on one line, and no word breaks.
    const accion = page.getByRole('button', { name: /^Registrar pago de / }).first();
    expect(await accion.evaluate((el) => el.getClientRects().length === 1 && el.getBoundingClientRect().height < 30)).toBe(true);
    expect(await palabrasPartidas()).toEqual([]);
    // A column widened by hand stays so when the list opens again.
    const servicio = page.getByRole('columnheader', { name: 'Servicio' }).first();
    const ancho = async () => Math.round((await servicio.boundingBox())!.width);
    const inicial = await ancho();
    const caja = (await servicio.boundingBox())!;
    await page.mouse.move(caja.x + caja.width - 2, caja.y + caja.height / 2);
    await page.mouse.down();
    await page.mouse.move(caja.x + caja.width + 60, caja.y + caja.height / 2, { steps: 5 });
    // Let go once the column shows where the hand is: Cloudscape reports, on a release, the width of
    // its last throttled move, not the pointer's.
    await expect.poll(ancho).toBeGreaterThan(inicial + 55);
    await page.mouse.up();
    await expect.poll(ancho).toBeGreaterThan(inicial + 40);
    const elegido = await ancho();
    await page.reload();
    await page.getByRole('button', { name: /^Registrar pago de / }).first().waitFor();
    expect(Math.abs((await ancho()) - elegido)).toBeLessThanOrEqual(2);
    // Forgotten with the browser's storage: the first widths again.
    await page.evaluate(() => localStorage.removeItem('anchos:anticipos'));
    await page.reload();
    await page.getByRole('button', { name: /^Registrar pago de / }).first().waitFor();
    expect(Math.abs((await ancho()) - inicial)).toBeLessThanOrEqual(2);
    // On a wide screen a list takes its width (it sat in 1,238 px of 1,920); a form keeps its reading width.
    await page.setViewportSize({ width: 1920, height: 1000 });
    try {
      await page.reload();
      await page.getByRole('button', { name: /^Registrar pago de / }).first().waitFor();
      expect((await page.locator('table').first().boundingBox())!.width).toBeGreaterThan(1700);
      await page.goto(url('/panel-control/perfil'));
      expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.x).toBeGreaterThan(300);
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
    await page.goto(url('/panel-control/anticipos'));
    await page.getByRole('button', { name: /^Registrar pago de / }).first().waitFor();
    // The company filter says when its search finds none.
    await page.getByRole('button', { name: /^Empresa/ }).first().click();
    await page.getByLabel('Buscar empresa').fill('zzzz');
    await page.getByText('Ninguna empresa coincide con la búsqueda').waitFor();
    await page.keyboard.press('Escape');
  });

  it('registers an advance and then a balance, and the bottom bar’s count falls', async () => {
    const m = marca();
    // A finished trip of Martha Lucía Rengifo's (CHT119) whose advance is due, and another payout
    // due, so the count stays above nought when hers is paid.
    await servicioReservado(TRANSVALLE, { tipo: 'Van', origen: `Unicentro Cali (${m} otro anticipo)` }, 6, {
      estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz', nombreEmpresaAliada: VALLE,
    });
    const id = await viajeFinalizadoSinAnticipo(`Parque del Perro, Cali (${m} anticipo)`);
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/reservas'));
    await pagosPendientes().click();
    await page.getByRole('tab', { name: /Anticipos/, selected: true }).waitFor();
    // The count once it is in (the bar asks for it apart from the list).
    await expect.poll(insignia).toBeGreaterThanOrEqual(2);
    const antes = await insignia();
    // Its own trip's advance, found by the search.
    await buscar(id);
    const suya = page.getByRole('row').filter({ hasText: m }).getByRole('button', { name: /^Registrar pago de Martha Lucía Rengifo/ });
    await suya.click();
    const modal = page.getByRole('dialog');
    // Where the money goes, in the form itself (on a phone the list's account column is hidden).
    await modal.getByText(/^Pagar a .+: .+, cuenta \S+ \d+$/).waitFor();
    // The form comes first, in view as the detail opens, above the service's data.
    await shots('pagos-registrar-anticipo');
    const arriba = async (texto: string | RegExp) => (await modal.getByText(texto).first().boundingBox())!.y;
    expect(await arriba(/^Registrar anticipo de /)).toBeLessThan(await arriba('Origen'));
    expect(await modal.getByLabel('Referencia del pago').isVisible()).toBe(true);
    await modal.getByRole('button', { name: 'Registrar pago' }).click();
    await modal.getByText(PAGO_MSG.referenciaRequerida).waitFor();
    // Once shown, a message follows the field: typing the reference clears it before any new try.
    await modal.getByLabel('Referencia del pago').fill('TRF-20261123-01');
    await expect.poll(() => modal.getByText(PAGO_MSG.referenciaRequerida).count()).toBe(0);
    await modal.getByLabel('Referencia del pago').press('Enter');
    await page.getByText(/^Anticipo de \$\s?[\d.]+ registrado; se pagó a .+: .+, cuenta \S+ \d+\.$/).first().waitFor();
    await expect.poll(insignia, { timeout: 15_000 }).toBe(antes);
    // Paying the advance of a finished trip makes its balance due: the count moves to the saldos tab,
    // staff's own address (its title and the bottom bar's selected tab follow).
    await page.getByRole('tab', { name: /Saldos/ }).click();
    await page.waitForURL(/\/panel-control\/saldos$/);
    await page.getByRole('heading', { level: 1, name: 'Saldos por Pagar' }).waitFor();
    expect(await pagosPendientes().getAttribute('aria-current')).toBe('page');
    await buscar(id);
    await page.getByRole('row').filter({ hasText: m }).getByRole('button', { name: /^Registrar pago de Martha Lucía Rengifo/ }).click();
    await page.getByRole('dialog').getByLabel('Referencia del pago').fill('TRF-20261123-02');
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar pago' }).click();
    await expect.poll(insignia, { timeout: 15_000 }).toBe(antes - 1);
    await shots('pagos-saldos');
  });

  it('shows staff their own wording while `/me` is on its way, never the company’s', async () => {
    const EMPRESA = 'Los servicios que tu empresa ganó, por fecha de salida, con sus totales.';
    const PLATAFORMA = 'Los servicios ganados por las empresas, por fecha de salida, con sus totales.';
    await entrarComo('plataforma');
    // The saved sign-in holds the copy of `/me` stored at sign-in.
    expect((await page.context().storageState()).origins.some((o) => o.localStorage.some((e) => e.name === 'usuario'))).toBe(true);
    // Whether the company's wording was ever in the page, from the first node on (every change is looked at).
    await page.addInitScript((empresa) => {
      const w = window as unknown as { vioEmpresa: boolean };
      w.vioEmpresa = false;
      new MutationObserver(() => {
        if (document.documentElement?.textContent?.includes(empresa)) w.vioEmpresa = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, EMPRESA);
    const vioEmpresa = () => page.evaluate(() => (window as unknown as { vioEmpresa: boolean }).vioEmpresa);
    // `/me` held back until the test lets it go.
    let suelto = Promise.resolve();
    let soltar = () => {};
    const retenerMe = () => {
      suelto = new Promise<void>((listo) => (soltar = listo));
    };
    let respondido = false;
    await page.route(/\/me$/, async (route) => {
      if (route.request().method() === 'GET') await retener(route, suelto);
      else await route.fallback();
      respondido = true;
    });
    try {
      // A reload: the stored copy of `/me` says who this is, so the screen opens at once, `/me` still held.
      retenerMe();
      await page.goto(url('/panel-control/historial'));
      await page.getByText(PLATAFORMA).waitFor();
      expect(respondido, 'la pantalla esperó a /me').toBe(false);
      expect(await vioEmpresa(), 'el personal vio la descripción de la empresa').toBe(false);
      soltar();
      // A first visit on this browser (no stored copy): the screen waits for `/me`.
      await page.evaluate(() => localStorage.removeItem('usuario'));
      retenerMe();
      const pedido = page.waitForRequest((r) => /\/me$/.test(r.url()) && r.method() === 'GET');
      await page.goto(url('/panel-control/historial'));
      await pedido;
      expect(await page.getByText(PLATAFORMA).count(), 'la pantalla no esperó a /me').toBe(0);
      soltar();
      await page.getByText(PLATAFORMA).waitFor();
      expect(await vioEmpresa(), 'el personal vio la descripción de la empresa').toBe(false);
    } finally {
      soltar();
      await page.unroute(/\/me$/);
    }
    // A link naming a company the filter does not know filters nothing (it said 'no services' under
    // 'Todas las empresas'); with a range backwards, the default range. Both are said, and taken out of
    // the address; the state that reads is kept.
    await page.goto(url('/panel-control/historial?desde=2026-12-31&hasta=2026-01-01&estado=finalizado&empresa=zzz'));
    await page.getByRole('button', { name: 'Empresa Todas las empresas' }).waitFor();
    await page.getByRole('button', { name: 'Estado Finalizado' }).waitFor();
    await page.getByRole('row', { name: /Finalizado/ }).first().waitFor();
    const aviso = page.getByText('El enlace tenía filtros que no se pueden usar');
    await aviso.waitFor();
    await page.getByText(`Fechas: ${PAGO_MSG.rangoInvertido} Se muestran los últimos 90 días y los próximos 30.`).waitFor();
    await page.getByText('Empresa: «zzz» no está entre las empresas aliadas. Se muestran todas las empresas.').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?estado=finalizado');
    await shots('historial-enlace-invalido');
    await page.getByRole('button', { name: 'Descartar alerta' }).click();
    await expect.poll(() => aviso.count()).toBe(0);
  });

  it('offers to try again when a payment list could not be read, and shows its rows once it can', async () => {
    // An advance of Luis Fernando Ortiz's (WMN318) due, for the list to show.
    await servicioReservado(TRANSVALLE, { tipo: 'Buseta', pasajeros: 20, origen: `Terminal de Cali (${marca()} reintento)` }, 3, {
      estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, vehiculoId: 'veh-demo-transvalle-002', placas: 'WMN318', conductor: 'Luis Fernando Ortiz', nombreEmpresaAliada: VALLE,
    });
    await entrarComo('plataforma');
    // Every read of the advances' list fails (no connection) until the route is let through again.
    await sinRed(/\/pagos\?.*lista=anticipo/, async () => {
      await page.goto(url('/panel-control/anticipos'));
      await page.getByText(API_MSG.sinConexion, { exact: true }).waitFor({ timeout: 15_000 });
      // Said once, in the list: no toast repeating it.
      expect(await page.getByText(API_MSG.sinConexion, { exact: true }).count()).toBe(1);
      expect(await page.getByRole('row', { name: /Luis Fernando Ortiz/ }).count()).toBe(0);
      await shots('pagos-error-reintentar');
    });
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('row', { name: /Luis Fernando Ortiz/ }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
  });

  it('points out a driver’s account changed lately, in the payout list and above both payout forms', async () => {
    // The demo's Luis Fernando Ortiz (WMN318): his account changed 30 hours ago. An advance of his due
    // (its reservation taken through the API, six steps in its trail), and two vehicles whose referrers
    // are owed their reward: his, and another's.
    const m = marca();
    const [placaSuya, placaOtra] = ['L', 'O'].map((letra) => `${letra}${m.slice(-5).toUpperCase()}`) as [string, string];
    const [id, suyo, otro] = await Promise.all([
      anticipoDeLuis(`Terminal de Cali (${m} cuenta cambiada)`),
      vehiculoConRecompensa(placaSuya, 'veh-demo-transvalle-002'),
      vehiculoConRecompensa(placaOtra, 'veh-demo-andino-011'),
    ]);
    // Their rewards are not left owed for the tests that follow.
    onTestFinished(async () => {
      await borrarVehiculo(suyo);
      await borrarVehiculo(otro);
    });
    // The account before the change, and whom to confirm it with.
    const aviso = /^Los datos bancarios cambiaron el .+ \(admin@transvalle\.demo\)\. Antes: Luis Fernando Ortiz: Bancolombia, cuenta ahorros 04587120334\. Confírmalos con el conductor al 3007788990 antes de transferir\.$/;
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/anticipos'));
    const cambiadas = page.getByRole('row').filter({ hasText: /Cuenta cambiada el \d{1,2}\/\d{1,2}\/\d{4}/ });
    await cambiadas.first().waitFor();
    for (const fila of await cambiadas.all()) expect(await fila.textContent()).toContain('Luis Fernando Ortiz');
    // The list's CSV carries it too, for whoever pays from the file, named for today in Bogotá.
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(descarga.suggestedFilename()).toBe(`anticipos-${hoyEnBogota()}.csv`);
    const csv = readFileSync((await descarga.path())!, 'utf8').replace(/^\ufeff/, '').split(/\r?\n/);
    expect(csv[0]).toMatch(/;Cuenta cambiada el$/);
    expect(csv.find((l) => l.includes(id))!.split(';').at(-1)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await buscar(id);
    await page.getByRole('row').filter({ hasText: m }).getByRole('button', { name: /^Registrar pago de Luis Fernando Ortiz/ }).click();
    await page.getByRole('dialog').getByText(aviso).waitFor();
    await shots('pagos-cuenta-cambiada');
    // Staff read the service's whole trail here too, each change under who made it.
    await page.getByRole('dialog').getByRole('button', { name: 'Historial' }).click();
    const trail = page.getByRole('dialog').getByRole('list', { name: 'Historial del servicio' });
    await trail.getByText(/· admin@transvalle\.demo$/).first().waitFor();
    expect(await trail.getByRole('listitem').count()).toBe(6);
    await page.keyboard.press('Escape');

    await page.goto(url('/panel-control/recompensas'));
    // The list says it under the referrer, who is paid.
    await page.getByRole('row').filter({ hasText: placaSuya }).getByText(/^Cuenta cambiada el \d{1,2}\/\d{1,2}\/\d{4}$/).waitFor();
    await page.getByRole('button', { name: `Pagar recompensa de ${placaSuya}` }).click();
    await page.getByRole('dialog').getByText(aviso).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    // Another referrer's form says nothing of it.
    await page.getByRole('button', { name: `Pagar recompensa de ${placaOtra}` }).click();
    await page.getByRole('dialog').getByText(/^Pagar a /).waitFor();
    expect(await page.getByRole('dialog').getByText(aviso).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  });

  it('pays every referral reward until the list is empty', async () => {
    // Three vehicles of its own whose referrers are owed the reward. Any other owed is paid beforehand
    // (as staff would), and then the first of its three, for $ 175.000: the latest reward paid.
    const m = marca().slice(-5).toUpperCase();
    const [ultima, ...propias] = await Promise.all(['U', 'R', 'S'].map((letra) => vehiculoConRecompensa(`${letra}${m}`, 'veh-demo-andino-011')));
    await pagarRecompensasSalvo(propias, { id: ultima!, valor: 175_000 });
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/recompensas'));
    await page.getByRole('heading', { level: 2, name: /Vehículos con pago por referidos/ }).waitFor();
    await page.getByRole('button', { name: /^Pagar recompensa de / }).first().waitFor();
    await shots('recompensas');
    // The spec sets no amount: the form says what the latest reward paid was.
    await page.getByRole('button', { name: /^Pagar recompensa de / }).first().click();
    await page
      .getByRole('dialog')
      .getByText(new RegExp(`^La última recompensa registrada fue de \\$\\s175\\.000 \\(\\d{1,2}/\\d{1,2}/\\d{4}, U${m}\\)\\.$`))
      .waitFor();
    await shots('recompensas-pagar');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    // A colleague registered it meanwhile (the API's 409, held here): the form closes, nothing left to
    // send (it stayed open, ready to send again).
    const pago = '**/plataforma/recompensas/*';
    await page.route(pago, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'aborted', message: PAGO_MSG.recompensaYaPagada } }) }) : route.fallback()));
    try {
      await page.getByRole('button', { name: /^Pagar recompensa de / }).first().click();
      await page.getByRole('dialog').getByLabel('Referencia del pago').fill('NEQ-0001');
      await page.getByRole('dialog').getByLabel('Valor pagado (COP)').fill('150000');
      await page.getByRole('dialog').getByRole('button', { name: 'Registrar pago' }).click();
      await page.getByText(PAGO_MSG.recompensaYaPagada).first().waitFor();
      await page.getByRole('dialog', { name: 'Pagar recompensa por referido' }).waitFor({ state: 'hidden' });
    } finally {
      await page.unroute(pago);
    }
    while ((await page.getByRole('button', { name: /^Pagar recompensa de / }).count()) > 0) {
      const antes = await page.getByRole('button', { name: /^Pagar recompensa de / }).count();
      await page.getByRole('button', { name: /^Pagar recompensa de / }).first().click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('Referencia del pago').fill('NEQ-7788');
      await modal.getByLabel('Valor pagado (COP)').fill('150000');
      await modal.getByRole('button', { name: 'Registrar pago' }).click();
      await expect.poll(() => page.getByRole('button', { name: /^Pagar recompensa de / }).count(), { timeout: 20_000 }).toBe(antes - 1);
    }
    await page.getByText(PAGO_MSG.sinRecompensas).waitFor();
    // The rewards just paid are on the paid list, latest first, with the demo's earlier ones and their receipt.
    await page.getByRole('tab', { name: 'Pagadas' }).click();
    await page.getByRole('heading', { level: 2, name: new RegExp(PAGO_MSG.tituloRecompensasPagadas) }).waitFor();
    const filas = page.getByRole('row').filter({ hasText: 'NEQ-7788' });
    await expect.poll(() => filas.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('row').nth(1).textContent()).toContain('NEQ-7788');
    expect(await page.getByRole('row').filter({ hasText: 'CHT119' }).textContent()).toContain('NEQ-7731204');
    await page.getByRole('link', { name: 'Ver comprobante de la recompensa de CHT119' }).waitFor();
    await shots('recompensas-pagadas');
    // The tab is in the address: a reload stays on it.
    expect(new URL(page.url()).searchParams.get('vista')).toBe('pagadas');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: new RegExp(PAGO_MSG.tituloRecompensasPagadas) }).waitFor();
    await page.getByRole('row').filter({ hasText: 'CHT119' }).waitFor();
    await page.getByLabel('Buscar por placas, conductor, referente, empresa o referencia').fill('NEQ-7731204');
    // One row (and the header) once the search has answered: CHT119's.
    await expect.poll(async () => ((await page.getByRole('row').count()) === 2 ? page.getByRole('row').nth(1).textContent() : null), { timeout: 10_000 }).toContain('CHT119');
  });
});

describe('a company without services', () => {
  it('sees each list’s empty message', async () => {
    // Turismo Andino: no test of any file makes it win a service.
    await entrarComo('admin3');
    await page.goto(url('/panel-control/reservas'));
    for (const lista of LISTAS_SERVICIOS) {
      // The reservations' stages are tabs of one screen, each its own address (opened in place); the
      // trips under way, a screen of their own.
      const tab = page.getByRole('tab', { name: lista.titulo, exact: true });
      if (lista.ruta === 'reservas' || (await tab.count()) > 0) await tab.click();
      else await page.goto(url(`/panel-control/${lista.ruta}`));
      await page.waitForURL(new RegExp(`/panel-control/${lista.ruta}$`));
      await vacio(lista).waitFor();
    }
    await shots('servicios-vacio');
    await pagosPendientes().click();
    await vacio(LISTAS_PAGOS.find((l) => l.id === 'anticipo')!).waitFor();
    await page.getByRole('tab', { name: /Saldos/ }).click();
    await vacio(LISTAS_PAGOS.find((l) => l.id === 'saldo')!).waitFor();
    // Marketplace staff filtered on that company: the payments to validate are empty too.
    await entrarComo('plataforma');
    await page.goto(url('/panel-control/validarEpayco'));
    for (const id of ['epayco', 'transferencia'] as const) {
      const lista = LISTAS_PAGOS.find((l) => l.id === id)!;
      // Both are tabs of one screen, each its own address.
      await page.getByRole('tab', { name: new RegExp(`^${lista.titulo}`) }).click();
      await page.waitForURL(new RegExp(`/panel-control/${lista.ruta}$`));
      await page.getByRole('heading', { level: 2, name: id === 'epayco' ? /^Pagos Epayco por validar/ : /^Reservas en proceso de validación/ }).waitFor();
      await page.getByRole('button', { name: /^Empresa/ }).first().click();
      await page.getByRole('option', { name: 'Turismo Andino S.A.S.' }).click();
      await vacio(lista).waitFor();
    }
    await shots('pagos-vacio');
  });
});
