import { describe, expect, it } from 'vitest';
import { loginSchema, signUpSchema } from '../../shared/schemas/auth.js';
import { MSG } from '../../shared/schemas/messages.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('loginSchema (spec 01 section 5)', () => {
  it('asks for both fields with the spec messages', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: MSG.emailRequerido,
      password: MSG.passwordRequerida,
    });
  });

  it('rejects a malformed e-mail', () => {
    expect(messages(loginSchema.safeParse({ email: 'laura@', password: 'x' }))).toEqual({ email: MSG.emailInvalido });
  });

  it('trims and lower-cases the e-mail (cognito-local looks e-mails up case-sensitively)', () => {
    expect(loginSchema.parse({ email: '  Laura@TransValle.Demo ', password: 'x' }).email).toBe('laura@transvalle.demo');
  });
});

describe('signUpSchema', () => {
  it('reports every missing field with its own message', () => {
    expect(messages(signUpSchema.safeParse({}))).toEqual({
      nombres: MSG.nombresRequeridos,
      apellidos: MSG.apellidosRequeridos,
      empresa: MSG.empresaRequerida,
      puesto: MSG.puestoRequerido,
      email: MSG.emailRequerido,
      password: MSG.passwordMin,
    });
  });

  it('needs a known puesto and at least 6 password characters, with the spec message first', () => {
    const base = { nombres: 'Ana', apellidos: 'Paz', empresa: 'Trans', email: 'ana@x.co' };
    expect(messages(signUpSchema.safeParse({ ...base, puesto: 'GERENTE', password: '12345' }))).toEqual({
      puesto: MSG.puestoRequerido,
      password: MSG.passwordMin,
    });
  });

  it('then applies the user pool policy, so Cognito never refuses what the form accepted', () => {
    const base = { nombres: 'Ana', apellidos: 'Paz', empresa: 'Trans', email: 'ana@x.co', puesto: 'COORDINADOR_COMERCIAL' };
    for (const weak of ['123456', 'abcdefgh', 'Abcdefgh1', 'ABCDEFG1!'])
      expect(messages(signUpSchema.safeParse({ ...base, password: weak }))).toEqual({ password: MSG.passwordPolitica });
    expect(signUpSchema.safeParse({ ...base, password: 'Secreta123!' }).success).toBe(true);
  });
});
