import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { cambioItem } from '../../lambdas/data/cambios.js';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { confirmacionFirmada } from '../../scripts/local/client-simulator.js';
import { registrarTransaccionEpayco } from '../../scripts/local/epayco.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { RECOMPENSA_PENDIENTE } from '@shared/domain/pagos.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import type { ServicioPublicado } from '@shared/schemas/integracion.js';
import { cuentaDe, type CuentaDestino, type RecompensaFila } from '@shared/schemas/pagos.js';
import { serviceSchema, type Service } from '@shared/schemas/service.js';
import { vehicleCode } from '@shared/schemas/vehiculo.js';
import { api, docClient, idToken, PDF_BYTES, stack, subirConTicket, table, upload } from './clients.js';
import { page } from './e2e.js';
import { appApi, servicioPublicado, servicioReservado } from './servicios.js';

/*
 * The records the payment files of test/e2e (pagos, servicios, anticipos) make for each of their
 * tests, the way the client app, ePayco, the company and marketplace staff make them (as
 * the integration tests test/integration/pagos-*.test.ts do), so that no test there reads a demo record another test (or
 * file) may have paid, refunded or cancelled.
 */

export const TRANSVALLE = 'demo-transvalle';
export const VALLE = 'Transportes del Valle S.A.S.';

/** A word of a test's own (in an origin, a plate), to tell its records in a list and to search by. */
export const marca = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const hace = (horas: number) => new Date(Date.now() - horas * 3600_000).toISOString();

let tokens: Promise<Record<'admin' | 'plataforma', string>> | undefined;
/** The API's ID token of a demo user (asked once per file). */
export async function token(rol: 'admin' | 'plataforma'): Promise<string> {
  tokens ??= Promise.all([idToken(DEMO_USERS.admin, DEMO_PASSWORD), idToken(DEMO_USERS.plataforma, DEMO_PASSWORD)]).then(([admin, plataforma]) => ({ admin, plataforma }));
  try {
    return (await tokens)[rol];
  } catch (e) {
    tokens = undefined;
    throw e;
  }
}

/** An answer of the API with the status a setup step expects, or the step's failure saying what came instead. */
async function esperado<T extends { status: number; json: unknown }>(respuesta: Promise<T>, status: number, paso: string): Promise<T> {
  const r = await respuesta;
  if (r.status !== status) throw new Error(`${paso}: ${r.status} ${JSON.stringify(r.json)}`);
  return r;
}

/** A request of the client app departing in `dias` days, offered on by Transportes del Valle and accepted by the client with `metodo`. */
export async function aceptado(metodo: 'epayco' | 'transferencia', publicado: Partial<ServicioPublicado> = {}, precio = 1_234_000, dias = 3): Promise<string> {
  const body = servicioPublicado({ tipo: 'Van', ...publicado }, dias);
  await esperado(appApi('POST', '/integracion/cliente/servicios', body), 201, 'publicar');
  await esperado(api(`/servicios/${body.id}/ofertas`, { token: await token('admin'), body: { precio } }), 201, 'ofertar');
  await esperado(appApi('POST', `/integracion/cliente/servicios/${body.id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: metodo }), 200, 'aceptar');
  return body.id;
}

/** The client app sends its transfer receipt: a ticket, the file to S3, then the receipt route. */
export async function enviarComprobante(id: string): Promise<void> {
  const ticket = await appApi('POST', '/integracion/cliente/uploads', { kind: 'comprobanteCliente', contentType: 'application/pdf', size: PDF_BYTES.length, fileName: 'comprobante.pdf' });
  const archivo = await subirConTicket(ticket, PDF_BYTES, 'application/pdf');
  await esperado(appApi('POST', `/integracion/cliente/servicios/${id}/comprobante`, { archivo }), 201, 'comprobante');
}

/** A charge ePayco knows (its stand-in is told first), signed with the stack's keys. */
export async function cobroEpayco(campos: Parameters<typeof confirmacionFirmada>[1]): Promise<Record<string, string>> {
  const transaccion = confirmacionFirmada(stack().epayco, campos);
  await registrarTransaccionEpayco(stack().epaycoUrl, transaccion);
  return transaccion;
}

/** ePayco's signed confirmation of a charge, posted as its callback posts it. */
export async function confirmarEpayco(transaccion: Record<string, string>) {
  const res = await fetch(`${stack().apiUrl}/integracion/epayco/confirmacion`, { method: 'POST', body: new URLSearchParams(transaccion) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** A stored service moved on as the API would leave it (its lists' keys with it), e.g. to a finished trip. */
export async function avanzar(id: string, cambios: Partial<Service>): Promise<void> {
  const { Item } = await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }));
  const service = serviceSchema.parse({ ...serviceSchema.parse(Item), ...cambios });
  await docClient().send(new PutCommand({ TableName: table('services'), Item: servicioItem(service) }));
  await docClient().send(new PutCommand({ TableName: table('cambios'), Item: cambioItem({ tipo: 'empresa', id: service.empresaAliada! }) }));
}

/**
 * Luis Fernando Ortiz's (WMN318, whose account changed lately in the demo) advance due, on a
 * reservation of its own taken the whole way through the API: published, offered on, paid by ePayco,
 * assigned and confirmed with its FUEC, six steps in its trail.
 */
export async function anticipoDeLuis(origen: string): Promise<string> {
  const id = await aceptado('epayco', { tipo: 'Buseta', pasajeros: 20, origen }, 1_480_000, 5);
  const pago = await cobroEpayco({ x_id_invoice: id, x_amount: '1480000', x_ref_payco: `wmn-${id.slice(0, 8)}`, x_transaction_id: `tx-${id.slice(0, 6)}` });
  await esperado(confirmarEpayco(pago), 200, 'ePayco');
  const admin = await token('admin');
  await esperado(api(`/servicios/${id}/vehiculo`, { token: admin, method: 'PUT', body: { vehiculoId: 'veh-demo-transvalle-002' } }), 200, 'asignar');
  await esperado(api(`/servicios/${id}/fuec`, { token: admin, body: { archivo: await upload(admin, 'fuec', PDF_BYTES, 'application/pdf') } }), 200, 'FUEC');
  return id;
}

/** The account a vehicle's driver is paid to, as the payout forms show it and send it back. */
async function cuentaDelVehiculo(vehiculoId: string): Promise<CuentaDestino | null> {
  const { Item } = await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: vehiculoId } }));
  return cuentaDe(Item as CuentaDestino | undefined);
}

/** A payout staff register through the API (the console's form sends the same). */
const pagoConductor = async (id: string, tipo: 'anticipo' | 'saldo', cuentaVista: CuentaDestino | null) =>
  esperado(
    api(`/plataforma/servicios/${id}/pago-conductor`, { token: await token('plataforma'), body: { tipo, fecha: hoyEnBogota(), referencia: `TRF-${id.slice(0, 4).toUpperCase()}-${tipo === 'anticipo' ? 'A' : 'S'}`, cuentaVista } }),
    201,
    tipo,
  );

/**
 * A trip of Ana María Lozano's (TSQ204) that left three hours ago: its advance paid by staff, ended by
 * the company, then its balance paid by staff.
 */
export async function viajeFinalizadoYPagado(origen: string): Promise<string> {
  const vehiculoId = 'veh-demo-transvalle-003';
  const id = await servicioReservado(TRANSVALLE, { tipo: 'Suv', pasajeros: 4, origen }, 3, {
    estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, recorridoIniciado: true, fechaSalida: hace(3), fechaRegreso: null, vehiculoId, placas: 'TSQ204', conductor: 'Ana María Lozano', nombreEmpresaAliada: VALLE,
  });
  const cuenta = await cuentaDelVehiculo(vehiculoId);
  await pagoConductor(id, 'anticipo', cuenta);
  await esperado(api(`/servicios/${id}/finalizar`, { token: await token('admin'), method: 'POST' }), 200, 'finalizar');
  await pagoConductor(id, 'saldo', cuenta);
  return id;
}

/**
 * A trip of Martha Lucía Rengifo's (CHT119) started by its driver and ended by the company through
 * the API, its advance not yet paid (its balance comes due once it is). Ending it has the API recount
 * staff's payouts at once, so the bottom bar's count includes it.
 */
export async function viajeFinalizadoSinAnticipo(origen: string): Promise<string> {
  const id = await servicioReservado(TRANSVALLE, { tipo: 'Chiva', pasajeros: 30, origen }, 3, {
    estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, recorridoIniciado: true, fechaSalida: hace(4), fechaRegreso: null,
    vehiculoId: 'veh-demo-transvalle-007', placas: 'CHT119', conductor: 'Martha Lucía Rengifo', nombreEmpresaAliada: VALLE,
  });
  await esperado(api(`/servicios/${id}/finalizar`, { token: await token('admin'), method: 'POST' }), 200, 'finalizar');
  return id;
}

/** Every page of a list of staff's. */
async function todas<T>(ruta: string): Promise<T[]> {
  const filas: T[] = [];
  let cursor: string | null = null;
  do {
    const r = await esperado(api(`${ruta}?limite=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: await token('plataforma') }), 200, ruta);
    filas.push(...(r.json.items as T[]));
    cursor = r.json.cursor as string | null;
  } while (cursor);
  return filas;
}

/**
 * Refunds through the API every ePayco charge waiting for its refund but the test's own (`propio`):
 * the list then holds that one only, whatever other tests or files left in it.
 */
export async function reembolsarCobrosSalvo(propio: string): Promise<void> {
  for (const c of await todas<{ id: string }>('/plataforma/cobros-por-reembolsar')) {
    if (c.id === propio) continue;
    await esperado(api(`/plataforma/cobros-por-reembolsar/${encodeURIComponent(c.id)}/reembolso`, { token: await token('plataforma'), body: { fecha: hoyEnBogota(), referencia: 'DEV-PREVIO' } }), 200, `reembolso de ${c.id}`);
  }
}

/**
 * A vehicle of Expreso Pacífico, plate `placas`, that has made its 30 trips: its referrer (the
 * vehicle `referidoPor`) is owed the reward, as a trip's end leaves it. Not in the provider panel's lists.
 */
export async function vehiculoConRecompensa(placas: string, referidoPor: string): Promise<string> {
  const { Item } = await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: 'veh-demo-expresopacifico-009' } }));
  const { estadoProveedor: _e, busqueda: _b, agenda: _a, asignaciones: _n, ...copia } = Item!;
  const id = `veh-prueba-${placas.toLowerCase()}`;
  await docClient().send(
    new PutCommand({
      TableName: table('vehiculos'),
      Item: { ...copia, id, codigo: vehicleCode(id), placas, viajesRealizados: 30, referidoPor, comisionPagadaAReferente: false, recompensa: RECOMPENSA_PENDIENTE, fechaCreacion: new Date().toISOString() },
    }),
  );
  await docClient().send(new PutCommand({ TableName: table('cambios'), Item: cambioItem({ tipo: 'empresa', id: 'demo-expresopacifico' }) }));
  return id;
}

export async function borrarVehiculo(id: string): Promise<void> {
  await docClient().send(new DeleteCommand({ TableName: table('vehiculos'), Key: { id } }));
  await docClient().send(new PutCommand({ TableName: table('cambios'), Item: cambioItem({ tipo: 'empresa', id: 'demo-expresopacifico' }) }));
}

/** A referral reward paid through the API, to the referrer's account as the list shows it. */
async function pagarRecompensa(f: RecompensaFila, valor: number, referencia: string): Promise<void> {
  const cuentaVista = cuentaDe(f.referente);
  await esperado(api(`/plataforma/recompensas/${f.id}`, { token: await token('plataforma'), body: { fecha: hoyEnBogota(), referencia, valor, cuentaVista } }), 201, `recompensa de ${f.placas}`);
}

/**
 * Pays through the API every reward owed but the test's own (`propias`, by vehicle id), and then
 * `ultima`'s for `valor`, so that it is the latest paid: the list then holds `propias` only.
 */
export async function pagarRecompensasSalvo(propias: string[], ultima: { id: string; valor: number }): Promise<void> {
  const filas = await todas<RecompensaFila>('/plataforma/recompensas');
  for (const f of filas) if (!propias.includes(f.id) && f.id !== ultima.id) await pagarRecompensa(f, 150_000, 'NEQ-PREVIA');
  const suya = filas.find((f) => f.id === ultima.id);
  if (!suya) throw new Error(`${ultima.id} no está entre las recompensas por pagar`);
  await pagarRecompensa(suya, ultima.valor, 'NEQ-ULTIMA');
}

/* The payment screens' own ways to find things, shared by the three payment files of test/e2e. */

/** A list's empty message. */
export const vacio = (lista: { vacio: string }) => page.getByText(lista.vacio, { exact: true });
/** Types in the screen's (first) search box. */
export const buscar = (texto: string) => page.getByRole('searchbox').first().fill(texto);
/** The 'Pagos Pendientes' tab's count (its accessible name says it as shown: '3 Pagos Pendientes'). */
export const pagosPendientes = () => page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: /^(\d+ )?Pagos Pendientes$/ });
export const insignia = async () => Number(/^(\d+) /.exec((await pagosPendientes().getAttribute('aria-label')) ?? '')?.[1] ?? 0);
/** A row of the list that names this text (a test's own word, in an origin). */
export const filaCon = (texto: string) => page.getByRole('row', { name: new RegExp(texto) });
