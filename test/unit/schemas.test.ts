import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginSchema, signUpSchema } from '@shared/schemas/auth.js';
import { servicioPublicadoSchema } from '@shared/schemas/integracion.js';
import { MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { registroInternoSchema } from '@shared/schemas/profile.js';
import { uploadRequestSchema } from '@shared/schemas/upload.js';
import { PASSWORD_POLICY } from '@shared/constants.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('loginSchema (docs/spec/01.md section 5)', () => {
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

  it('has no other rule than the 6 characters (the user pool has the same one)', () => {
    const base = { nombres: 'Ana', apellidos: 'Paz', empresa: 'Trans', email: 'ana@x.co', puesto: 'COORDINADOR_COMERCIAL' };
    for (const simple of ['123456', 'abcdef', 'ABCDEFGH', 'Secreta123!'])
      expect(signUpSchema.safeParse({ ...base, password: simple }).success, simple).toBe(true);
    expect(PASSWORD_POLICY).toEqual({ minLength: 6, requireLowercase: false, requireUppercase: false, requireDigits: false, requireSymbols: false });
    expect(messages(signUpSchema.safeParse({ ...base, password: ' abcdef' }))).toEqual({ password: MSG.passwordCaracteres });
    // One message at a time: a short password is said short, not also of bad characters.
    expect(messages(signUpSchema.safeParse({ ...base, password: ' abc' }))).toEqual({ password: MSG.passwordMin });
  });
});

describe('uploadRequestSchema', () => {
  it('says a size past a safe integer once, as any size that is not a whole number of bytes', () => {
    for (const size of [1e308, 2 ** 53, -1, 1.5]) {
      const issues = uploadRequestSchema.safeParse({ kind: 'fotoVehiculo', contentType: 'image/png', size }).error?.issues ?? [];
      expect(issues.map((i) => i.message), String(size)).toEqual(['El tamaño del archivo no es válido']);
    }
    expect(uploadRequestSchema.safeParse({ kind: 'fotoVehiculo', contentType: 'image/png', size: Number.MAX_SAFE_INTEGER }).success).toBe(true);
  });
});

describe('registroInternoSchema (docs/spec/01.md section 5)', () => {
  it('says every problem at once: the mismatches with the fields’ own (they came in a second round)', () => {
    expect(messages(registroInternoSchema.safeParse({ email: 'a@b', verifyEmail: 'x@y.co', password: 'abc', verifyPassword: 'abcd' }))).toEqual({
      email: REGISTRO_MSG.email,
      verifyEmail: REGISTRO_MSG.emailsNoCoinciden,
      password: REGISTRO_MSG.password,
      verifyPassword: REGISTRO_MSG.passwordsNoCoinciden,
    });
    // An empty form: what is missing, not that two empty fields differ.
    expect(messages(registroInternoSchema.safeParse({ email: '', verifyEmail: '', password: '', verifyPassword: '' }))).toEqual({ email: REGISTRO_MSG.email, password: REGISTRO_MSG.password });
  });

  it('compares the e-mails as kept: trimmed and in lower case', () => {
    expect(registroInternoSchema.safeParse({ email: ' Ana@Transvalle.demo', verifyEmail: 'ana@transvalle.demo ', password: 'Secreta1', verifyPassword: 'Secreta1' }).data?.email).toBe('ana@transvalle.demo');
  });
});

describe('text fields (every schema): trimmed, bounded, no controls, no blank-looking values', async () => {
  const { requiredText, TEXT_MSG } = await import('@shared/schemas/text.js');
  const z = await import('@shared/schemas/zod-es.js');
  const nombre = requiredText('El nombre es requerido', 20);
  const first = (v: unknown) => {
    const r = nombre.safeParse(v);
    return r.success ? r.data : r.error.issues[0]!.message;
  };

  it('trims spaces and invisible characters, keeping real text (accents, emoji sequences)', () => {
    expect(first('  Ana\u200b ')).toBe('Ana');
    expect(first('José Ñoño')).toBe('José Ñoño');
    expect(first('👨‍👩‍👧')).toBe('👨‍👩‍👧');
  });

  it.each(['', ' ', '\u200b', '\ufeff', '\u3164', '\u00ad', '\u2063', '\u2800', '\u{e0041}', '\u00a0\u2060'])('counts %j as empty', (v) => {
    expect(first(v)).toBe('El nombre es requerido');
  });

  it.each(['a\u0000b', 'a\nb', 'a\u0085b', 'a\u2028b', 'a\ud800b', 'a\uffffb', 'a\u202eb', 'a\u2066b'])('refuses %j', (v) => {
    expect(first(v)).toBe(TEXT_MSG.caracteresNoPermitidos);
  });

  it('bounds the length, and answers a wrong type in Spanish', () => {
    expect(first('x'.repeat(21))).toBe(TEXT_MSG.maximo(20));
    expect(first(42)).toBe('El nombre es requerido');
  });

  it("gives zod's own checks Spanish texts (no English default reaches a user)", () => {
    const schema = z.object({ n: z.number().max(3), l: z.array(z.string()).min(2), e: z.enum(['a', 'b']) });
    const issues = schema.safeParse({ n: 5, l: [], e: 'c' }).error!.issues.map((i) => i.message);
    expect(issues).toEqual(['Debe ser como máximo 3', 'Mínimo 2 elementos', 'Selecciona una de las opciones disponibles']);
    expect(schema.safeParse([]).error!.issues[0]!.message).toBe('Se esperaba un objeto y se recibió una lista');
  });
});

describe("the client app's published service", () => {
  afterEach(() => vi.useRealTimers());

  it('stores its instants as toISOString() writes them, so the API can compare them as text', () => {
    // The departure must be future and within the schema's range: the clock is set the day before (a
    // fixed date in the past failed once the day came).
    vi.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z'), toFake: ['Date'] });
    const base = {
      id: '6f1c0f7e-8a43-4d8e-9c51-0d2b7b1f2a10', cliente: 'Universidad Icesi', solicitante: 'Juliana Castro', telefonoOperador: '3157654321', tipo: 'Van', clase: 'Empresarial',
      origen: 'Icesi, Cali', destino: 'Aeropuerto, Palmira', latOrigen: 3.34, lonOrigen: -76.53, pasajeros: 12, ciudad: 'Cali', departamento: 'Valle del Cauca',
    };
    const s = servicioPublicadoSchema.parse({ ...base, fechaSalida: '2026-12-01T04:59:59Z', fechaRegreso: '2026-12-02T18:30:00.5Z' });
    expect(s).toMatchObject({ fechaSalida: '2026-12-01T04:59:59.000Z', fechaRegreso: '2026-12-02T18:30:00.500Z' });
    // Without the milliseconds '…59Z' sorts after '…59.999Z': a departure at 23:59:59 in Bogotá fell outside its own day.
    expect(s.fechaSalida <= '2026-12-01T04:59:59.999Z').toBe(true);
  });
});
