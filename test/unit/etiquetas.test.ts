import { describe, expect, it } from 'vitest';
import {
  BANCO_TEXTO,
  BANCOS,
  BANCOS_ANTERIORES,
  BANCOS_OFRECIDOS,
  CIUDAD_TEXTO,
  CIUDAD_VALORES,
  CIUDADES,
  departamentoDe,
  EN_CURSO_TEXTO,
  ESTADO_SERVICIO_TEXTO,
  textoBanco,
  textoCiudad,
  textoCuentaBancaria,
  textoDeEstado,
  textoTipoCuenta,
  textoTipoVehiculo,
  TIPO_CUENTA_TEXTO,
  TIPO_VEHICULO_TEXTO,
  TIPOS_CUENTA,
} from '@shared/domain/etiquetas.js';
import { ESTADO_MAPA_INFO, ESTADOS_MAPA, etiquetaEstadoMapa } from '@shared/domain/mapa.js';
import { registradoPorParaEmpresa, textoQuien, textoRegistradoPor, VALOR_TEXTO } from '@shared/schemas/historial.js';
import { DIGITOS_MSG, PERFIL_MSG } from '@shared/schemas/messages.js';
import { textoCuenta } from '@shared/schemas/pagos.js';
import { perfilSchema } from '@shared/schemas/profile.js';
import { guiaPerfilSchema } from '@shared/schemas/proveedores.js';
import { normalizarRut, rutSchema } from '@shared/schemas/rut.js';
import { SERVICE_STATES, VEHICLE_TYPES } from '@shared/schemas/service.js';
import { CIUDADES_VEHICULO } from '@shared/schemas/vehiculo.js';

/** The specification's enumerations as it writes them (docs/spec/01.md section 3, 02.md section 3.5): what stays stored. */
const SPEC = {
  ciudadesPerfil: ['Armenia', 'Cali', 'Cartagena', 'Barranquilla', 'Bogota', 'Manizales', 'Medellin', 'Pasto', 'Pereira', 'Santa Martha'],
  ciudadesVehiculo: ['Armenia', 'Bogota', 'Buenaventura', 'Buga', 'Cali', 'Cartagena', 'Manizales', 'Medellin', 'Palmira', 'Pasto', 'Pereira', 'Popayan'],
  tipos: ['4x4 Platon', 'Automovil', 'Suv', 'Bus', 'Buseton', 'Buseta', 'Chiva', 'Minivan', 'Van'],
  bancos: ['Agrario', 'AVvillas', 'Bancolombia', 'BBVA', 'Bogota', 'Caja Social', 'Colpatria', 'Daviplata', 'Davivienda', 'Granahorrar', 'Itau', 'Nequi', 'Nubank', 'Occidente', 'Pichincha', 'Popular'],
};

/** Words that need their accent (or their proper spelling) in what people read; none may appear without it. */
const SIN_TILDE = /\b(Bogota|Medellin|Popayan|Santa Martha|Automovil|Buseton|Platon|Itau|Bancamia|Union|Quindio|Bolivar|Narino|Atlantico)\b/;

describe('labels of the stored enumerations (docs/decisions/0012)', () => {
  it('gives every vehicle type a label, and keeps the spec’s values stored', () => {
    expect([...VEHICLE_TYPES].sort()).toEqual([...SPEC.tipos].sort());
    expect(Object.keys(TIPO_VEHICULO_TEXTO).sort()).toEqual([...VEHICLE_TYPES].sort());
    for (const t of VEHICLE_TYPES) expect(textoTipoVehiculo(t), t).toBeTruthy();
    expect(TIPO_VEHICULO_TEXTO).toMatchObject({ Automovil: 'Automóvil', Buseton: 'Busetón', Buseta: 'Buseta', '4x4 Platon': '4x4 Platón', Suv: 'SUV' });
  });

  it('has one list of cities for the profile and the vehicle form, holding both of the spec’s lists', () => {
    expect(CIUDADES_VEHICULO).toBe(CIUDAD_VALORES);
    expect(CIUDAD_VALORES).toEqual(expect.arrayContaining([...SPEC.ciudadesPerfil, ...SPEC.ciudadesVehiculo]));
    expect(new Set(CIUDAD_VALORES).size).toBe(CIUDAD_VALORES.length);
    for (const c of CIUDADES) {
      expect(c.label, c.value).toBeTruthy();
      expect(departamentoDe(c.value), c.value).toBe(c.departamento);
    }
    expect(CIUDAD_TEXTO).toMatchObject({ Bogota: 'Bogotá', Medellin: 'Medellín', Popayan: 'Popayán', 'Santa Martha': 'Santa Marta', Cali: 'Santiago de Cali' });
    expect(departamentoDe('Popayan')).toBe('Cauca');
    // In alphabetical order (Cali under C, though it reads 'Santiago de Cali').
    expect([...CIUDAD_VALORES]).toEqual([...CIUDAD_VALORES].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('accepts every bank the spec stores, and offers today’s banks by their names', () => {
    expect(BANCOS).toEqual(expect.arrayContaining(SPEC.bancos));
    for (const b of BANCOS) expect(BANCO_TEXTO[b], b).toBeTruthy();
    expect(BANCO_TEXTO).toMatchObject({ Bogota: 'Banco de Bogotá', Itau: 'Banco Itaú', AVvillas: 'Banco AV Villas', Colpatria: 'Scotiabank Colpatria', Nubank: 'Nu Colombia' });
    // Not banks, or gone: still read, never offered.
    expect(BANCOS_OFRECIDOS).not.toEqual(expect.arrayContaining(['Granahorrar']));
    for (const b of BANCOS_ANTERIORES) expect(BANCOS_OFRECIDOS).not.toContain(b);
    expect(BANCOS_OFRECIDOS.map((b) => BANCO_TEXTO[b])).toEqual(expect.arrayContaining(['Bancolombia', 'Banco de Bogotá', 'Davivienda', 'BBVA Colombia', 'Banco de Occidente', 'Banco Popular', 'Banco AV Villas', 'Banco Caja Social', 'Scotiabank Colpatria', 'Banco Agrario de Colombia', 'Banco Itaú', 'Banco Falabella', 'Banco Pichincha', 'Bancoomeva', 'Banco GNB Sudameris', 'Banco W', 'Lulo Bank', 'Nu Colombia']));
    const nombres = BANCOS_OFRECIDOS.map((b) => BANCO_TEXTO[b]);
    expect(nombres).toEqual([...nombres].sort((a, b) => a.localeCompare(b, 'es')));
    expect(new Set(Object.values(BANCO_TEXTO)).size).toBe(BANCOS.length);
  });

  it('writes no label without its accents', () => {
    const todos = [...Object.values(TIPO_VEHICULO_TEXTO), ...CIUDADES.flatMap((c) => [c.label, c.departamento]), ...Object.values(BANCO_TEXTO), ...Object.values(TIPO_CUENTA_TEXTO), ...Object.values(ESTADO_SERVICIO_TEXTO)];
    for (const t of todos) expect(t, t).not.toMatch(SIN_TILDE);
  });

  it('reads an old or unknown value as stored, and nothing as nothing', () => {
    expect(textoBanco('Nequi')).toBe('Nequi');
    expect(textoBanco('Banco que ya no existe')).toBe('Banco que ya no existe');
    expect(textoCiudad('Jamundi')).toBe('Jamundi');
    expect(textoTipoVehiculo('')).toBe('');
    expect(textoTipoCuenta(undefined)).toBe('');
    for (const t of TIPOS_CUENTA) expect(textoTipoCuenta(t)).toBe(TIPO_CUENTA_TEXTO[t]);
    // Not a key of the object's prototype either.
    expect(textoBanco('toString')).toBe('toString');
  });

  it('says a bank account one way everywhere', () => {
    expect(textoCuentaBancaria({ banco: 'Bogota', tipocuenta: 'ahorros', cuenta: '0123456789' })).toBe('Banco de Bogotá, cuenta de ahorros 0123456789');
    expect(textoCuentaBancaria({ banco: 'Itau', tipocuenta: 'corriente', cuenta: '9876543210' })).toBe('Banco Itaú, cuenta corriente 9876543210');
    expect(textoCuentaBancaria({ banco: '', tipocuenta: '', cuenta: '' })).toBe('');
    expect(textoCuenta({ titular: 'Ana Ruiz', banco: 'AVvillas', tipocuenta: 'ahorros', cuenta: '1234567890' })).toBe('Ana Ruiz: Banco AV Villas, cuenta de ahorros 1234567890');
  });
});

describe('one word per service state', () => {
  it('names every stored state, and a started trip En curso', () => {
    for (const e of SERVICE_STATES) expect(ESTADO_SERVICIO_TEXTO[e], e).toBeTruthy();
    expect(textoDeEstado('confirmado', true)).toBe(EN_CURSO_TEXTO);
    expect(textoDeEstado('confirmado', false)).toBe('Confirmado');
    expect(textoDeEstado('reservado', true)).toBe('Reservado');
    expect(ESTADO_SERVICIO_TEXTO.validar).toBe('Validando pago');
  });

  it('says the same on the map, its markers and the trail as in the lists', () => {
    const delMapa = { pendiente: 'pendiente', validando: 'validar', reservado: 'reservado', confirmado: 'confirmado', finalizado: 'finalizado' } as const;
    for (const [mapa, estado] of Object.entries(delMapa)) expect(ESTADO_MAPA_INFO[mapa as keyof typeof delMapa].etiqueta).toBe(ESTADO_SERVICIO_TEXTO[estado]);
    for (const e of ESTADOS_MAPA) expect(etiquetaEstadoMapa(e), e).toBe(ESTADO_MAPA_INFO[e].etiqueta);
    // The driver's trip on the map: as the lists say it.
    expect(etiquetaEstadoMapa('confirmado', true)).toBe(textoDeEstado('confirmado', true));
    for (const e of SERVICE_STATES) expect(VALOR_TEXTO[e], e).toBe(ESTADO_SERVICIO_TEXTO[e]);
  });
});

describe("'Registrado por' names the same party to a company and to staff", () => {
  it('says marketplace staff as the platform, and ePayco as ePayco', () => {
    expect(registradoPorParaEmpresa('ana@transaliadas.demo')).toBe('Plataforma');
    expect(registradoPorParaEmpresa('ePayco')).toBe('ePayco');
    expect(textoRegistradoPor('ana@transaliadas.demo')).toBe('Plataforma (ana@transaliadas.demo)');
    expect(textoRegistradoPor('Plataforma')).toBe('Plataforma');
    expect(textoRegistradoPor('ePayco')).toBe('ePayco');
    // The trail: staff by the same words; a company's user, a driver and the systems by their own names.
    expect(textoQuien({ tipo: 'usuario', nombre: 'ana@transaliadas.demo' })).toBe('Plataforma (ana@transaliadas.demo)');
    expect(textoQuien({ tipo: 'usuario', nombre: 'admin@transvalle.demo', empresaId: 'e1' })).toBe('admin@transvalle.demo');
    expect(textoQuien({ tipo: 'sistema', nombre: 'ePayco' })).toBe('ePayco');
  });
});

describe('the RUT, kept the same way in the profile and the vehicle form', () => {
  const rut = rutSchema('El RUT es requerido');
  it('drops the dots people write and keeps the check digit', () => {
    expect(normalizarRut('900.123.456-7')).toBe('900123456-7');
    expect(rut.parse(' 900.123.456-7 ')).toBe('900123456-7');
    expect(rut.parse('16.789.012')).toBe('16789012');
    expect(perfilSchema.shape.rut.parse('900.123.456-7')).toBe(rut.parse('900.123.456-7'));
  });
  it('says each problem once, with the spec’s messages', () => {
    const msg = (v: unknown) => rut.safeParse(v).error?.issues.map((i) => i.message);
    expect(msg('')).toEqual(['El RUT es requerido']);
    expect(msg('zzz')).toEqual([PERFIL_MSG.rutFormato]);
    expect(msg('900-12')).toEqual([PERFIL_MSG.rutFormato]);
    expect(msg('12345')).toEqual([DIGITOS_MSG.rutCorto]);
    expect(msg('9'.repeat(21))).toEqual([DIGITOS_MSG.maximo(20)]);
  });
  it('still takes a guide’s bank among the old values', () => {
    const guia = { nombre: 'Ana', email: 'ana@guias.demo', telefono: '3001234567', banco: 'Nequi', tipocuenta: 'ahorros', cuenta: '3001234567' };
    expect(guiaPerfilSchema.safeParse(guia).success).toBe(true);
    expect(guiaPerfilSchema.safeParse({ ...guia, banco: 'Lulo Bank' }).success).toBe(true);
  });
});
