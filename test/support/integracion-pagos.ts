import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { registrarTransaccionEpayco } from '../../scripts/local/epayco.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, docClient, idToken, PDF_BYTES, stack, table } from './clients.js';
import { appApi, servicioPublicado } from './servicios.js';

/**
 * Payments (issue "Payments, driver payouts, referral rewards and the service lists"): the client's
 * transfer checked by marketplace staff and its card payment confirmed by ePayco's signed callback;
 * the driver's advance and balance, each once; the referral rewards; the service lists and history.
 * What the test/integration/pagos-*.test.ts files share. They count the demo company's records, so they
 * run in vitest.config.ts's SOLAS group, one after another, on a stack where nothing else writes.
 */
export const TRANSVALLE = 'demo-transvalle';

export type SesionesPagos = { admin: string; staff: string; andino: string; plataforma: string };

let sesiones: Promise<SesionesPagos> | undefined;

/** The demo users the payment files act as, signed in once per file (each file has its own copy of this module). */
export function sesionesPagos(): Promise<SesionesPagos> {
  sesiones ??= Promise.all([
    idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    idToken(DEMO_USERS.staff, DEMO_PASSWORD),
    idToken(DEMO_USERS.admin3, DEMO_PASSWORD),
    idToken(DEMO_USERS.plataforma, DEMO_PASSWORD),
  ]).then(([admin, staff, andino, plataforma]) => ({ admin, staff, andino, plataforma }));
  return sesiones;
}

export const guardado = async (key: 'services' | 'vehiculos' | 'pagos', id: string) => (await docClient().send(new GetCommand({ TableName: table(key), Key: { id } }))).Item;
export const trail = async (id: string) =>
  ((await docClient().send(new QueryCommand({ TableName: table('historial'), KeyConditionExpression: 'servicioId = :s', ExpressionAttributeValues: { ':s': id } }))).Items ?? []).map((e) => e.accion as string);
export const esperarCache = () => new Promise((r) => setTimeout(r, 1100));

/** A Van request of the client app, offered on by Transportes del Valle and accepted by the client with `metodo`. */
export async function aceptado(metodo: 'epayco' | 'transferencia', precio = 1_234_000): Promise<string> {
  const { admin } = await sesionesPagos();
  const body = servicioPublicado({ tipo: 'Van' });
  expect((await appApi('POST', '/integracion/cliente/servicios', body)).status).toBe(201);
  const oferta = await api(`/servicios/${body.id}/ofertas`, { token: admin, body: { precio } });
  expect(oferta.status, JSON.stringify(oferta.json)).toBe(201);
  const res = await appApi('POST', `/integracion/cliente/servicios/${body.id}/aceptar`, { empresaAliada: TRANSVALLE, metodoPago: metodo });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return body.id;
}

/** The client app sends its transfer receipt: a ticket, the file to S3, then the receipt route. */
export async function enviarComprobante(id: string, bytes: Uint8Array = PDF_BYTES, contentType = 'application/pdf') {
  const ticket = await appApi('POST', '/integracion/cliente/uploads', { kind: 'comprobanteCliente', contentType, size: bytes.length, fileName: 'comprobante.pdf' });
  expect(ticket.status, JSON.stringify(ticket.json)).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.json.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  expect((await fetch(ticket.json.url as string, { method: 'POST', body: form })).status).toBeLessThan(300);
  return appApi('POST', `/integracion/cliente/servicios/${id}/comprobante`, { archivo: ticket.json.uploadId });
}

export const epayco = (campos: Record<string, string>, tipo: 'form' | 'json' = 'form') =>
  fetch(`${stack().apiUrl}/integracion/epayco/confirmacion`, {
    method: 'POST',
    headers: { 'content-type': tipo === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: tipo === 'form' ? new URLSearchParams(campos).toString() : JSON.stringify(campos),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, any> }));

/** A transaction ePayco knows (its stand-in is told first), then confirmed with exactly those fields. */
export const conocida = async (campos: Record<string, string>) => {
  await registrarTransaccionEpayco(stack().epaycoUrl, campos);
  return epayco(campos);
};

export const ids = (res: { json: Record<string, any> }) => (res.json.items as { id: string }[]).map((i) => i.id);
