import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { api, docClient, idToken, table } from './clients.js';

/**
 * What the files of vehicle assignment, FUEC and reservations share (test/integration/asignacion-*.test.ts).
 * Demo fleet of Transportes del Valle: veh-...-001 Van VCK512, -003 Suv TSQ204, -004 Bus SXT771 (not
 * validated), -005 Automovil KLM903 (driver's licence expires in 3 days); Turismo Andino's Van AND101
 * is veh-demo-andino-011.
 */
export const TRANSVALLE = 'demo-transvalle';
export const VAN = 'veh-demo-transvalle-001';
export const BUS_NO_VALIDADO = 'veh-demo-transvalle-004';
export const AUTO_LICENCIA_VENCE = 'veh-demo-transvalle-005';
export const VAN_ANDINO = 'veh-demo-andino-011';

/**
 * The first day ahead each file's reservations depart on, one day after another from there: the demo
 * vans take several of the days before, one vehicle cannot hold two trips at the same time, and the Van
 * one file assigns stays assigned when the next file runs.
 */
export const PRIMER_DIA = { vehiculo: 20, fuec: 40, reservas: 60 } as const;

/** The demo company's admin, its user and its driver, and Turismo Andino's admin. */
export async function sesiones(): Promise<{ admin: string; staff: string; andino: string; conductor: string }> {
  const [admin, staff, andino, conductor] = await Promise.all([
    idToken(DEMO_USERS.admin, DEMO_PASSWORD),
    idToken(DEMO_USERS.staff, DEMO_PASSWORD),
    idToken(DEMO_USERS.admin3, DEMO_PASSWORD),
    idToken(DEMO_USERS.conductor, DEMO_PASSWORD),
  ]);
  return { admin, staff, andino, conductor };
}

export const asignar = (token: string, servicioId: string, vehiculoId: unknown) => api(`/servicios/${servicioId}/vehiculo`, { token, method: 'PUT', body: { vehiculoId } });
export const guardado = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('services'), Key: { id } }))).Item!;
