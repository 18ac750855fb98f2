import { AdminCreateUserCommand, AdminGetUserCommand, AdminUpdateUserAttributesCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { SINCRONIZAR_MS } from '../../lambdas/data/cambios.js';
import { setActivo } from '../../scripts/lib/cuentas.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG, MSG } from '@shared/schemas/messages.js';
import { api, cognitoClient, confirmarCodigo, docClient, idToken, newCompanyAdmin, nuevoPersonal, signUpCompanyAdmin, stack, subOf, table, useFunctionEnv } from '../support/clients.js';
import { appApi, servicioPublicado } from '../support/servicios.js';

const registro = (email: string) => ({ email, verifyEmail: email, password: 'Equipo2026!', verifyPassword: 'Equipo2026!' });

async function cognitoStatus(email: string): Promise<string | null> {
  try {
    return (await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }))).UserStatus ?? null;
  } catch {
    return null;
  }
}

describe('accounts: disabled at once, unconfirmed staff of before invitations expire, only the API makes accounts', () => {
  let admin: string;
  beforeAll(async () => {
    useFunctionEnv();
    admin = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
  });

  it('refuses a disabled account on its next request, with a token still valid', async () => {
    const token = await newCompanyAdmin('desactivada@ermita.demo');
    expect((await api('/me', { token })).status).toBe(200);
    // As the ops script does it (scripts/disable-user.ts): the API has the record cached by now.
    const cambiar = (activo: boolean) => setActivo(docClient(), { usuarios: table('usuarios'), cambios: table('cambios') }, subOf(token), activo);
    await cambiar(false);
    await sleep(SINCRONIZAR_MS + 50);
    const res = await api('/me', { token });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe(API_MSG.cuentaDesactivada);
    await cambiar(true);
    await sleep(SINCRONIZAR_MS + 50);
    expect((await api('/me', { token })).status).toBe(200);
  });

  /** A staff account as internal registration made them before invitations (docs/decisions/0011): unverified, its record 'pendiente'. */
  async function personalAntiguo(email: string, creadoEn: string): Promise<string> {
    const { User } = await cognitoClient().send(
      new AdminCreateUserCommand({ UserPoolId: stack().userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'false' }] }),
    );
    const id = User!.Attributes!.find((a) => a.Name === 'sub')!.Value!;
    await docClient().send(new PutCommand({ TableName: table('usuarios'), Item: { id, empresaId: 'demo-transvalle', email, role: 'user', rating: 5, perfil: false, activo: true, confirmacion: 'pendiente', creadoEn } }));
    return id;
  }

  it('expires a staff account made before invitations and left unconfirmed for 7 days; its owner can then sign up', async () => {
    const { expireUnconfirmedStaff } = await import('../../lambdas/jobs/sweep-staff.js');
    const email = 'capturada@transvalle.demo';
    const id = await personalAntiguo(email, new Date().toISOString());
    const record = async () => (await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id } }))).Item;

    // Six days on, nothing happens; eight days on, the account and its record are gone.
    expect((await expireUnconfirmedStaff(new Date(Date.now() + 6 * 86_400_000))).expired).not.toContain(email);
    expect(await cognitoStatus(email)).not.toBeNull();
    expect((await expireUnconfirmedStaff(new Date(Date.now() + 8 * 86_400_000))).expired).toContain(email);
    expect(await cognitoStatus(email)).toBeNull();
    expect(await record()).toBeUndefined();

    // The address's owner signs up their own company.
    await newCompanyAdmin(email, 'Propia2026!', 'La Empresa Propia');
    expect((await api('/me', { token: await idToken(email, 'Propia2026!') })).json.empresa.empresa).toBe('La Empresa Propia');
  });

  it('keeps a staff account made before invitations whose e-mail was verified in time (it leaves the sweep)', async () => {
    const { expireUnconfirmedStaff } = await import('../../lambdas/jobs/sweep-staff.js');
    const email = 'a.tiempo@transvalle.demo';
    const id = await personalAntiguo(email, new Date().toISOString());
    await cognitoClient().send(new AdminUpdateUserAttributesCommand({ UserPoolId: stack().userPoolId, Username: email, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] }));
    expect((await expireUnconfirmedStaff(new Date(Date.now() + 30 * 86_400_000))).expired).not.toContain(email);
    const item = (await docClient().send(new GetCommand({ TableName: table('usuarios'), Key: { id } }))).Item;
    expect(item).not.toHaveProperty('confirmacion');
    expect(await cognitoStatus(email)).not.toBeNull();
  });

  it("names a user by its record's e-mail, not the one its token claims", async () => {
    const email = 'nombrada@transvalle.demo';
    const id = subOf(await nuevoPersonal(admin, email, 'Equipo2026!'));
    // Its own profile complete, as its first visit would leave it (a test write).
    await docClient().send(new UpdateCommand({ TableName: table('usuarios'), Key: { id }, UpdateExpression: 'SET perfil = :t', ExpressionAttributeValues: { ':t': true } }));
    // The user's own e-mail attribute changed at Cognito (a user may change it; in AWS it must verify it first).
    const otro = 'soporte@transaliadas.demo';
    await cognitoClient().send(
      new AdminUpdateUserAttributesCommand({ UserPoolId: stack().userPoolId, Username: email, UserAttributes: [{ Name: 'email', Value: otro }, { Name: 'email_verified', Value: 'true' }] }),
    );
    // Signed in under the new address, as the pool takes its e-mail for the user name.
    const token = await idToken(otro, 'Equipo2026!');
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).email).toBe(otro);

    // An offer, recorded in the service's history under the record's address.
    const servicio = servicioPublicado({ tipo: 'Van' });
    expect((await appApi('POST', '/integracion/cliente/servicios', servicio)).status).toBe(201);
    expect((await api(`/servicios/${servicio.id}/ofertas`, { token, body: { precio: 700000 } })).status).toBe(201);
    const historial = await api(`/servicios/${servicio.id}/historial`, { token: admin });
    expect(historial.json.items.find((e: { accion: string }) => e.accion === 'oferta')).toMatchObject({ quien: { tipo: 'usuario', nombre: email } });
  });

  it('refuses a SignUp sent to Cognito directly, and the tokens of an account still waiting for its code', async () => {
    const directo = cognitoClient().send(
      new SignUpCommand({
        ClientId: stack().userPoolClientId,
        Username: 'colado@ermita.demo',
        Password: 'Colado2026!',
        UserAttributes: [{ Name: 'email', Value: 'colado@ermita.demo' }],
        ClientMetadata: { empresa: 'Empresa Pirata', puesto: 'CEO' },
      }),
    );
    await expect(directo).rejects.toThrow(MSG.claveIncorrecta);
    expect(await cognitoStatus('colado@ermita.demo')).toBeNull();

    // Signed up with the key, not confirmed: Cognito signs it in, the API sends it to the code screen.
    const email = 'sin.codigo@ermita.demo';
    await signUpCompanyAdmin(email, { password: 'Equipo2026!' });
    const res = await api('/me', { token: await idToken(email, 'Equipo2026!') });
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: 'correo-sin-verificar', message: MSG.verificaCorreo });
    await confirmarCodigo(email, 'Equipo2026!');
    expect((await api('/me', { token: await idToken(email, 'Equipo2026!') })).status).toBe(200);
  });

  it('writes a message for a 254-character address to the local outbox without failing', async () => {
    const local = `${'a'.repeat(64)}.${'b'.repeat(60)}`;
    const email = `${local}@${'c'.repeat(63)}.${'d'.repeat(50)}.demo`;
    expect(email.length).toBeLessThanOrEqual(254);
    const res = await api('/usuarios', { token: admin, body: registro(email) });
    expect(res.status).toBe(201);
    const dir = stack().outboxDir;
    const found = readdirSync(dir).some((f) => readFileSync(join(dir, f), 'utf8').startsWith(`Para: ${email}\n`));
    expect(found).toBe(true);
  });
});
