import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { cabecerasApp } from '../../lambdas/api/middleware/apps.js';
import { cambioItem } from '../../lambdas/data/cambios.js';
import type { ServicioPublicado } from '@shared/schemas/integracion.js';
import { serviceSchema, type Service } from '@shared/schemas/service.js';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { docClient, stack, subirConTicket, table } from './clients.js';

/** A transport request as the client app publishes it, departing in `dias` days. */
export function servicioPublicado(overrides: Partial<ServicioPublicado> = {}, dias = 3): ServicioPublicado {
  const salida = new Date(Date.now() + dias * 86_400_000);
  return {
    id: randomUUID(),
    cliente: 'Universidad Icesi',
    solicitante: 'Juliana Castro',
    telefonoOperador: '3157654321',
    tipo: 'Van',
    clase: 'Empresarial',
    origen: 'Universidad Icesi, Calle 18 # 122-135, Cali',
    destino: 'Aeropuerto Alfonso Bonilla Aragón, Palmira',
    latOrigen: 3.3417,
    lonOrigen: -76.5306,
    paradas: [],
    fechaSalida: salida.toISOString(),
    fechaRegreso: null,
    pasajeros: 12,
    ciudad: 'Cali',
    departamento: 'Valle del Cauca',
    observaciones: '',
    ...overrides,
  };
}

/** Calls an app's route signed as that app (the client app unless `app` says; `secret`, `now` to forge a bad one). */
export async function appApi(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  opts: { secret?: string; now?: Date; headers?: Record<string, string>; app?: 'cliente' | 'proveedores' } = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const app = opts.app ?? 'cliente';
  const secret = opts.secret ?? (app === 'cliente' ? stack().clientAppSecret : stack().providerAppSecret);
  const res = await fetch(`${stack().apiUrl}${path}`, {
    method,
    headers: {
      ...cabecerasApp(secret, method, path, text, opts.now, app),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: body === undefined ? undefined : text,
  });
  const raw = await res.text();
  let json: unknown = null;
  try {
    json = raw ? JSON.parse(raw) : null;
  } catch {
    json = raw;
  }
  return { status: res.status, headers: res.headers, json: json as Record<string, any> };
}

/**
 * A service published by the client app and then moved on for `empresaId` as the API would leave it
 * (stored whole, with its lists' keys): reservado by default, or any later stage with `cambios`. The
 * change is logged, as the API's own writes are, so the API's cached map part sees it.
 */
export async function servicioReservado(empresaId: string, overrides: Partial<ServicioPublicado> = {}, dias = 3, cambios: Partial<Service> = {}): Promise<string> {
  const body = servicioPublicado(overrides, dias);
  const res = await appApi('POST', '/integracion/cliente/servicios', body);
  if (res.status !== 201) throw new Error(`publicar ${res.status}: ${JSON.stringify(res.json)}`);
  const { Item } = await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: body.id } }));
  const { mapa: _m, expiresAt: _e, ...publicado } = serviceSchema.parse(Item);
  const service = serviceSchema.parse({ ...publicado, estado: 'reservado', empresaAliada: empresaId, nombreEmpresaAliada: `Empresa ${empresaId}`, valorOferta: 900_000, metodoPago: 'transferencia', ...cambios });
  // Past validation the client's payment was confirmed (both ways of confirming it date it).
  if (!['validar', 'cancelado'].includes(service.estado)) service.pagoValidadoEn ??= service.creadoEn;
  await docClient().send(new PutCommand({ TableName: table('services'), Item: servicioItem(service) }));
  await docClient().send(new PutCommand({ TableName: table('cambios'), Item: cambioItem({ tipo: 'empresa', id: empresaId }) }));
  return body.id;
}

/** A file the provider app uploads (photo or document): a ticket from its integration route, then S3; its upload id. */
export async function subirComoApp(kind: 'fotoProveedor' | 'documentoProveedor', bytes: Uint8Array, contentType: string): Promise<string> {
  const ticket = await appApi('POST', '/integracion/proveedores/uploads', { kind, contentType, size: bytes.length, fileName: 'documento' }, { app: 'proveedores' });
  return subirConTicket(ticket, bytes, contentType);
}
