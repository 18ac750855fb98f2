import { describe, expect, it } from 'vitest';
import { FECHA_ESCRITA_MSG, fechaParaEscribir, leerFechaEscrita } from '@shared/domain/fecha-escrita.js';

describe('leerFechaEscrita: dates as typed in Colombia', () => {
  it('reads day-first dates with any usual separator, and year-first ones', () => {
    for (const texto of ['31/12/2027', '31-12-2027', '31.12.2027', ' 31 / 12 / 2027 ', '31 12 2027', '2027/12/31', '2027-12-31'])
      expect(leerFechaEscrita(texto), texto).toEqual({ fecha: '2027-12-31' });
    expect(leerFechaEscrita('1/2/2027')).toEqual({ fecha: '2027-02-01' });
    expect(leerFechaEscrita('2027/2/1')).toEqual({ fecha: '2027-02-01' });
    expect(leerFechaEscrita('29/02/2028')).toEqual({ fecha: '2028-02-29' });
  });

  it('never turns a date into another one: what is not a real date is refused, saying why', () => {
    // The masked picker once kept "31/12/2027" as 2031/12/20.
    expect(leerFechaEscrita('31/12/2027')).not.toEqual({ fecha: '2031-12-20' });
    expect(leerFechaEscrita('29/02/2027')).toEqual({ error: FECHA_ESCRITA_MSG.dia(29, 'febrero', 2027, 28) });
    expect(leerFechaEscrita('31/04/2027')).toEqual({ error: 'El 31 de abril de 2027 no existe: ese mes tiene 30 días' });
    expect(leerFechaEscrita('12/31/2027')).toEqual({ error: FECHA_ESCRITA_MSG.mes(31) });
    expect(leerFechaEscrita('2027/31/12')).toEqual({ error: FECHA_ESCRITA_MSG.mes(31) });
    expect(leerFechaEscrita('31/12/27')).toEqual({ error: FECHA_ESCRITA_MSG.anio });
    expect(leerFechaEscrita('0/12/2027')).toEqual({ error: FECHA_ESCRITA_MSG.dia(0, 'diciembre', 2027, 31) });
    for (const texto of ['31/12', '31122027', 'mañana', '31/12/2027/1', '311/12/2027', '2027-12-31T00:00'])
      expect(leerFechaEscrita(texto), texto).toHaveProperty('error');
  });

  it('answers null for an empty field, and shows a kept date day first', () => {
    expect(leerFechaEscrita('  ')).toBeNull();
    expect(fechaParaEscribir('2027-12-31')).toBe('31/12/2027');
    expect(fechaParaEscribir('')).toBe('');
  });
});
