import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../scripts/lib/console-users.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { revisarAvisos } from '@shared/domain/avisos-vencimiento.js';
import { empresaSchema } from '@shared/schemas/empresa.js';
import { avisosBodySchema } from '@shared/schemas/profile.js';
import { api, cognitoClient, docClient, idToken, stack, subOf, table, useFunctionEnv } from '../support/clients.js';
import { servicioReservado } from '../support/servicios.js';
import { demoVehiculo, FLEET } from '../../scripts/local/seed-flota.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';

/**
 * The expiry alerts (issue 48, docs/decisions/0015): the daily job e-mails each company's admins one
 * digest of what expires in 30, 15, 7 and 0 days, each document once per threshold, with the
 * reservations at risk; each driver about their licence; marketplace staff every company's. A company
 * of its own, so the digest holds only this test's vehicles.
 */
let runAvisos: (now?: Date) => Promise<{ vehiculos: number; documentos: number; correos: number }>;
const DIA = 86_400_000;
/** The day `n` days from `now`, in Bogotá (as the job counts). */
const dia = (now: Date, n: number) => hoyEnBogota(new Date(now.getTime() + n * DIA));

/** The outbox's messages to an address, oldest first, as text. */
function correosPara(email: string): string[] {
  const dir = stack().outboxDir;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((t) => t.startsWith(`Para: ${email.toLowerCase()}\n`));
}

const deps = () => ({ cognito: cognitoClient(), userPoolId: stack().userPoolId, ddb: docClient(), usuariosTable: table('usuarios') });

async function empresaPropia() {
  const id = `empresa-avisos-${randomUUID()}`;
  const nombre = `Transportes Avisos ${id.slice(-6)} S.A.S.`;
  await docClient().send(new PutCommand({ TableName: table('empresas'), Item: { ...empresaSchema.parse({ id, empresa: nombre, creadoEn: new Date().toISOString() }), directorio: 'empresas' } }));
  const admin = `admin-${id}@avisos.demo`;
  const otroAdmin = `otro-${id}@avisos.demo`;
  const [, otro] = await Promise.all([admin, otroAdmin].map((email) => createConsoleUser(deps(), { email, password: DEMO_PASSWORD, nombres: 'Admin', apellidos: 'Avisos', role: 'admin', empresaId: id, perfil: true })));
  return { id, nombre, admin, otroAdmin, otroAdminId: otro!.id };
}

/** A whole vehicle as the vehicle routes leave it (into the alerts' index, due today), documents `vence` days away. */
async function vehiculo(empresaId: string, placas: string, vence: { soat?: number; licencia?: number; tarjeta?: number; revision?: number }, now: Date) {
  const lejos = 400;
  const { vehiculo: v } = demoVehiculo(
    { ...FLEET[0]!, empresaAliada: empresaId, placas, nombre: `Conductor ${placas}`, email: `conductor-${placas.toLowerCase()}-${empresaId}@avisos.demo`, vence: [vence.soat ?? lejos, vence.revision ?? lejos, vence.tarjeta ?? lejos, vence.licencia ?? lejos] },
    0,
    now,
  );
  const id = `veh-${randomUUID()}`;
  await docClient().send(new PutCommand({ TableName: table('vehiculos'), Item: { ...v, id, ...revisarAvisos(now) } }));
  return id;
}

const guardado = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id } }))).Item!;

beforeAll(async () => {
  useFunctionEnv();
  ({ runAvisos } = await import('../../lambdas/jobs/avisos-vencimiento.js'));
});

describe('the expiry alerts', () => {
  it("e-mail each admin one digest once per threshold, the reservations at risk, the driver's licence, staff every company's", async () => {
    const now = new Date();
    const e = await empresaPropia();
    // The second admin turned them off.
    await docClient().send(new UpdateCommand({ TableName: table('usuarios'), Key: { id: e.otroAdminId }, UpdateExpression: 'REMOVE avisos' }));
    const v1 = await vehiculo(e.id, 'AVS001', { soat: 20, licencia: 5 }, now);
    const lejos = await vehiculo(e.id, 'AVS002', { soat: 100 }, now);
    await vehiculo(e.id, 'AVS003', { tarjeta: -3 }, now);
    // A reservation of AVS001 in 25 days: its SOAT (20 days) lapses before it.
    const reserva = await servicioReservado(e.id, { tipo: 'Van', origen: 'Terminal de Cali (prueba avisos)' }, 25, { vehiculoId: v1, placas: 'AVS001', conductor: 'Conductor AVS001' });
    const salida = String((await docClient().send(new GetCommand({ TableName: table('services'), Key: { id: reserva } }))).Item!.fechaSalida);
    await docClient().send(new UpdateCommand({ TableName: table('vehiculos'), Key: { id: v1 }, UpdateExpression: 'SET agenda = :a', ExpressionAttributeValues: { ':a': [{ servicioId: reserva, fechaSalida: salida, fechaRegreso: null }] } }));

    await runAvisos(now);
    const [digest, ...mas] = correosPara(e.admin);
    expect(mas).toEqual([]);
    expect(digest).toContain('Asunto: 3 documentos de tu flota vencen pronto o ya vencieron\n');
    expect(digest).toMatch(/Vencen hoy o ya vencieron:\n- AVS003 \(Conductor AVS003\) · Tarjeta de operación: venció hace 3 días/);
    expect(digest).toMatch(/Vencen en 7 días o menos:\n- AVS001 \(Conductor AVS001\) · Licencia de conducción: vence en 5 días/);
    expect(digest).toMatch(/Vencen en 30 días o menos:\n- AVS001 \(Conductor AVS001\) · SOAT: vence en 20 días/);
    expect(digest).toMatch(/Reservas en riesgo \(el documento vence antes del viaje\):\n- .*Terminal de Cali \(prueba avisos\).*: AVS001, /);
    expect(digest).not.toContain('AVS002');
    expect(correosPara(e.otroAdmin)).toEqual([]);
    // The driver hears of their own licence only.
    const conductor = correosPara(`conductor-avs001-${e.id}@avisos.demo`);
    expect(conductor).toHaveLength(1);
    expect(conductor[0]).toContain('Asunto: Tu licencia de conducción vence pronto');
    expect(correosPara(`conductor-avs003-${e.id}@avisos.demo`)).toEqual([]);
    // Staff: the company named, its documents listed.
    expect(correosPara(DEMO_USERS.plataforma).some((t) => t.includes(`== ${e.nombre} ==`) && t.includes('AVS003'))).toBe(true);
    // The far vehicle waits in the index for the day it comes within 30 days; AVS001 for its licence's expiry day.
    expect((await guardado(lejos)).proximoAviso).toBe(dia(now, 70));
    expect((await guardado(v1)).proximoAviso).toBe(dia(now, 5));

    // The same day again: nothing new for anyone.
    await runAvisos(now);
    expect(correosPara(e.admin)).toHaveLength(1);
    expect(correosPara(`conductor-avs001-${e.id}@avisos.demo`)).toHaveLength(1);

    // Five days on: the licence's expiry day and the SOAT's 15-day threshold, once each.
    const despues = new Date(now.getTime() + 5 * DIA);
    await runAvisos(despues);
    await runAvisos(despues);
    const segundo = correosPara(e.admin);
    expect(segundo).toHaveLength(2);
    expect(segundo[1]).toMatch(/Vencen hoy o ya vencieron:\n- AVS001 \(Conductor AVS001\) · Licencia de conducción: vence hoy/);
    expect(segundo[1]).toMatch(/Vencen en 15 días o menos:\n- AVS001 \(Conductor AVS001\) · SOAT: vence en 15 días/);
    expect(segundo[1]).not.toContain('AVS003');
  });

  it('alert a renewed document again at its new date, and never a vehicle edited while the run read it', async () => {
    const now = new Date();
    const e = await empresaPropia();
    const v = await vehiculo(e.id, 'AVS010', { soat: 10 }, now);
    await runAvisos(now);
    expect(correosPara(e.admin)).toHaveLength(1);
    // Renewed through the API's repository (as the edit route writes): a new date, back in the index.
    const { vehiculoRepository } = await import('../../lambdas/data/vehiculo-repository.js');
    expect(await vehiculoRepository.update(e.id, v, { fechasoat: dia(now, 25) })).toBeTruthy();
    expect((await guardado(v)).proximoAviso).toBe(dia(now, 0));
    await runAvisos(now);
    const correos = correosPara(e.admin);
    expect(correos).toHaveLength(2);
    expect(correos[1]).toMatch(/SOAT: vence en 25 días/);
    // Recorded once: the old date's alerts are dropped, the new one's kept.
    expect((await guardado(v)).avisosEnviados).toEqual([`fechasoat#${dia(now, 25)}#30`]);
  });

  it('is turned off and on by the admin and by staff in the profile, never by company staff or a driver', async () => {
    const [admin, operador, plataforma, conductor] = (await Promise.all([DEMO_USERS.admin, DEMO_USERS.staff, DEMO_USERS.plataforma, DEMO_USERS.conductor].map((u) => idToken(u, DEMO_PASSWORD)))) as [string, string, string, string];
    const apagar = await api('/perfil/avisos', { token: admin, method: 'PUT', body: { activos: false } });
    expect(apagar.status).toBe(200);
    expect(apagar.json.usuario.avisos).toBeUndefined();
    expect((await usuario(subOf(admin))).avisos).toBeUndefined();
    const encender = await api('/perfil/avisos', { token: admin, method: 'PUT', body: { activos: true } });
    expect(encender.json.usuario.avisos).toBe('demo-transvalle');
    expect((await api('/perfil/avisos', { token: plataforma, method: 'PUT', body: { activos: true } })).json.usuario.avisos).toBe('plataforma');
    for (const token of [operador, conductor]) expect((await api('/perfil/avisos', { token, method: 'PUT', body: { activos: true } })).status).toBe(403);
    const malo = await api('/perfil/avisos', { token: admin, method: 'PUT', body: { activos: 'si' } });
    expect(malo.status).toBe(400);
    // The schema's own Spanish message, nothing changed.
    expect(malo.json.error.message).toBe(avisosBodySchema.safeParse({ activos: 'si' }).error!.issues[0]!.message);
    expect(malo.json.error.message).not.toMatch(/Invalid|expected/);
    expect((await usuario(subOf(admin))).avisos).toBe('demo-transvalle');
  });
});

const usuario = async (id: string) => (await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id } }))).Item!;
