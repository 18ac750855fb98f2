import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { fechaFuec, fuecPdf } from '../../scripts/local/fuec-pdf.js';
import { api, docClient, idToken, table } from './clients.js';
import { page } from './e2e.js';
import { abrirMapa } from './e2e-mapa.js';
import { servicioReservado } from './servicios.js';

/*
 * What the reserved-service files of test/e2e (reservas-asignacion, reservas-fuec, reservas-lista) share:
 * a reservation of the test's own with TSQ204 assigned, a FUEC of another plate for it, and a reserved
 * service's detail opened from the map's list.
 */

/** Ana María Lozano's Suv, the demo fleet's TSQ204. */
const TSQ204 = 'veh-demo-transvalle-003';

/**
 * A reservation of Transvalle's for 5 in a Suv, with TSQ204 assigned through the API (as 'Confirmar
 * Selección' does), departing in `dias` days: each test's own, at a time its others leave TSQ204 free
 * (a trip without return holds its vehicle 12 hours), and before most of the demo's, so the
 * reservations' first page lists it.
 */
export async function reservaConTsq204(origen: string, dias: number) {
  const { Item: suv } = await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: TSQ204 } }));
  expect(suv?.placas).toBe('TSQ204');
  const id = await servicioReservado('demo-transvalle', { tipo: 'Suv', pasajeros: 5, origen }, dias);
  const token = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
  const asignado = await api(`/servicios/${id}/vehiculo`, { token, method: 'PUT', body: { vehiculoId: TSQ204 } });
  expect(asignado.status, JSON.stringify(asignado.json)).toBe(200);
  return { id, token };
}

/** A FUEC printed for another plate (XYZ 987), for the reservation's dates and route. */
export async function fuecDeOtraPlaca(id: string): Promise<Buffer> {
  const salida = (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item!.fechaSalida as string;
  return Buffer.from(await fuecPdf({ placa: 'XYZ 987', desde: fechaFuec(salida), hasta: fechaFuec(salida, 1), origen: 'CALI', destino: 'AEROPUERTO ALFONSO BONILLA ARAGON, PALMIRA' }));
}

/** Signed in as Transvalle's admin, the detail of one of its reserved services, from the map's list. */
export async function abrirReservado(boton: RegExp) {
  await abrirMapa();
  await page.getByRole('checkbox', { name: /^Reservado \(\d+\)$/ }).check();
  await page.getByRole('button', { name: /^Servicios visibles/ }).click();
  await page.getByRole('button', { name: boton }).click();
  return page.getByRole('dialog', { name: /Detalle del servicio/ });
}
