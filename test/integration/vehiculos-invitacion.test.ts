import { AdminDeleteUserCommand, AdminDisableUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { INVITATION_EMAIL } from '@shared/constants.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import type { Vehiculo } from '@shared/schemas/vehiculo.js';
import { api, cognitoClient, docClient, idToken, lastCodeFor, stack, table } from '../support/clients.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { empresaDeFlota, guardado, ultimoCorreo, VCK512 } from '../support/integracion-vehiculos.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

/**
 * The driver's invitation sent again through the fleet API (docs/spec/02.md section 2.7): by whom, how
 * often, and never to an account that is not the vehicle's driver's. Vehicles are created in a company of
 * this file's own; the demo companies serve for a driver who signed in. One stack, tests in order.
 */

// The fleet's files take turns, as the tests of the one file they were did (integracion-turnos.ts).
turnoDe('vehiculos');

describe('fleet API', () => {
  let admin: string;
  let andino: string;
  /** A vehicle whose driver has not signed in: invited once, when the vehicle was created. */
  let creado: Vehiculo;

  beforeAll(async () => {
    ({ admin } = await empresaDeFlota('flota.invitacion@flotaprueba.demo'));
    andino = await idToken(DEMO_USERS.admin3, DEMO_PASSWORD);
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'INV101', email: 'conductor.invitado@flotaprueba.demo' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    creado = res.json as Vehiculo;
  });

  it("sends the driver's invitation again while the driver has not signed in: a new temporary password, once in 5 minutes, only to its company", async () => {
    const det = await api(`/vehiculos/${creado.id}`, { token: admin });
    expect(det.json.cuentaConductor).toBe('pendiente');
    const primera = lastCodeFor(creado.email)!;
    const signInCon = (password: string) =>
      cognitoClient()
        .send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().userPoolClientId, AuthParameters: { USERNAME: creado.email, PASSWORD: password } }))
        .then((r) => r.ChallengeName, (e: Error) => e.name);

    // Not another company's, nor the driver's or staff's to send.
    expect((await api(`/vehiculos/${creado.id}/invitacion`, { token: andino, method: 'POST', body: {} })).status).toBe(404);
    const plataforma = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
    expect((await api(`/vehiculos/${creado.id}/invitacion`, { token: plataforma, method: 'POST', body: {} })).status).toBe(403);
    expect(lastCodeFor(creado.email)).toBe(primera);

    // Two at once (a double click): one goes out.
    const t = Date.now();
    const dos = await Promise.all([0, 1].map(() => api(`/vehiculos/${creado.id}/invitacion`, { token: admin, method: 'POST', body: {} })));
    expect(dos.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = dos.find((r) => r.status === 200)!;
    expect(ok.json.mensaje).toBe(VEHICULO_MSG.invitacionReenviada(creado.email));
    expect(dos.find((r) => r.status === 409)!.json.error.message).toBe(VEHICULO_MSG.invitacionReciente);
    const stamp = (await guardado(creado.id))!.invitacionEn!;
    expect(Date.parse(stamp)).toBeGreaterThanOrEqual(t - 1000);
    const correos = readdirSync(stack().outboxDir).filter((f) => f.endsWith('.txt') && readFileSync(join(stack().outboxDir, f), 'utf8').startsWith(`Para: ${creado.email}\n`));
    expect(correos).toHaveLength(2);
    expect(ultimoCorreo(creado.email)).toContain(`Asunto: ${INVITATION_EMAIL.subject}`);
    // A new temporary password, that signs in to the new-password challenge. (That the first no longer
    // does cannot be seen here: cognito-local answers the challenge before checking the password.)
    const segunda = lastCodeFor(creado.email)!;
    expect(segunda).not.toBe(primera);
    expect(await signInCon(segunda)).toBe('NEW_PASSWORD_REQUIRED');
    // Again within 5 minutes: refused, nothing sent.
    const otra = await api(`/vehiculos/${creado.id}/invitacion`, { token: admin, method: 'POST', body: {} });
    expect(otra.status).toBe(409);
    expect(lastCodeFor(creado.email)).toBe(segunda);
    expect((await guardado(creado.id))!.invitacionEn).toBe(stamp);

    // A driver who already signed in needs none: refused, and no stamp written.
    const valle = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    expect((await api(`/vehiculos/${VCK512}`, { token: valle })).json.cuentaConductor).toBe('activa');
    const activa = await api(`/vehiculos/${VCK512}/invitacion`, { token: valle, method: 'POST', body: {} });
    expect(activa.status).toBe(409);
    expect(activa.json.error.message).toBe(VEHICULO_MSG.cuentaConductorActiva);
    expect((await guardado(VCK512))!.invitacionEn).toBeUndefined();
    // The demo's other drivers were invited and have not signed in.
    expect((await api('/vehiculos/veh-demo-transvalle-006', { token: valle })).json.cuentaConductor).toBe('pendiente');
  });

  it("sends the invitation again at most 5 times a day (Bogotá's), and again the next day", async () => {
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'INV305', email: 'cinco.veces@flotaprueba.demo' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = (res.json as Vehiculo).id;
    const reenviar = () => api(`/vehiculos/${id}/invitacion`, { token: admin, method: 'POST', body: {} });
    // The 5-minute wait is the other rule: each resend here is dated 6 minutes back before the next.
    const atrasar = (campos: Record<string, unknown>) =>
      docClient().send(
        new UpdateCommand({
          TableName: table('vehiculos'),
          Key: { id },
          UpdateExpression: `SET ${Object.keys(campos).map((k) => `${k} = :${k}`).join(', ')}`,
          ExpressionAttributeValues: Object.fromEntries(Object.entries(campos).map(([k, v]) => [`:${k}`, v])),
        }),
      );
    const haceSeis = () => new Date(Date.now() - 6 * 60_000).toISOString();
    for (let i = 1; i <= 5; i++) {
      expect((await reenviar()).status, `reenvío ${i}`).toBe(200);
      expect((await guardado(id))!.reenviosInvitacion).toEqual({ dia: hoyEnBogota(), n: i });
      await atrasar({ invitacionEn: haceSeis() });
    }
    const codigo = lastCodeFor('cinco.veces@flotaprueba.demo');
    expect(await reenviar()).toMatchObject({ status: 409, json: { error: { message: VEHICULO_MSG.invitacionLimiteDiario } } });
    expect(lastCodeFor('cinco.veces@flotaprueba.demo')).toBe(codigo);
    // The count is the day's: yesterday's five hold nothing back today.
    await atrasar({ reenviosInvitacion: { dia: '2020-01-01', n: 5 } });
    expect((await reenviar()).status).toBe(200);
    expect((await guardado(id))!.reenviosInvitacion).toEqual({ dia: hoyEnBogota(), n: 1 });
    expect(lastCodeFor('cinco.veces@flotaprueba.demo')).not.toBe(codigo);
  });

  it("sends no invitation to a disabled driver, nor to another company's driver who took the e-mail of a deleted account", async () => {
    const pool = { UserPoolId: stack().userPoolId };
    const nuevo = async (token: string, placas: string, email: string) => {
      const res = await api('/vehiculos', { token, body: vehiculoNuevo({ placas, email }) });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json as Vehiculo;
    };
    // Disabled by ops: said so, and nothing sent.
    const apagado = await nuevo(admin, 'INV201', 'desactivado@flotaprueba.demo');
    await cognitoClient().send(new AdminDisableUserCommand({ ...pool, Username: apagado.email }));
    expect((await api(`/vehiculos/${apagado.id}`, { token: admin })).json.cuentaConductor).toBe('desactivada');
    const codigo = lastCodeFor(apagado.email);
    const res = await api(`/vehiculos/${apagado.id}/invitacion`, { token: admin, method: 'POST', body: {} });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(VEHICULO_MSG.cuentaConductorDesactivada);
    expect(lastCodeFor(apagado.email)).toBe(codigo);

    // An account deleted outside the API frees its e-mail; another company's new driver takes it. That
    // account is not this vehicle's driver's: neither its state nor its password is this company's to touch.
    const borrado = await nuevo(admin, 'INV202', 'reusado@flotaprueba.demo');
    await cognitoClient().send(new AdminDeleteUserCommand({ ...pool, Username: borrado.email }));
    expect((await api(`/vehiculos/${borrado.id}`, { token: admin })).json.cuentaConductor).toBe('sin-cuenta');
    await nuevo(andino, 'INV902', 'reusado@flotaprueba.demo');
    const suyo = lastCodeFor(borrado.email);
    expect((await api(`/vehiculos/${borrado.id}`, { token: admin })).json.cuentaConductor).toBe('sin-cuenta');
    const ajena = await api(`/vehiculos/${borrado.id}/invitacion`, { token: admin, method: 'POST', body: {} });
    expect(ajena.status).toBe(409);
    expect(ajena.json.error.message).toBe(VEHICULO_MSG.sinCuentaConductor);
    expect(lastCodeFor(borrado.email)).toBe(suyo);
  });
});
