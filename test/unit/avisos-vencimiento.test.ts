import { describe, expect, it } from 'vitest';
import { avisosDebidos, claveAviso, clavesVigentes, proximoAviso, textoAviso, umbralDe } from '@shared/domain/avisos-vencimiento.js';
import { correoConductor, correoEmpresa } from '../../lambdas/jobs/avisos-vencimiento.js';

// Noon in Bogotá on 7 December 2026.
const now = new Date('2026-12-07T17:00:00.000Z');
const en = (dias: number) => new Date(Date.UTC(2026, 11, 7 + dias)).toISOString().slice(0, 10);

describe('expiry alerts (docs/decisions/0015)', () => {
  it('puts a document in the narrowest threshold that holds it', () => {
    expect([40, 31, 30, 16, 15, 8, 7, 1, 0, -3].map(umbralDe)).toEqual([null, null, 30, 30, 15, 15, 7, 7, 0, 0]);
  });

  it("is due once per document and threshold: today's, unless sent; a renewed date is a new alert", () => {
    const v = { fechasoat: en(20), vencimientoRevisionTecnica: en(45), vencimientoTarjetaOperacion: en(0), vencimientoLicenciaDeConducir: '' };
    const debidos = avisosDebidos(v, new Set(), now);
    expect(debidos.map((a) => [a.nombre, a.umbral, a.dias])).toEqual([
      ['SOAT', 30, 20],
      ['Tarjeta de operación', 0, 0],
    ]);
    const enviados = new Set(debidos.map((a) => a.clave));
    expect(avisosDebidos(v, enviados, now)).toEqual([]);
    // Renewed: a new date, a new alert when it comes within 30 days.
    expect(avisosDebidos({ ...v, fechasoat: en(25) }, enviados, now).map((a) => a.clave)).toEqual([claveAviso('fechasoat', en(25), 30)]);
  });

  it('says when the next alert falls due, skipping thresholds passed before a narrower one, and none once past the expiry alert', () => {
    const soat = { fechasoat: en(20) };
    // 30 not sent yet: today.
    expect(proximoAviso(soat, new Set(), now)).toBe(en(0));
    // 30 sent: the 15-day one, 5 days from now.
    expect(proximoAviso(soat, new Set([claveAviso('fechasoat', en(20), 30)]), now)).toBe(en(5));
    // Created 10 days before the expiry with nothing sent: 15 is today's, 30 is not owed.
    expect(proximoAviso({ fechasoat: en(10) }, new Set(), now)).toBe(en(0));
    expect(proximoAviso({ fechasoat: en(10) }, new Set([claveAviso('fechasoat', en(10), 15)]), now)).toBe(en(3));
    // Far away: the day it comes within 30 days.
    expect(proximoAviso({ fechasoat: en(100) }, new Set(), now)).toBe(en(70));
    // Expired and its expiry alert sent: nothing more; no dates: nothing.
    expect(proximoAviso({ fechasoat: en(-4) }, new Set([claveAviso('fechasoat', en(-4), 0)]), now)).toBeNull();
    expect(proximoAviso({ fechasoat: '' }, new Set(), now)).toBeNull();
    // The earliest of the documents.
    expect(proximoAviso({ fechasoat: en(100), vencimientoLicenciaDeConducir: en(40) }, new Set(), now)).toBe(en(10));
  });

  it("keeps only the keys of the documents' current dates, and reads the days as a person would", () => {
    const v = { fechasoat: en(20) };
    expect(clavesVigentes(v, [claveAviso('fechasoat', en(20), 30), claveAviso('fechasoat', en(-345), 0)])).toEqual([claveAviso('fechasoat', en(20), 30)]);
    expect([30, 1, 0, -1, -5].map(textoAviso)).toEqual(['vence en 30 días', 'vence mañana', 'vence hoy', 'venció ayer', 'venció hace 5 días']);
  });
});

describe("the company's digest", () => {
  const v = { placas: 'ABC123', nombre: 'Ana Ruiz', email: 'ana@x.demo' } as Parameters<typeof correoConductor>[0];
  const aviso = (dias: number) => ({ clave: `fechasoat#${en(dias)}#0`, campo: 'fechasoat', nombre: 'SOAT', fecha: en(dias), dias, umbral: 0 }) as Parameters<typeof correoConductor>[1];

  it('speaks of one document in the singular, and says it expired when it did', () => {
    const uno = correoEmpresa('admin@x.demo', [{ v, avisos: [aviso(3)] }], []);
    expect(uno.subject).toBe('Un documento de tu flota vence pronto');
    expect(uno.body).toContain('Este documento de tu flota vence pronto. Un vehículo con un documento vencido no puede recibir servicios: renuévalo y actualiza la fecha en Gestiona Flota.');
    expect(correoEmpresa('admin@x.demo', [{ v, avisos: [aviso(-2)] }], []).subject).toBe('Un documento de tu flota venció');
    const dos = correoEmpresa('admin@x.demo', [{ v, avisos: [aviso(3), aviso(-2)] }], []);
    // One of the two already expired: the subject says so.
    expect(dos.subject).toBe('2 documentos de tu flota vencen pronto o ya vencieron');
    expect(correoEmpresa('admin@x.demo', [{ v, avisos: [aviso(3), aviso(5)] }], []).subject).toBe('2 documentos de tu flota vencen pronto');
    expect(dos.body).toContain('Estos documentos de tu flota vencen pronto.');
  });
});
