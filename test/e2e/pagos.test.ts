import { describe, expect, it } from 'vitest';
import { LISTAS_PAGOS, LISTAS_SERVICIOS } from '@shared/domain/listas.js';
import { EPAYCO_MSG, PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { enPieDeDialogo, entrarComo, page, palabrasPartidas, shots, url, usePage } from '../support/e2e.js';
import {
  aceptado,
  avanzar,
  buscar,
  cobroEpayco,
  confirmarEpayco,
  enviarComprobante,
  filaCon,
  hace,
  marca,
  pagosPendientes,
  reembolsarCobrosSalvo,
  vacio,
} from '../support/e2e-pagos.js';

/*
 * Payments through the console (issue "Payments, driver payouts, referral rewards and the service
 * lists"), one of three files (with servicios.test.ts and anticipos.test.ts): a transfer confirmed by
 * marketplace staff reaches its company's reservations; ePayco's signed confirmation confirms another;
 * a client's second charge is refunded; a company without data sees each empty message.
 * Each test makes the records it reads (test/support/e2e-pagos.ts), named by a word of its own
 * (`marca`), and signs in with a saved session.
 */

usePage({ viewport: { width: 1280, height: 1000 } });

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
    // The receipt shows inside the dialog (a frame of its signed URL, served inline), not behind a link to another tab.
    const recibo = modal.locator('iframe[title^="Vista previa: Comprobante de "]');
    await recibo.waitFor();
    expect(await recibo.getAttribute('src')).toMatch(/\/pagos\/[^/]+\/cliente\/[^?]+\?.*response-content-disposition=inline/);
    expect(await modal.locator('a[target="_blank"]').count()).toBe(1);
    await modal.getByRole('link', { name: /^Descargar Comprobante de / }).waitFor();
    // Confirm and reject in the footer, the primary one last (on the right).
    const confirmar = modal.getByRole('button', { name: 'Confirmar pago' });
    expect(await enPieDeDialogo(confirmar)).toBe(true);
    expect(await enPieDeDialogo(modal.getByRole('button', { name: 'Rechazar', exact: true }))).toBe(true);
    const [rechazarX, confirmarX] = await Promise.all([modal.getByRole('button', { name: 'Rechazar', exact: true }).boundingBox(), confirmar.boundingBox()]);
    expect(confirmarX!.x).toBeGreaterThan(rechazarX!.x);
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
    // On a phone too: its own labels ('Reembolsar') and Cloudscape's phone toolbar (issue 47).
    await page.setViewportSize({ width: 390, height: 844 });
    await cobro.scrollIntoViewIfNeeded();
    await shots('pagos-cobros-por-reembolsar-telefono');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await cobro.getByRole('button', { name: /^Registrar reembolso de / }).click();
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
