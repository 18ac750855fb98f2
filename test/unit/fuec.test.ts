import { describe, expect, it } from 'vitest';
import { fechasEnTexto, verificarFuec } from '@shared/domain/fuec.js';
import { FUEC_MSG } from '@shared/schemas/messages-servicios.js';

/** The FUEC check on extracted text (docs/product.md): plate, contract dates covering the trip, route. */
const reserva = {
  placas: 'VCK512',
  origen: 'Universidad Icesi, Calle 18 # 122-135, Cali',
  destino: 'Aeropuerto Alfonso Bonilla Aragón, Palmira',
  // 7:00 in Bogotá on 26/11/2026, back on 27/11/2026.
  fechaSalida: '2026-11-26T12:00:00.000Z',
  fechaRegreso: '2026-11-27T22:00:00.000Z',
};
const fuec = (o: Partial<{ placa: string; vigencia: string; ruta: string; otras: string }> = {}) =>
  [
    'FORMATO ÚNICO DE EXTRACTO DEL CONTRATO FUEC No. 376012323202600210001',
    o.ruta ?? 'ORIGEN: CALI  DESTINO: AEROPUERTO ALFONSO BONILLA ARAGON PALMIRA',
    o.vigencia ?? 'VIGENCIA DEL CONTRATO FECHA INICIAL 26/11/2026 FECHA VENCIMIENTO 27/11/2026',
    `VEHÍCULO PLACA ${o.placa ?? 'VCK-512'} MARCA MERCEDES`,
    o.otras ?? 'LICENCIA VIGENTE HASTA 15/05/2029 EXPEDIDO 20/11/2026',
  ].join('\n');

describe('FUEC check', () => {
  it('accepts a FUEC whose plate, dates and route match (plates with space or hyphen, accents ignored)', () => {
    expect(verificarFuec(fuec(), reserva)).toEqual({ estado: 'coincide', problemas: [] });
    expect(verificarFuec(fuec({ placa: 'vck 512' }), reserva).estado).toBe('coincide');
  });

  it('names each difference in Spanish', () => {
    const r = verificarFuec(fuec({ placa: 'ABC123', vigencia: 'VIGENCIA DEL CONTRATO 01/11/2026 A 26/11/2026', ruta: 'ORIGEN: POPAYAN DESTINO: BUGA' }), reserva);
    expect(r.estado).toBe('no-coincide');
    expect(r.problemas).toEqual([
      FUEC_MSG.placaNoCoincide('VCK512'),
      FUEC_MSG.fechasNoCubren('01/11/2026', '26/11/2026', '26/11/2026 a 27/11/2026'),
      FUEC_MSG.origenNoCoincide(reserva.origen),
      FUEC_MSG.destinoNoCoincide(reserva.destino),
    ]);
  });

  it("uses the contract's validity when labelled, not the licence's or the issue date", () => {
    // Without the label, the licence's 2029 and the issue date would make any trip look covered.
    const r = verificarFuec(fuec({ vigencia: 'VIGENCIA DEL CONTRATO 01/12/2026 A 05/12/2026' }), reserva);
    expect(r.problemas).toEqual([FUEC_MSG.fechasNoCubren('01/12/2026', '05/12/2026', '26/11/2026 a 27/11/2026')]);
    expect(verificarFuec(fuec({ vigencia: 'SIN FECHAS', otras: 'SIN MAS DATOS' }), reserva).problemas).toEqual([FUEC_MSG.sinFechas]);
  });

  it('cannot read a scan or an empty text: sin verificar', () => {
    expect(verificarFuec('', reserva)).toEqual({ estado: 'sin-verificar', problemas: [] });
    expect(verificarFuec('  \n ', reserva).estado).toBe('sin-verificar');
  });

  it('reads dates as dd/mm/yyyy, dd-mm-yyyy and yyyy-mm-dd, and drops impossible ones', () => {
    expect(fechasEnTexto('26/11/2026 y 2026-11-27 y 5-1-2027 y 99/99/2026')).toEqual(['2026-11-26', '2026-11-27', '2027-01-05']);
  });
});
