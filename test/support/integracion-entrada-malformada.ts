import fc from 'fast-check';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { servicioPublicado } from './servicios.js';
import { vehiculoNuevo } from './vehiculos.js';

/**
 * What test/integration/malformed-input.test.ts sends: a valid body for every body-taking route of the
 * table, and the ways to break it on purpose (so it can never be valid by chance): not an object, a
 * required field missing, a field of the wrong type, a huge text, control or bidi characters, an
 * invisible-only text, or text that is not JSON.
 */
type Sample = { valid: Record<string, unknown>; required: string[]; texts: string[]; path?: string };

/** A demo vehicle of the admin's company that no other test changes: the edits are aimed at it. */
export const FUZZ_VEHICULO = 'veh-demo-transvalle-007';
/** A new vehicle (plate and driver unused in the demo data). */
export const NUEVO = vehiculoNuevo({ placas: 'FZZ901', email: 'fuzz.conductor@transvalle.demo', fotos: {}, documentos: {} });
/** The edit form's fields (all editable ones): its required ones and its texts. */
const EDITABLES_REQUERIDOS = [
  'numeroInterno', 'nombre', 'cedula', 'telefono', 'direccion', 'ciudad', 'licenciaDeConducir', 'vencimientoLicenciaDeConducir', 'propietario', 'soat',
  'fechasoat', 'numeroRevisionTecnica', 'vencimientoRevisionTecnica', 'tarjetaOperacion', 'vencimientoTarjetaOperacion', 'banco', 'tipocuenta', 'cuenta', 'titular', 'rut',
];
const EDITABLES_TEXTOS = [
  'numeroInterno', 'nombre', 'cedula', 'telefono', 'direccion', 'licenciaDeConducir', 'propietario', 'soat', 'numeroRevisionTecnica', 'tarjetaOperacion',
  'cuenta', 'titular', 'rut', 'fechasoat',
];

/**
 * A publication by the client app whose id no request may ever store. Without its optional list and
 * nullable fields: an empty list or a null there is valid, so breaking them by type is not sure to break.
 */
const { paradas: _p, fechaRegreso: _r, ...PUBLICADO } = servicioPublicado({ observaciones: 'Grupo con equipaje de mano' });
export { PUBLICADO };
/** The pending service offers and acceptances are aimed at (published in beforeAll). */
export const FUZZ_SERVICIO = servicioPublicado();

/** An active demo guide the suspension and validation bodies target, and ids no provider registration may ever store. */
export const FUZZ_GUIA = 'guia-demo-012';
export const GUIA_NUEVA = '7f3c2a10-5b1e-4c2d-9a8f-0e1d2c3b4a59';
export const OPERADOR_NUEVO = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f40516';

/** Payments the payment bodies target (demo data no other integration test changes). */
export const FUZZ_TRANSFERENCIA = 'demo-validar-1';
export const FUZZ_ANTICIPO = 'demo-confirmado-1';
export const FUZZ_EPAYCO = 'demo-validar-2';
export const FUZZ_RECOMPENSA = 'veh-demo-transvalle-006';
export const FUZZ_COMPROBANTE = 'demo-validar-3';
const FUZZ_VENCIDA = 'demo-vencido-1';
/** The demo's ePayco charge to refund (a client who paid twice). */
const FUZZ_COBRO = '4471203';
// Bogotá's today: between 19:00 and 24:00 there, UTC's date is already tomorrow (a future payout).
const HOY = hoyEnBogota();

export const SAMPLES: Record<string, Sample> = {
  'POST /plataforma/cobros-por-reembolsar/:ref/reembolso': {
    valid: { fecha: HOY, referencia: 'RB-77120' },
    required: ['fecha', 'referencia'],
    texts: ['referencia'],
    path: `/plataforma/cobros-por-reembolsar/${FUZZ_COBRO}/reembolso`,
  },
  'POST /plataforma/servicios/:servicioId/cancelacion': {
    valid: { motivo: 'El viaje no se hizo; reembolso por ePayco RB-1', huella: '0123456789abcdef' },
    required: ['motivo', 'huella'],
    texts: ['motivo'],
    path: `/plataforma/servicios/${FUZZ_VENCIDA}/cancelacion`,
  },
  'POST /plataforma/servicios/:servicioId/pago': {
    valid: { decision: 'rechazar', motivo: 'El valor no coincide' },
    required: ['decision', 'motivo'],
    texts: ['motivo'],
    path: `/plataforma/servicios/${FUZZ_TRANSFERENCIA}/pago`,
  },
  'POST /plataforma/servicios/:servicioId/pago-conductor': {
    valid: { tipo: 'anticipo', fecha: HOY, referencia: 'TRF-0001', cuentaVista: null },
    required: ['tipo', 'fecha', 'referencia', 'cuentaVista'],
    texts: ['referencia'],
    path: `/plataforma/servicios/${FUZZ_ANTICIPO}/pago-conductor`,
  },
  'POST /plataforma/servicios/:servicioId/pago-epayco': {
    valid: { refPayco: 'fuzz-ref-0001' },
    required: ['refPayco'],
    texts: ['refPayco'],
    path: `/plataforma/servicios/${FUZZ_EPAYCO}/pago-epayco`,
  },
  'POST /plataforma/recompensas/:vehiculoId': {
    valid: { fecha: HOY, referencia: 'NEQ-0001', valor: 120_000, cuentaVista: null },
    required: ['fecha', 'referencia', 'valor', 'cuentaVista'],
    texts: ['referencia'],
    path: `/plataforma/recompensas/${FUZZ_RECOMPENSA}`,
  },
  'POST /integracion/cliente/uploads': {
    valid: { kind: 'comprobanteCliente', contentType: 'application/pdf', size: 1000, fileName: 'fuzz-comprobante.pdf' },
    required: ['kind', 'contentType', 'size'],
    texts: ['fileName'],
    path: '',
  },
  'POST /integracion/cliente/servicios/:servicioId/comprobante': {
    valid: { archivo: '0b6f3a52-3d2e-4f7a-9c1b-2a3b4c5d6e7f' },
    required: ['archivo'],
    texts: [],
    path: `/integracion/cliente/servicios/${FUZZ_COMPROBANTE}/comprobante`,
  },
  'POST /plataforma/proveedores/:tipo/:id/suspension': {
    valid: { suspendido: true, motivo: 'Documentos vencidos' },
    required: ['suspendido', 'motivo'],
    texts: ['motivo'],
    path: `/plataforma/proveedores/guia/${FUZZ_GUIA}/suspension`,
  },
  // An active guide: a body that passes reaches a route that refuses to validate it again.
  'POST /plataforma/proveedores/:tipo/:id/validar': {
    valid: { version: '2026-11-01T10:00:00.000Z|' },
    required: ['version'],
    texts: ['version'],
    path: `/plataforma/proveedores/guia/${FUZZ_GUIA}/validar`,
  },
  'PUT /integracion/proveedores/guias/:id': {
    valid: { nombre: 'Guía de Prueba', email: 'guia.fuzz@guias.demo', telefono: '3150001122', direccion: 'Calle 1 # 2-3', rnt: '12345', rut: '1107000000', banco: 'Nequi', tipocuenta: 'ahorros', cuenta: '3150001122', titular: 'Guía de Prueba' },
    required: ['nombre', 'email', 'telefono'],
    texts: ['nombre', 'direccion', 'rnt', 'rut', 'titular'],
    path: `/integracion/proveedores/guias/${GUIA_NUEVA}`,
  },
  'PUT /integracion/proveedores/operadores/:id': {
    valid: { nombre: 'Operador de Prueba', email: 'operador.fuzz@operadores.demo', telefono: '3150002233', empresa: 'Tours de Prueba', direccion: 'Calle 4 # 5-6' },
    required: ['nombre', 'email', 'telefono'],
    texts: ['nombre', 'empresa', 'direccion'],
    path: `/integracion/proveedores/operadores/${OPERADOR_NUEVO}`,
  },
  'POST /integracion/proveedores/uploads': {
    valid: { kind: 'documentoProveedor', contentType: 'application/pdf', size: 1000, fileName: 'fuzz-rnt.pdf' },
    required: ['kind', 'contentType', 'size'],
    texts: ['fileName'],
    path: '',
  },
  /** The expiry alerts' switch (docs/decisions/0015). */
  'PUT /perfil/avisos': { valid: { activos: true }, required: ['activos'], texts: [] },
  'PUT /perfil': {
    valid: {
      nombres: 'Laura', apellidos: 'Gómez Restrepo', movil: '3001234567', puesto: 'CEO', empresa: 'Transportes del Valle S.A.S.', ciudad: 'Cali',
      departamento: 'Valle del Cauca', pais: 'Colombia', direccion: 'Calle 5 # 38-25, Cali', banco: 'Bancolombia', tipocuenta: 'corriente',
      cuenta: '04512345678', titular: 'Transportes del Valle S.A.S.', rut: '900123456',
    },
    required: ['nombres', 'apellidos', 'movil', 'empresa', 'banco', 'tipocuenta', 'cuenta', 'titular', 'rut'],
    texts: ['nombres', 'apellidos', 'movil', 'empresa', 'direccion', 'cuenta', 'titular', 'rut'],
  },
  // A wrong key: even a sample that stays valid after the generator signs nobody up.
  'POST /registro': {
    valid: { nombres: 'Fuzz', apellidos: 'Prueba', empresa: 'Transportes Fuzz', puesto: 'CEO', email: 'fuzz.registro@sultana.demo', password: 'Equipo2026!', claveAutorizacion: 'clave-de-fuzz' },
    required: ['nombres', 'apellidos', 'empresa', 'email', 'password', 'claveAutorizacion'],
    texts: ['nombres', 'apellidos', 'empresa', 'email', 'claveAutorizacion'],
  },
  // The session's account (the demo admin, verified, nothing waiting): a code is refused.
  'POST /registro/confirmar': { valid: { codigo: '123456' }, required: ['codigo'], texts: ['codigo'] },
  // A link nobody was sent (its token invented): even a sample that stays valid makes no account.
  'POST /registro/invitacion': {
    valid: { empresa: 'demo-transvalle', correo: 'fuzz.invitacion@transvalle.demo', token: 'x'.repeat(43), password: 'Equipo2026!' },
    required: ['empresa', 'correo', 'token', 'password'],
    texts: ['empresa', 'correo', 'token', 'password'],
  },
  'POST /usuarios': {
    valid: { email: 'fuzz@transvalle.demo', verifyEmail: 'fuzz@transvalle.demo', password: 'Equipo2026!', verifyPassword: 'Equipo2026!' },
    required: ['email', 'verifyEmail', 'password', 'verifyPassword'],
    texts: ['email'],
  },
  'POST /uploads': {
    valid: { kind: 'fotoPerfil', contentType: 'image/png', size: 1000, fileName: 'foto.png' },
    required: ['kind', 'contentType', 'size'],
    texts: ['fileName'],
  },
  'POST /uploads/confirm': {
    valid: { kind: 'fotoPerfil', uploadId: '00000000-0000-4000-8000-000000000000' },
    required: ['kind', 'uploadId'],
    texts: [],
  },
  'POST /vehiculos': {
    valid: NUEVO,
    required: ['placas', 'marca', 'modelo', 'tipo', 'capacidad', 'email', 'licencia', 'terminos', ...EDITABLES_REQUERIDOS],
    texts: ['placas', 'marca', 'modelo', 'color', 'email', 'licencia', ...EDITABLES_TEXTOS],
  },
  'POST /servicios/:servicioId/ofertas': {
    valid: { precio: 1234001 },
    required: ['precio'],
    texts: [],
    // Filled in beforeAll: a pending service published for this file.
    path: '',
  },
  'POST /servicios/:servicioId/fuec': {
    valid: { archivo: '00000000-0000-4000-8000-000000000000' },
    required: ['archivo'],
    texts: [],
    // The same reserved service (without vehicle: even a valid body could not confirm it).
    path: '',
  },
  'POST /integracion/conductor/posicion': {
    valid: { lat: 3.4516, lng: -76.532, velocidad: 42 },
    required: ['lat', 'lng'],
    texts: [],
  },
  'PUT /servicios/:servicioId/vehiculo': {
    valid: { vehiculoId: 'veh-demo-transvalle-001' },
    required: ['vehiculoId'],
    texts: [],
    // Filled in beforeAll: a Van service reserved for the demo company (the sample's vehicle fits it).
    path: '',
  },
  'POST /integracion/cliente/servicios': {
    valid: PUBLICADO,
    required: ['id', 'cliente', 'solicitante', 'telefonoOperador', 'tipo', 'clase', 'origen', 'destino', 'latOrigen', 'lonOrigen', 'fechaSalida', 'pasajeros', 'ciudad', 'departamento'],
    texts: ['cliente', 'solicitante', 'clase', 'origen', 'destino', 'ciudad', 'departamento', 'observaciones'],
  },
  'POST /integracion/cliente/servicios/:servicioId/aceptar': {
    valid: { empresaAliada: 'demo-transvalle', metodoPago: 'epayco' },
    required: ['empresaAliada', 'metodoPago'],
    texts: [],
    path: '',
  },
  'PUT /vehiculos/:id': {
    // Filled in beforeAll from the stored record (its current values, so only the breakage is wrong).
    valid: {},
    required: EDITABLES_REQUERIDOS,
    texts: EDITABLES_TEXTOS,
    path: `/vehiculos/${FUZZ_VEHICULO}`,
  },
};

const FORBIDDEN_CHARS = ['\u0000', '\u0007', '\n', '\u001b', '\u007f', '\u0085', '\u2028', '\ud800', '\uffff', '\u202e', '\u2066'];
const INVISIBLE = ['\u200b', '\u200b\u200b', '\ufeff', ' \u2060 ', '\u3164', '\u00ad', '\u2063', '\u2800', '\u{e0041}', '\u00a0'];

/** Words of zod's English defaults and of English in general: none may reach a user. */
export const ENGLISH = /\b(invalid|expected|received|required|too (big|small)|must|string|number|object|array|input|option|unrecognized|the|is|of|field)\b/i;

export function malformed(sample: Sample): fc.Arbitrary<{ raw: string; how: string }> {
  const keys = Object.keys(sample.valid);
  const json = (v: unknown, how: string) => ({ raw: JSON.stringify(v), how });
  const wrongValue = (current: unknown) =>
    fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 2 }),
      ...(typeof current === 'string' ? [] : [fc.string({ maxLength: 20 })]),
    )
      .filter((v) => typeof v !== typeof current || Array.isArray(v) || v === null)
      // A number typed in a text box is the same value (the vehicle's capacity takes "15"): not wrong.
      .filter((v) => !(typeof current === 'number' && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))));
  const arbs = [
    fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.array(fc.anything(), { maxLength: 3 })).map((v) => json(v, 'no es un objeto')),
    fc.constantFrom(...sample.required).map((k) => {
      const { [k]: _gone, ...rest } = sample.valid;
      return json(rest, `sin ${k}`);
    }),
    fc.constantFrom(...keys).chain((k) => wrongValue(sample.valid[k]).map((v) => json({ ...sample.valid, [k]: v }, `${k} de otro tipo`))),
    fc.constantFrom(...keys).chain((k) => fc.integer({ min: 10_000, max: 100_000 }).map((n) => json({ ...sample.valid, [k]: 'x'.repeat(n) }, `${k} enorme`))),
    fc.constantFrom('{', '{"a":', 'null,', '[1,2', '{"nombres": "x",}', 'nombres=Laura', '\u0000').map((raw) => ({ raw, how: 'no es JSON' })),
  ];
  if (sample.texts.length) {
    arbs.push(
      fc
        .tuple(fc.constantFrom(...sample.texts), fc.constantFrom(...FORBIDDEN_CHARS))
        .map(([k, ch]) => json({ ...sample.valid, [k]: `${String(sample.valid[k]).slice(0, 3)}${ch}x` }, `${k} con carácter de control o bidi`)),
    );
    const requiredTexts = sample.texts.filter((t) => sample.required.includes(t));
    if (requiredTexts.length) {
      arbs.push(
        fc.tuple(fc.constantFrom(...requiredTexts), fc.constantFrom(...INVISIBLE)).map(([k, v]) => json({ ...sample.valid, [k]: v }, `${k} solo con caracteres invisibles`)),
      );
    }
  }
  return fc.oneof(...arbs);
}
