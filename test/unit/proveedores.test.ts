import { describe, expect, it } from 'vitest';
import {
  accionDe,
  cambiosDeAccion,
  estadoConductor,
  estadoGuia,
  estadoOperador,
  LISTAS_PROVEEDORES,
  coincideBusqueda,
  palabrasDeBusqueda,
  textoDeBusqueda,
  normalizarBusqueda,
  TARJETAS_PROVEEDORES,
  type EstadoProveedor,
} from '@shared/domain/proveedores.js';
import { guiaPerfilSchema, perfilGuiaCompleto, suspensionBodySchema } from '@shared/schemas/proveedores.js';

const N = null;
/**
 * docs/spec/01.md section 4, every flag combination written out by hand (not derived by the code under test).
 * Drivers: [fotosVehiculo, documentosVehiculo, validado, perfil] → list.
 */
const CONDUCTOR: [boolean, boolean, boolean, boolean, EstadoProveedor | null][] = [
  [false, false, false, false, 'nuevo'],
  [false, false, false, true, 'nuevo'],
  [false, false, true, false, N],
  [false, false, true, true, N],
  [false, true, false, false, N],
  [false, true, false, true, N],
  [false, true, true, false, N],
  [false, true, true, true, N],
  [true, false, false, false, N],
  [true, false, false, true, N],
  [true, false, true, false, N],
  [true, false, true, true, N],
  [true, true, false, false, N],
  [true, true, false, true, 'por-validar'],
  [true, true, true, false, 'activo'],
  [true, true, true, true, 'activo'],
];
/** Guides: [perfil, validado, documentosGuia] → list. */
const GUIA: [boolean, boolean, boolean, EstadoProveedor | null][] = [
  [false, false, false, 'nuevo'],
  [false, false, true, 'nuevo'],
  [false, true, false, N],
  [false, true, true, 'activo'],
  [true, false, false, 'por-validar'],
  [true, false, true, 'por-validar'],
  [true, true, false, N],
  [true, true, true, 'activo'],
];
/** Operators: [nuevo, perfil] → list. */
const OPERADOR: [boolean, boolean, EstadoProveedor | null][] = [
  [false, false, N],
  [false, true, 'activo'],
  [true, false, 'nuevo'],
  [true, true, 'nuevo'],
];

describe('provider states (docs/spec/01.md section 4), every flag combination', () => {
  it.each(CONDUCTOR)('driver fotos=%s documentos=%s validado=%s perfil=%s → %s', (fotosVehiculo, documentosVehiculo, validado, perfil, lista) => {
    expect(estadoConductor({ fotosVehiculo, documentosVehiculo, validado, perfil })).toBe(lista);
  });
  it.each(GUIA)('guide perfil=%s validado=%s documentosGuia=%s → %s', (perfil, validado, documentosGuia, lista) => {
    expect(estadoGuia({ perfil, validado, documentosGuia })).toBe(lista);
  });
  it.each(OPERADOR)('operator nuevo=%s perfil=%s → %s', (nuevo, perfil, lista) => {
    expect(estadoOperador({ nuevo, perfil })).toBe(lista);
  });

  it('reads missing flags as false (records from before a flag existed)', () => {
    expect(estadoConductor({})).toBe('nuevo');
    expect(estadoGuia({})).toBe('nuevo');
    expect(estadoOperador({})).toBeNull();
  });

  it('validating moves a driver and a guide to be validated into the active list; the welcome e-mail moves a new operator there', () => {
    const conductor = { fotosVehiculo: true, documentosVehiculo: true, validado: false, perfil: true };
    expect(estadoConductor({ ...conductor, ...cambiosDeAccion('conductor', 'validar') })).toBe('activo');
    expect(cambiosDeAccion('conductor', 'validar')).toEqual({ validado: true, documentosVehiculo: true, suspendido: false });
    expect(estadoGuia({ perfil: true, validado: false, documentosGuia: false, ...cambiosDeAccion('guia', 'validar') })).toBe('activo');
    expect(cambiosDeAccion('guia', 'validar')).toEqual({ validado: true, documentosGuia: true, suspendido: false });
    expect(estadoOperador({ nuevo: true, perfil: true, ...cambiosDeAccion('operador', 'bienvenida') })).toBe('activo');
    // A new driver's or guide's welcome only asks for their files: they stay new.
    expect(cambiosDeAccion('conductor', 'bienvenida')).toEqual({});
  });

  it('offers each list its action: welcome to the new, validation to those to validate, none to the active', () => {
    expect(accionDe('conductor', 'nuevo')).toBe('bienvenida');
    expect(accionDe('conductor', 'por-validar')).toBe('validar');
    expect(accionDe('conductor', 'activo')).toBeNull();
    expect(accionDe('guia', 'por-validar')).toBe('validar');
    expect(accionDe('operador', 'nuevo')).toBe('bienvenida');
    expect(accionDe('operador', 'activo')).toBeNull();
    expect(accionDe('guia', null)).toBeNull();
  });
});

describe('the panel lists', () => {
  it('are the spec\'s eight, in its order, each in one card, with the spec\'s empty messages', () => {
    expect(LISTAS_PROVEEDORES.map((l) => l.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(LISTAS_PROVEEDORES.map((l) => l.id)).toEqual(['conductores-nuevos', 'conductores-por-validar', 'conductores', 'operadores-nuevos', 'operadores', 'guias-nuevos', 'guias-por-validar', 'guias']);
    expect(TARJETAS_PROVEEDORES.flatMap((t) => t.listas)).toEqual(expect.arrayContaining(LISTAS_PROVEEDORES.map((l) => l.id)));
    expect(TARJETAS_PROVEEDORES.map((t) => t.titulo)).toEqual(['Transportadores', 'Operadores', 'Guías']);
    const vacios = new Set(LISTAS_PROVEEDORES.map((l) => l.vacio));
    for (const m of ['No hay Conductores Nuevos Registrados', 'No hay Conductores Registrados', 'No hay Guías Nuevos Registrados', 'No hay Operadores Turísticos Registrados']) expect(vacios).toContain(m);
  });

  it('each list has its console route, titled as the list', async () => {
    const { PANEL_SCREENS } = await import('../../web/src/app/screens.js');
    for (const l of LISTAS_PROVEEDORES) expect(PANEL_SCREENS.find((s) => s.path === l.id)?.title, l.id).toBe(l.titulo);
  });

  it('search text ignores case and accents', () => {
    expect(normalizarBusqueda('  José  ÑOÑO Güiza ')).toBe('jose nono guiza');
  });

  it('a list’s search matches every word, and a plate however it is written', () => {
    const vehiculo = ['RVA381', 'Mercedes-Benz', 'Sprinter', 'Van', 'José Pérez'];
    for (const texto of ['rva-381', 'RVA 381', 'rva381', 'mercedes benz', 'MERCEDES-BENZ', 'jose perez', 'sprinter van', '  ']) expect(coincideBusqueda(texto, vehiculo), texto).toBe(true);
    for (const texto of ['rva-382', 'mercedes volvo', 'perez gomez']) expect(coincideBusqueda(texto, vehiculo), texto).toBe(false);
    // Punctuation alone is no word to match against, and a missing part is no text.
    expect(coincideBusqueda('-', ['RVA381', null, undefined])).toBe(true);
    expect(coincideBusqueda('null', ['RVA381', null])).toBe(false);
    // Stored hyphenated, typed without: the stored text carries the word joined too.
    for (const texto of ['neq5544', 'neq-5544', 'NEQ 5544']) expect(coincideBusqueda(texto, ['NEQ-5544']), texto).toBe(true);
  });

  it('the API’s lists search by the same words and the same stored text', () => {
    expect(palabrasDeBusqueda(' SXT-771  Pérez. ')).toEqual(['sxt', '771', 'perez']);
    expect(palabrasDeBusqueda('- / .')).toEqual([]);
    expect(textoDeBusqueda(['NEQ-5544', null, '', 'Mercedes-Benz', 'José'])).toBe('neq-5544 mercedes-benz jose neq5544 mercedesbenz');
  });
});

describe('provider app bodies', () => {
  it('a guide without bank, RNT or its three documents registers as new; with them all, as complete', () => {
    const base = guiaPerfilSchema.parse({ nombre: 'Ana', email: 'ANA@x.co', telefono: '3001234567' });
    expect(base.email).toBe('ana@x.co');
    const docs = { rnt: 'k1', rut: 'k2', cedula: 'k3' };
    expect(perfilGuiaCompleto(base, docs)).toBe(false);
    const completo = guiaPerfilSchema.parse({ ...base, direccion: 'Calle 1', rnt: '123', rut: '456', banco: 'Nequi', tipocuenta: 'ahorros', cuenta: '3001234567', titular: 'Ana' });
    expect(perfilGuiaCompleto(completo, docs)).toBe(true);
    expect(perfilGuiaCompleto(completo, { rnt: 'k1', rut: 'k2' })).toBe(false);
  });

  it('a suspension needs a reason; a reactivation does not', () => {
    expect(suspensionBodySchema.safeParse({ suspendido: true }).error?.issues[0]?.message).toBe('Escribe el motivo de la suspensión');
    expect(suspensionBodySchema.safeParse({ suspendido: true, motivo: '   ' }).success).toBe(false);
    expect(suspensionBodySchema.safeParse({ suspendido: false }).success).toBe(true);
    expect(suspensionBodySchema.safeParse({}).error?.issues[0]?.message).toMatch(/suspendido/);
  });
});
