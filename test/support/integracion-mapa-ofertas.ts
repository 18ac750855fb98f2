import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, docClient, idToken, table } from './clients.js';
import { appApi, servicioPublicado } from './servicios.js';

/**
 * What the files of the monitor map, the service detail, offers and the client app's integration share
 * (test/integration/mapa-retiros, servicios-ofertas and integracion-cliente). Services are published
 * through the client endpoint by each test, so the demo data stays as other files expect it.
 */

export const TRANSVALLE = 'demo-transvalle';
export const ANDINO = 'demo-andino';

/** The demo accounts the tests act as: Transportes del Valle's admin and user, Turismo Andino's admin. */
export async function sesiones(): Promise<{ valle: string; andino: string; staff: string }> {
  const [valle, andino, staff] = await Promise.all([
    idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    idToken(DEMO_USERS.admin3, DEMO_PASSWORD),
    idToken(DEMO_USERS.staff, DEMO_PASSWORD),
  ]);
  return { valle, andino, staff };
}

type Marker = { id: string; estado: string; tipo: string; lat: number; lng: number };
export const mapa = async (token: string) => {
  const res = await api('/mapa', { token });
  expect(res.status).toBe(200);
  return res.json as { tipos: string[]; servicios: Marker[] };
};
export const publicar = async (overrides: Parameters<typeof servicioPublicado>[0] = {}, dias?: number) => {
  const body = servicioPublicado(overrides, dias);
  const res = await appApi('POST', '/integracion/cliente/servicios', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return body.id;
};
export const ofertar = (token: string, id: string, body: unknown) => api(`/servicios/${id}/ofertas`, { token, body });
export const ofertasGuardadas = async (id: string) =>
  (await docClient().send(new QueryCommand({ TableName: table('offers'), KeyConditionExpression: 'idServicio = :s', ExpressionAttributeValues: { ':s': id } }))).Items ?? [];
