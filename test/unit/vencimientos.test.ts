import { describe, expect, it } from 'vitest';
import {
  DOCUMENTOS_CON_VENCIMIENTO,
  TIPO_INDICADOR,
  UMBRALES_VENCIMIENTO,
  diasRestantes,
  esFechaValida,
  estadoDocumento,
  fechaHoraEnBogota,
  hoyEnBogota,
  peorNivel,
  requiereAtencion,
  resumenVencimientos,
  vencimientosDe,
} from '@shared/domain/vencimientos.js';

/** Noon in Bogota on 2026-03-10: far from midnight, so only the date arithmetic is under test. */
const now = new Date('2026-03-10T17:00:00Z');
/** The calendar date `dias` days after 2026-03-10. */
const en = (dias: number) => new Date(Date.UTC(2026, 2, 10 + dias)).toISOString().slice(0, 10);

describe('hoyEnBogota (UTC-5, no DST)', () => {
  it('changes date at Bogota midnight, not at UTC or machine midnight', () => {
    expect(hoyEnBogota(new Date('2026-03-01T04:59:59Z'))).toBe('2026-02-28');
    expect(hoyEnBogota(new Date('2026-03-01T05:00:00Z'))).toBe('2026-03-01');
    expect(hoyEnBogota(new Date('2026-01-01T04:59:59.999Z'))).toBe('2025-12-31');
    expect(hoyEnBogota(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
  });

  it("writes an instant as Bogota's date and time to the minute, as spreadsheets read it", () => {
    expect(fechaHoraEnBogota('2026-11-30T21:49:42.123Z')).toBe('2026-11-30 16:49');
    expect(fechaHoraEnBogota('2026-12-01T04:59:00Z')).toBe('2026-11-30 23:59');
    expect(fechaHoraEnBogota('2026-12-01T05:00:00Z')).toBe('2026-12-01 00:00');
  });

  it('does not depend on the machine time zone (run with TZ=Asia/Tokyo too)', () => {
    // UTC and Tokyo are already on 2026-03-11 at this instant; Bogota (23:00) is still on the 10th.
    expect(hoyEnBogota(new Date('2026-03-11T04:00:00Z'))).toBe('2026-03-10');
    expect(diasRestantes('2026-03-10', new Date('2026-03-11T04:00:00Z'))).toBe(0);
  });
});

describe('esFechaValida', () => {
  it('accepts real calendar dates, including a leap day', () => {
    expect(esFechaValida('2028-02-29')).toBe(true);
    expect(esFechaValida('2026-12-31')).toBe(true);
  });

  it('refuses empty, malformed and non-existent dates', () => {
    for (const f of ['', 'abc', '2026-02-30', '2026-02-29', '2100-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-3-1', '2026-03-01T00:00:00Z', ' 2026-03-01']) {
      expect(esFechaValida(f), f).toBe(false);
    }
  });
});

describe('diasRestantes', () => {
  it('is 0 on the expiry day and negative once expired', () => {
    expect(diasRestantes(en(0), now)).toBe(0);
    expect(diasRestantes(en(1), now)).toBe(1);
    expect(diasRestantes(en(-1), now)).toBe(-1);
  });

  it('counts across month and year boundaries', () => {
    expect(diasRestantes('2026-03-01', new Date('2026-02-28T17:00:00Z'))).toBe(1);
    expect(diasRestantes('2028-03-01', new Date('2028-02-28T17:00:00Z'))).toBe(2);
    expect(diasRestantes('2027-01-01', new Date('2026-12-31T17:00:00Z'))).toBe(1);
    expect(diasRestantes('2026-12-31', new Date('2027-01-01T17:00:00Z'))).toBe(-1);
    expect(diasRestantes('2027-03-10', now)).toBe(365);
    expect(diasRestantes('2028-02-29', new Date('2028-01-30T17:00:00Z'))).toBe(30);
  });

  it('is null without a usable date', () => {
    expect(diasRestantes('', now)).toBeNull();
    expect(diasRestantes('abc', now)).toBeNull();
    expect(diasRestantes('2026-02-30', now)).toBeNull();
    expect(diasRestantes(undefined, now)).toBeNull();
  });

  it('follows Bogota midnight on both sides', () => {
    expect(diasRestantes('2026-03-01', new Date('2026-03-01T04:59:59Z'))).toBe(1);
    expect(diasRestantes('2026-03-01', new Date('2026-03-01T05:00:00Z'))).toBe(0);
    expect(diasRestantes('2026-02-28', new Date('2026-03-01T04:59:59Z'))).toBe(0);
    expect(diasRestantes('2026-02-28', new Date('2026-03-01T05:00:00Z'))).toBe(-1);
  });
});

describe('estadoDocumento', () => {
  it('exposes the thresholds', () => {
    expect(UMBRALES_VENCIMIENTO).toEqual({ proximo: 30, urgente: 15, critico: 7 });
  });

  it('puts each threshold on its edge', () => {
    const nivel = (dias: number) => estadoDocumento(en(dias), now).nivel;
    expect(nivel(-30)).toBe('vencido');
    expect(nivel(-1)).toBe('vencido');
    expect(nivel(0)).toBe('critico');
    expect(nivel(7)).toBe('critico');
    expect(nivel(8)).toBe('urgente');
    expect(nivel(15)).toBe('urgente');
    expect(nivel(16)).toBe('proximo');
    expect(nivel(30)).toBe('proximo');
    expect(nivel(31)).toBe('vigente');
    expect(nivel(400)).toBe('vigente');
  });

  it('says the days left in Spanish', () => {
    expect(estadoDocumento(en(-1), now)).toEqual({ dias: -1, nivel: 'vencido', texto: 'Vencido hace 1 día' });
    expect(estadoDocumento(en(-2), now).texto).toBe('Vencido hace 2 días');
    expect(estadoDocumento(en(-45), now).texto).toBe('Vencido hace 45 días');
    expect(estadoDocumento(en(0), now)).toEqual({ dias: 0, nivel: 'critico', texto: 'Vence hoy' });
    expect(estadoDocumento(en(1), now)).toEqual({ dias: 1, nivel: 'critico', texto: 'Vence mañana' });
    expect(estadoDocumento(en(2), now).texto).toBe('Vence en 2 días');
    expect(estadoDocumento(en(90), now)).toEqual({ dias: 90, nivel: 'vigente', texto: 'Vence en 90 días' });
  });

  it('turns "Vence hoy" into "Vencido hace 1 día" at Bogota midnight', () => {
    expect(estadoDocumento('2026-02-28', new Date('2026-03-01T04:59:59Z')).texto).toBe('Vence hoy');
    expect(estadoDocumento('2026-02-28', new Date('2026-03-01T05:00:00Z')).texto).toBe('Vencido hace 1 día');
  });

  it('handles a leap day', () => {
    expect(estadoDocumento('2028-02-29', new Date('2028-02-29T12:00:00Z'))).toMatchObject({ dias: 0, texto: 'Vence hoy' });
    expect(estadoDocumento('2028-02-29', new Date('2028-03-01T12:00:00Z'))).toMatchObject({ dias: -1, nivel: 'vencido' });
  });

  it('reports a missing or malformed date as sin_fecha, not as expired', () => {
    for (const f of ['', 'abc', '2026-02-30']) {
      expect(estadoDocumento(f, now)).toEqual({ dias: null, nivel: 'sin_fecha', texto: 'Sin fecha registrada' });
    }
  });
});

describe('vencimientosDe / resumenVencimientos / requiereAtencion', () => {
  const vigente = {
    fechasoat: en(200),
    vencimientoRevisionTecnica: en(100),
    vencimientoTarjetaOperacion: en(31),
    vencimientoLicenciaDeConducir: en(365),
  };

  it('lists the four documents in order with their Spanish names', () => {
    expect(DOCUMENTOS_CON_VENCIMIENTO).toEqual([
      { campo: 'fechasoat', nombre: 'SOAT' },
      { campo: 'vencimientoRevisionTecnica', nombre: 'Revisión técnico-mecánica' },
      { campo: 'vencimientoTarjetaOperacion', nombre: 'Tarjeta de operación' },
      { campo: 'vencimientoLicenciaDeConducir', nombre: 'Licencia de conducción' },
    ]);
    const docs = vencimientosDe({ ...vigente, fechasoat: en(-3) }, now);
    expect(docs.map((d) => d.campo)).toEqual(DOCUMENTOS_CON_VENCIMIENTO.map((d) => d.campo));
    expect(docs[0]).toEqual({ campo: 'fechasoat', nombre: 'SOAT', fecha: en(-3), dias: -3, nivel: 'vencido', texto: 'Vencido hace 3 días' });
  });

  it('treats fields missing from an old record as sin_fecha', () => {
    const docs = vencimientosDe({ fechasoat: en(200) }, now);
    expect(docs.map((d) => d.nivel)).toEqual(['vigente', 'sin_fecha', 'sin_fecha', 'sin_fecha']);
    expect(docs[1]).toMatchObject({ fecha: '', dias: null, texto: 'Sin fecha registrada' });
  });

  it('summarises the worst level and the documents needing attention, worst first', () => {
    const resumen = resumenVencimientos(
      { fechasoat: en(20), vencimientoRevisionTecnica: en(5), vencimientoTarjetaOperacion: en(-2), vencimientoLicenciaDeConducir: en(12) },
      now,
    );
    expect(resumen.nivel).toBe('vencido');
    expect(resumen.documentos.map((d) => [d.campo, d.nivel])).toEqual([
      ['vencimientoTarjetaOperacion', 'vencido'],
      ['vencimientoRevisionTecnica', 'critico'],
      ['vencimientoLicenciaDeConducir', 'urgente'],
      ['fechasoat', 'proximo'],
    ]);
  });

  it('orders documents of the same level by days left', () => {
    const resumen = resumenVencimientos({ ...vigente, fechasoat: en(29), vencimientoTarjetaOperacion: en(17) }, now);
    expect(resumen.nivel).toBe('proximo');
    expect(resumen.documentos.map((d) => d.campo)).toEqual(['vencimientoTarjetaOperacion', 'fechasoat']);
  });

  it('is vigente with nothing listed when all documents are beyond 30 days', () => {
    expect(resumenVencimientos(vigente, now)).toEqual({ nivel: 'vigente', documentos: [] });
    expect(requiereAtencion(vigente, now)).toBe(false);
  });

  it('ranks a missing date above vigente but does not list it or flag the vehicle', () => {
    const viejo = { ...vigente, vencimientoLicenciaDeConducir: '' };
    expect(resumenVencimientos(viejo, now)).toEqual({ nivel: 'sin_fecha', documentos: [] });
    expect(requiereAtencion(viejo, now)).toBe(false);
  });

  it('flags the vehicle from 30 days before any expiry', () => {
    expect(requiereAtencion({ ...vigente, vencimientoTarjetaOperacion: en(30) }, now)).toBe(true);
    expect(requiereAtencion({ ...vigente, vencimientoTarjetaOperacion: en(31) }, now)).toBe(false);
    expect(requiereAtencion({ ...vigente, fechasoat: en(-1) }, now)).toBe(true);
  });
});

describe('peorNivel and TIPO_INDICADOR', () => {
  it('orders vencido, critico, urgente, proximo, sin_fecha, vigente', () => {
    expect(peorNivel(['vigente', 'proximo', 'critico', 'urgente'])).toBe('critico');
    expect(peorNivel(['sin_fecha', 'vigente'])).toBe('sin_fecha');
    expect(peorNivel(['proximo', 'sin_fecha'])).toBe('proximo');
    expect(peorNivel(['vencido', 'critico'])).toBe('vencido');
    expect(peorNivel([])).toBe('vigente');
  });

  it('maps levels to Cloudscape status types: warning within 30 days, error once expired', () => {
    expect(TIPO_INDICADOR).toEqual({
      vencido: 'error',
      critico: 'warning',
      urgente: 'warning',
      proximo: 'warning',
      vigente: 'success',
      sin_fecha: 'stopped',
    });
  });
});
