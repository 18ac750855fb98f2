import { describe, expect, it } from 'vitest';
import { agendaCon, inicioAgenda } from '@shared/domain/asignacion.js';
import { isProfileComplete } from '@shared/domain/profile.js';
import { uploadKeys } from '@shared/domain/uploads.js';
import { isExpired, isTripDue, tripStartCutoff } from '@shared/domain/trips.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { vehicleCode } from '@shared/schemas/vehiculo.js';
import { vehiculoNuevoSchema } from '@shared/schemas/vehiculo-formulario.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

describe('isProfileComplete (side-menu gating, docs/spec/01.md section 4)', () => {
  const photos = (first: string) => [first, '', '', '', ''];
  it('needs the saved profiles and a non-empty first corporate photo', () => {
    const empresa = { perfil: true, fotosCorporativas: photos('companies/a/foto') };
    expect(isProfileComplete({ perfil: true }, empresa)).toBe(true);
    expect(isProfileComplete({ perfil: false }, empresa)).toBe(false);
    expect(isProfileComplete({ perfil: true }, { ...empresa, perfil: false })).toBe(false);
    expect(isProfileComplete({ perfil: true }, { ...empresa, fotosCorporativas: photos('') })).toBe(false);
    expect(isProfileComplete({ perfil: true }, null)).toBe(false);
  });
});

describe('trip start (2 hours before departure)', () => {
  const now = new Date('2026-11-22T15:00:00.000Z');
  const trip = (fechaSalida: string, over: Partial<{ estado: string; recorridoIniciado: boolean }> = {}) => ({
    estado: 'confirmado',
    recorridoIniciado: false,
    fechaSalida,
    ...over,
  });

  it('puts the cutoff two hours after now', () => {
    expect(tripStartCutoff(now)).toBe('2026-11-22T17:00:00.000Z');
  });

  it('starts confirmed trips departing within two hours, once', () => {
    expect(isTripDue(trip('2026-11-22T17:00:00.000Z'), now)).toBe(true);
    expect(isTripDue(trip('2026-11-22T17:00:01.000Z'), now)).toBe(false);
    expect(isTripDue(trip('2026-11-22T16:00:00.000Z', { recorridoIniciado: true }), now)).toBe(false);
    expect(isTripDue(trip('2026-11-22T16:00:00.000Z', { estado: 'reservado' }), now)).toBe(false);
  });
});

describe('isExpired (TTL filtered on read)', () => {
  const now = new Date('2026-11-22T15:00:00.000Z');
  const epoch = now.getTime() / 1000;
  it('treats the TTL instant itself as expired and items without TTL as live', () => {
    expect(isExpired({ expiresAt: epoch }, now)).toBe(true);
    expect(isExpired({ expiresAt: epoch + 1 }, now)).toBe(false);
    expect(isExpired({}, now)).toBe(false);
  });
});

describe("a vehicle's modelo (its year)", () => {
  const errores = (modelo: string) => vehiculoNuevoSchema.safeParse(vehiculoNuevo({ modelo })).error?.issues.filter((i) => i.path[0] === 'modelo').map((i) => i.message) ?? [];
  it('is a year of four digits from 1950 to next year', () => {
    for (const ok of ['1950', '2022', String(new Date().getFullYear() + 1)]) expect(errores(ok), ok).toEqual([]);
    for (const malo of ['20', '22', '1949', String(new Date().getFullYear() + 2), '2022a', 'Spark']) expect(errores(malo), malo).toEqual([VEHICULO_MSG.modelo]);
    expect(errores('')).toEqual(['El campo Modelo es requerido']);
  });
});

describe('vehicleCode', () => {
  it('is the last 6 characters of the id', () => {
    expect(vehicleCode('veh-demo-transvalle-001')).toBe('le-001');
  });
});

describe("a vehicle's agenda (the assignments the company's index may not show yet)", () => {
  const now = new Date('2026-11-22T15:00:00.000Z');
  const viaje = (id: string, fechaSalida: string, fechaRegreso: string | null = null) => ({ id, fechaSalida, fechaRegreso });
  it('adds the trip, keeps the trips inside the index window and drops older ones', () => {
    expect(inicioAgenda(now)).toBe('2026-10-23T15:00:00.000Z');
    const antes = [
      { servicioId: 'viejo', fechaSalida: '2026-10-20T12:00:00.000Z', fechaRegreso: null },
      { servicioId: 'reciente', fechaSalida: '2026-11-20T12:00:00.000Z', fechaRegreso: '2026-11-21T12:00:00.000Z' },
    ];
    expect(agendaCon(antes, viaje('nuevo', '2026-11-30T12:00:00.000Z'), now).map((a) => a.servicioId)).toEqual(['reciente', 'nuevo']);
    expect(agendaCon(undefined, viaje('nuevo', '2026-11-30T12:00:00.000Z', '2026-12-01T12:00:00.000Z'), now)).toEqual([
      { servicioId: 'nuevo', fechaSalida: '2026-11-30T12:00:00.000Z', fechaRegreso: '2026-12-01T12:00:00.000Z' },
    ]);
  });
  it('records a trip assigned again once, with its current dates', () => {
    const antes = [{ servicioId: 'nuevo', fechaSalida: '2026-11-25T12:00:00.000Z', fechaRegreso: null }];
    expect(agendaCon(antes, viaje('nuevo', '2026-11-30T12:00:00.000Z'), now)).toEqual([{ servicioId: 'nuevo', fechaSalida: '2026-11-30T12:00:00.000Z', fechaRegreso: null }]);
  });
});

describe("a quote's storage key", () => {
  it('keeps the upload id whole, however long the file name', () => {
    const nombre = `${'cotización '.repeat(20)}final.pdf`;
    const a = uploadKeys.cotizacion('emp-1', 'srv-1', '7d0c2f43-0000-4000-8000-000000000001', nombre);
    const b = uploadKeys.cotizacion('emp-1', 'srv-1', '7d0c2f43-0000-4000-8000-000000000002', nombre);
    expect(a).toMatch(/^ofertas\/emp-1\/srv-1\/7d0c2f43-0000-4000-8000-000000000001-/);
    expect(a).not.toBe(b);
    expect(a.endsWith('final.pdf')).toBe(true);
  });
});
