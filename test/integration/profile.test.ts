import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG, DIGITOS_MSG, PERFIL_MSG } from '@shared/schemas/messages.js';
import { api, idToken, newCompanyAdmin } from '../support/clients.js';

const perfil = {
  nombres: 'Sofía',
  apellidos: 'Cabal',
  movil: '3001234567',
  puesto: 'CEO',
  empresa: 'Transportes La Ermita',
  ciudad: 'Cali',
  departamento: 'Valle del Cauca',
  pais: 'Colombia',
  direccion: 'Cra. 1 # 2-3',
  banco: 'Bancolombia',
  tipocuenta: 'ahorros',
  cuenta: '12345678901',
  titular: 'Transportes La Ermita S.A.S.',
  rut: '900111222',
};

describe('PUT /perfil', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await newCompanyAdmin('perfil.admin@ermita.demo');
  });

  it('refuses a missing field with the spec message and changes nothing', async () => {
    const { rut: _rut, ...sinRut } = perfil;
    const res = await api('/perfil', { token: admin, method: 'PUT', body: { ...sinRut, nombres: '  ' } });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toEqual([
      { path: 'nombres', message: PERFIL_MSG.nombres },
      { path: 'rut', message: PERFIL_MSG.rut },
    ]);
    const me = await api('/me', { token: admin });
    expect(me.json.usuario.perfil).toBe(false);
    expect(me.json.empresa.perfil).toBe(false);
  });

  it('refuses a RUT with letters, naming the field, and changes nothing', async () => {
    const res = await api('/perfil', { token: admin, method: 'PUT', body: { ...perfil, rut: 'zzz' } });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toEqual([{ path: 'rut', message: PERFIL_MSG.rutFormato }]);
    const me = await api('/me', { token: admin });
    expect(me.json.empresa.perfil).toBe(false);
  });

  it('refuses a body that is not JSON with a Spanish 400', async () => {
    const res = await api('/perfil', { token: admin, method: 'PUT', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(API_MSG.jsonInvalido);
  });

  it("saves an admin's whole profile: both records marked done, role kept", async () => {
    const res = await api('/perfil', { token: admin, method: 'PUT', body: perfil });
    expect(res.status).toBe(200);
    expect(res.json.usuario).toMatchObject({ nombres: 'Sofía', movil: '3001234567', perfil: true, role: 'admin' });
    expect(res.json.empresa).toMatchObject({ empresa: 'Transportes La Ermita', banco: 'Bancolombia', tipocuenta: 'ahorros', perfil: true });
    // Still gated: no corporate photo yet.
    expect(res.json.perfilCompleto).toBe(false);
  });

  it('lets staff save their personal part but not change company data', async () => {
    const staff = await idToken(DEMO_USERS.staff, DEMO_PASSWORD);
    const refused = await api('/perfil', { token: staff, method: 'PUT', body: { ...perfil, empresa: 'Otra Empresa' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(API_MSG.soloAdminEmpresa);
    const me = await api('/me', { token: staff });
    expect(me.json.empresa.empresa).toBe('Transportes del Valle S.A.S.');

    const ok = await api('/perfil', { token: staff, method: 'PUT', body: { nombres: 'Andrés', apellidos: 'Mosquera', movil: '3157654321' } });
    expect(ok.status).toBe(200);
    expect(ok.json.usuario).toMatchObject({ movil: '3157654321', role: 'user', perfil: true });
  });

  it('keeps the puesto when a save does not send it, and bounds text lengths', async () => {
    const { puesto: _p, ...sinPuesto } = perfil;
    const res = await api('/perfil', { token: admin, method: 'PUT', body: sinPuesto });
    expect(res.json.usuario.puesto).toBe('CEO');
    const long = await api('/perfil', { token: admin, method: 'PUT', body: { ...perfil, nombres: 'x'.repeat(5000) } });
    expect(long.status).toBe(400);
    expect(long.json.error.details.fields).toEqual([{ path: 'nombres', message: 'Máximo 120 caracteres' }]);
  });

  it('takes phone and account as digits only, with the docs/spec/02.md messages', async () => {
    const cases: [Partial<typeof perfil>, string, string][] = [
      [{ movil: '300 123 4567' }, 'movil', DIGITOS_MSG.soloDigitos],
      [{ movil: '+573001234567' }, 'movil', DIGITOS_MSG.soloDigitos],
      [{ movil: '300123456' }, 'movil', DIGITOS_MSG.telefonoCorto],
      [{ movil: '' }, 'movil', PERFIL_MSG.movil],
      [{ cuenta: '0451-2345-678' }, 'cuenta', DIGITOS_MSG.soloDigitos],
      [{ cuenta: '045123456' }, 'cuenta', DIGITOS_MSG.cuentaCorta],
      [{ cuenta: '' }, 'cuenta', PERFIL_MSG.cuenta],
    ];
    for (const [change, path, message] of cases) {
      const res = await api('/perfil', { token: admin, method: 'PUT', body: { ...perfil, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error.details.fields, JSON.stringify(change)).toEqual([{ path, message }]);
    }
    const staff = await idToken(DEMO_USERS.staff, DEMO_PASSWORD);
    const staffPhone = await api('/perfil', { token: staff, method: 'PUT', body: { nombres: 'Andrés', apellidos: 'Mosquera', movil: '315-765-4321' } });
    expect(staffPhone.status).toBe(400);
    expect(staffPhone.json.error.message).toBe(DIGITOS_MSG.soloDigitos);
    expect((await api('/me', { token: admin })).json.usuario.movil).toBe('3001234567');
  });

  it("keeps the company's bank data from staff: absent from /me, and not to be probed with a save", async () => {
    const staff = await idToken(DEMO_USERS.staff, DEMO_PASSWORD);
    const demoAdmin = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    const bank = ['banco', 'tipocuenta', 'cuenta', 'titular', 'rut'];

    const mine = (await api('/me', { token: demoAdmin })).json.empresa;
    expect(mine).toMatchObject({ banco: 'Bancolombia', tipocuenta: 'corriente', titular: 'Transportes del Valle S.A.S.' });
    const seen = (await api('/me', { token: staff })).json.empresa;
    expect(seen.empresa).toBe('Transportes del Valle S.A.S.');
    for (const field of bank) expect(seen, field).not.toHaveProperty(field);

    // Sending the right account back must answer the same as a wrong one: no yes/no oracle.
    const same = await api('/perfil', { token: staff, method: 'PUT', body: { nombres: 'Andrés', apellidos: 'Mosquera', movil: '3157654321', cuenta: mine.cuenta } });
    expect(same.status).toBe(403);
    expect(same.json.error.message).toBe(API_MSG.soloAdminEmpresa);
    const saved = await api('/perfil', { token: staff, method: 'PUT', body: { nombres: 'Andrés', apellidos: 'Mosquera', movil: '3157654321' } });
    for (const field of bank) expect(saved.json.empresa, field).not.toHaveProperty(field);

    // Marketplace staff have no company at all.
    const plataforma = await idToken(DEMO_USERS.plataforma, DEMO_PASSWORD);
    expect((await api('/me', { token: plataforma })).json.empresa).toBeNull();
  });

  it('refuses an unauthenticated save', async () => {
    expect((await api('/perfil', { method: 'PUT', body: perfil })).status).toBe(401);
  });
});
