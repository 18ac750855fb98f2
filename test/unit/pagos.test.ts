import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dictaminar, discrepancia, firmaEpayco, type ConfirmacionEpayco } from '@shared/domain/epayco.js';
import { comisionPlataforma, ganaRecompensa, indicesServicio, pagoConductor, pagoPendienteDe, problemaPagoConductor } from '@shared/domain/pagos.js';
import { totalesHistorial } from '@shared/domain/listas.js';
import { CUENTA_RECIENTE_DIAS, cuentaCambiadaHace, EPAYCO_ESPERA_MIN, esperaLargaEpayco } from '@shared/schemas/pagos.js';
import { rangoHistorial } from '@shared/schemas/listas-servicios.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { filtrosDeEnlace } from '../../web/src/features/pagos/filtros-historial.js';

describe("the driver's payouts (docs/spec/01.md section 9)", () => {
  it('are each 50% of 90% of the offer, rounded to whole pesos, half a peso up', () => {
    expect(pagoConductor(1_000_000)).toBe(450_000);
    expect(pagoConductor(1_000_001)).toBe(450_000); // 450.000,45
    expect(pagoConductor(1_745_001)).toBe(785_250); // 785.250,45
    expect(pagoConductor(10)).toBe(5); // 4,5
    expect(pagoConductor(1_234_567)).toBe(555_555); // 555.555,15
    expect(pagoConductor(999_999)).toBe(450_000); // 449.999,55
    expect(pagoConductor(0)).toBe(0);
  });

  it('leave the platform the rest, 10% give or take the rounding', () => {
    expect(comisionPlataforma(1_000_000)).toBe(100_000);
    expect(comisionPlataforma(1_000_001)).toBe(100_001);
    expect(comisionPlataforma(10)).toBe(0);
    for (const v of [1, 7, 99, 850_000, 2_300_001]) expect(2 * pagoConductor(v) + comisionPlataforma(v)).toBe(v);
  });

  const base = { estado: 'confirmado', empresaAliada: 'e1', metodoPago: 'epayco', pagarAnticipoConductor: true, anticipoConductorPagado: false, pagarSaldoConductor: false, saldoConductorPagado: false } as const;

  it('come in order: the advance with the FUEC, the balance after the trip and the advance', () => {
    expect(pagoPendienteDe({ ...base, estado: 'validar' })).toBe('epayco');
    expect(pagoPendienteDe({ ...base, estado: 'reservado', pagarAnticipoConductor: false })).toBeNull();
    expect(pagoPendienteDe(base)).toBe('anticipo');
    expect(pagoPendienteDe({ ...base, anticipoConductorPagado: true })).toBeNull();
    // A trip that ended with its advance unpaid waits for the advance first.
    expect(pagoPendienteDe({ ...base, estado: 'finalizado', pagarSaldoConductor: true })).toBe('anticipo');
    expect(pagoPendienteDe({ ...base, estado: 'finalizado', pagarSaldoConductor: true, anticipoConductorPagado: true })).toBe('saldo');
    expect(pagoPendienteDe({ ...base, estado: 'finalizado', pagarSaldoConductor: true, anticipoConductorPagado: true, saldoConductorPagado: true })).toBeNull();
    expect(problemaPagoConductor({ ...base, estado: 'reservado', pagarAnticipoConductor: false }, 'anticipo')).toBe(PAGO_MSG.anticipoNoDebido);
    expect(problemaPagoConductor(base, 'saldo')).toBe(PAGO_MSG.saldoAntesDelFin);
    expect(problemaPagoConductor({ ...base, estado: 'finalizado', pagarSaldoConductor: true }, 'saldo')).toBe(PAGO_MSG.anticipoPrimero);
    expect(problemaPagoConductor({ ...base, anticipoConductorPagado: true }, 'anticipo')).toBe(PAGO_MSG.anticipoYaPagado);
  });

  it('put the service on its lists by keys derived from its fields alone', () => {
    expect(indicesServicio(base)).toEqual({ estadoEmpresa: 'e1#confirmado', pagoPendiente: 'anticipo', pagoPendienteEmpresa: 'e1#anticipo' });
    expect(indicesServicio({ ...base, estado: 'reservado', pagarAnticipoConductor: false })).toEqual({ estadoEmpresa: 'e1#reservado' });
    expect(indicesServicio({ ...base, estado: 'pendiente', empresaAliada: undefined, metodoPago: null, pagarAnticipoConductor: false })).toEqual({});
  });
});

describe('referral rewards', () => {
  it('are owed from 30 trips, once, and never for the platform’s own referrals', () => {
    expect(ganaRecompensa({ viajesRealizados: 30, referidoPor: 'veh-1' })).toBe(true);
    expect(ganaRecompensa({ viajesRealizados: 29, referidoPor: 'veh-1' })).toBe(false);
    expect(ganaRecompensa({ viajesRealizados: 45, referidoPor: 'plataforma' })).toBe(false);
    expect(ganaRecompensa({ viajesRealizados: 45 })).toBe(false);
    expect(ganaRecompensa({ viajesRealizados: 45, referidoPor: 'veh-1', comisionPagadaAReferente: true })).toBe(false);
  });
});

describe("ePayco's confirmation", () => {
  const cred = { p_cust_id_cliente: '900777', p_key: 'llave' };
  const t = (over: Partial<ConfirmacionEpayco> = {}): ConfirmacionEpayco => {
    const campos = { x_cust_id_cliente: '900777', x_ref_payco: '123', x_transaction_id: 'tx', x_id_invoice: 's1', x_amount: '850000', x_currency_code: 'COP', x_cod_response: '1', x_test_request: 'FALSE', ...over };
    return { ...campos, x_signature: firmaEpayco(cred, campos) };
  };
  const s = { id: 's1', estado: 'validar', metodoPago: 'epayco', valorOferta: 850_000 } as const;

  it('is signed as SHA-256 of the customer id, key, reference, transaction, amount and currency joined by ^', () => {
    expect(t().x_signature).toBe(createHash('sha256').update('900777^llave^123^tx^850000^COP').digest('hex'));
  });

  it('moves on only an accepted payment of the reservation’s amount in COP, from our merchant, not a test in production', () => {
    expect(dictaminar(t(), s, cred, true)).toEqual({ resultado: 'aceptada' });
    expect(dictaminar(t({ x_amount: '850000.00' }), s, cred, true)).toEqual({ resultado: 'aceptada' });
    expect(dictaminar(t({ x_amount: '849999' }), s, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t({ x_amount: '8.5e5' }), s, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t({ x_currency_code: 'USD' }), s, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t({ x_cust_id_cliente: '1' }), s, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t({ x_test_request: 'TRUE' }), s, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t({ x_test_request: 'TRUE' }), s, cred, false).resultado).toBe('aceptada');
    expect(dictaminar(t(), { ...s, estado: 'reservado' }, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t(), { ...s, metodoPago: 'transferencia' }, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t(), null, cred, true).resultado).toBe('ignorada');
    expect(dictaminar(t({ x_cod_response: '2' }), s, cred, true).resultado).toBe('rechazada');
    expect(dictaminar(t({ x_cod_response: '4' }), s, cred, true).resultado).toBe('rechazada');
    expect(dictaminar(t({ x_cod_response: '3' }), s, cred, true).resultado).toBe('ignorada');
  });

  it('says in plain words why a charge did not apply, for staff and the company to read beside its refund', () => {
    const motivo = (d: ReturnType<typeof dictaminar>) => (d.resultado === 'aceptada' ? '' : d.motivo);
    expect(motivo(dictaminar(t({ x_amount: '849999' }), s, cred, true))).toBe('se cobraron $\u00a0849.999 y la reserva vale $\u00a0850.000');
    expect(motivo(dictaminar(t({ x_amount: '849999.5' }), s, cred, true))).toBe('se cobraron $\u00a0849.999,5 y la reserva vale $\u00a0850.000');
    expect(motivo(dictaminar(t({ x_amount: '8.5e5' }), s, cred, true))).toBe('se cobraron «8.5e5» y la reserva vale $\u00a0850.000');
    expect(motivo(dictaminar(t({ x_currency_code: 'usd' }), s, cred, true))).toBe('se cobró en USD y la reserva se paga en COP');
    expect(motivo(dictaminar(t(), { ...s, estado: 'reservado' }, cred, true))).toBe('la reserva ya estaba pagada');
    expect(motivo(dictaminar(t(), { ...s, estado: 'finalizado' }, cred, true))).toBe('la reserva ya estaba pagada');
    expect(motivo(dictaminar(t(), { ...s, estado: 'cancelado' }, cred, true))).toBe('la reserva estaba cancelada');
    expect(motivo(dictaminar(t(), { ...s, estado: 'pendiente' }, cred, true))).toBe('la solicitud aún no tenía una oferta aceptada');
    expect(motivo(dictaminar(t(), { ...s, metodoPago: 'transferencia' }, cred, true))).toBe('la reserva se paga por transferencia');
  });

  it("believes the fields ePayco does not sign only as ePayco's own record states them", () => {
    const registro = t({ x_cod_response: '3' });
    expect(discrepancia(registro, registro)).toBeNull();
    expect(discrepancia({ ...registro, x_signature: registro.x_signature.toUpperCase() }, registro)).toBeNull();
    expect(discrepancia({ ...registro, x_test_request: 'false' }, registro)).toBeNull();
    // Still correctly signed, each of these changes: a pending payment made accepted, another reservation, a test made real.
    expect(discrepancia({ ...registro, x_cod_response: '1' }, registro)).toMatch(/x_cod_response/);
    expect(discrepancia({ ...registro, x_id_invoice: 's2' }, registro)).toMatch(/x_id_invoice/);
    expect(discrepancia({ ...t({ x_test_request: 'TRUE' }), x_test_request: 'FALSE' }, t({ x_test_request: 'TRUE' }))).toMatch(/x_test_request/);
    // Another transaction of the same reference (ePayco's record is of another amount).
    expect(discrepancia(t(), t({ x_amount: '1' }))).toMatch(/x_signature/);
  });
});

describe('what the payment lists point out', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const hace = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('an account changed within the last 7 days, not one changed before, nor one never changed', () => {
    expect(CUENTA_RECIENTE_DIAS).toBe(7);
    expect(cuentaCambiadaHace({ en: hace(30 * 3_600_000) }, now)).toBe(true);
    expect(cuentaCambiadaHace({ en: hace(7 * 86_400_000 - 60_000) }, now)).toBe(true);
    expect(cuentaCambiadaHace({ en: hace(7 * 86_400_000 + 60_000) }, now)).toBe(false);
    expect(cuentaCambiadaHace(null, now)).toBe(false);
    expect(cuentaCambiadaHace(undefined, now)).toBe(false);
  });

  it('an ePayco payment waiting past its 30 minutes; never a transfer, nor one without its acceptance time', () => {
    expect(EPAYCO_ESPERA_MIN).toBe(30);
    expect(esperaLargaEpayco({ metodoPago: 'epayco', aceptadoEn: hace(31 * 60_000) }, now)).toBe(true);
    expect(esperaLargaEpayco({ metodoPago: 'epayco', aceptadoEn: hace(29 * 60_000) }, now)).toBe(false);
    expect(esperaLargaEpayco({ metodoPago: 'transferencia', aceptadoEn: hace(5 * 3_600_000) }, now)).toBe(false);
    expect(esperaLargaEpayco({ metodoPago: 'epayco', aceptadoEn: null }, now)).toBe(false);
  });
});

describe('the history’s range', () => {
  const hoy = '2026-11-28';
  it('is the last 90 days to the next 30 unless asked, either end alone too', () => {
    expect(rangoHistorial(null, null, hoy)).toEqual({ desde: '2026-08-30', hasta: '2026-12-28' });
    expect(rangoHistorial('2026-11-01', undefined, hoy)).toEqual({ desde: '2026-11-01', hasta: '2026-12-28' });
  });
  it('takes a year and a day at most, one day at least', () => {
    expect(rangoHistorial('2025-11-28', '2026-11-29', hoy)).toEqual({ desde: '2025-11-28', hasta: '2026-11-29' });
    expect(rangoHistorial('2026-11-28', '2026-11-28', hoy)).toEqual({ desde: '2026-11-28', hasta: '2026-11-28' });
    expect(rangoHistorial('2025-11-28', '2026-11-30', hoy)).toBe('largo');
    expect(rangoHistorial('2026-12-02', '2026-12-01', hoy)).toBe('invertido');
  });
  it('refuses what is not a day', () => {
    for (const malo of ['2026-02-30', '2026/11/28', '28-11-2026', '', 'ayer']) expect(rangoHistorial(malo, '2026-12-01', hoy)).toBe('fechas');
    // Days out of the years 2000-2999: 9999-12-31 ended in the year 10000 and broke the store's query (500).
    expect(rangoHistorial('9999-12-31', '9999-12-31', hoy)).toBe('fechas');
    expect(rangoHistorial('1999-12-31', '2000-01-01', hoy)).toBe('fechas');
    expect(rangoHistorial('2999-12-31', '2999-12-31', hoy)).toEqual({ desde: '2999-12-31', hasta: '2999-12-31' });
  });
});

describe('Historial’s filters from its address', () => {
  const hoy = '2026-11-28';
  const empresas = [{ id: 'demo-transvalle' }, { id: 'demo-expreso' }];
  const leer = (q: string, plataforma = true, lista: typeof empresas | undefined = empresas) => filtrosDeEnlace(new URLSearchParams(q), { plataforma, empresas: lista, hoy });

  it('reads a staff link whole, the search included, and discards nothing', () => {
    expect(leer('desde=2026-11-01&hasta=2026-11-30&estado=finalizado&empresa=demo-expreso&q=Icesi')).toEqual({
      rango: { desde: '2026-11-01', hasta: '2026-11-30' },
      estado: 'finalizado',
      empresa: 'demo-expreso',
      busqueda: 'Icesi',
      descartes: [],
    });
  });

  it('opens the default for what does not read, and names each thing and why', () => {
    const f = leer('desde=2026-12-31&hasta=2026-01-01&estado=en-curso&empresa=zzz');
    expect(f).toMatchObject({ rango: { desde: '2026-08-30', hasta: '2026-12-28' }, estado: '', empresa: null });
    expect(f.descartes).toEqual([
      { parametros: ['desde', 'hasta'], texto: `Fechas: ${PAGO_MSG.rangoInvertido} Se muestran los últimos 90 días y los próximos 30.` },
      { parametros: ['estado'], texto: 'Estado: «en-curso» no es un estado de servicio. Se muestran todos los estados.' },
      { parametros: ['empresa'], texto: 'Empresa: «zzz» no está entre las empresas aliadas. Se muestran todas las empresas.' },
    ]);
    // A day that is no date goes alone, named; the other end stays.
    expect(leer('desde=ayer&hasta=2026-12-15')).toMatchObject({
      rango: { desde: '2026-08-30', hasta: '2026-12-15' },
      descartes: [{ parametros: ['desde'], texto: 'Fechas: «ayer» no es una fecha. Desde: la de por defecto, hace 90 días.' }],
    });
    expect(leer('desde=x&hasta=y').descartes).toEqual([{ parametros: ['desde', 'hasta'], texto: 'Fechas: «x» y «y» no son fechas. Se muestran los últimos 90 días y los próximos 30.' }]);
    // …and if what is left still breaks (backwards), the range goes whole.
    expect(leer('desde=2027-01-10&hasta=mañana').descartes.map((d) => d.parametros)).toEqual([['hasta'], ['desde', 'hasta']]);
    expect(leer('desde=2025-01-01&hasta=2026-12-31').descartes[0]!.texto).toContain(PAGO_MSG.rangoLargo);
  });

  it('keeps a staff company while their list loads, and drops a company from a company’s link without a word', () => {
    // (Called directly: `undefined` would give `leer` its default list.)
    expect(filtrosDeEnlace(new URLSearchParams('empresa=zzz'), { plataforma: true, empresas: undefined, hoy })).toMatchObject({ empresa: 'zzz', descartes: [] });
    expect(leer('empresa=demo-transvalle', false)).toMatchObject({ empresa: null, descartes: [{ parametros: ['empresa'], texto: '' }] });
  });
});

describe('Historial’s totals', () => {
  it('count the services won and their value without the cancelled ones, and the finished apart', () => {
    const filas = [
      { estado: 'finalizado', valorOferta: 1_000_000 },
      { estado: 'confirmado', valorOferta: 500_000 },
      { estado: 'validar', valorOferta: 250_000 },
      { estado: 'cancelado', valorOferta: 900_000 },
      { estado: 'reservado', valorOferta: null },
    ];
    expect(totalesHistorial(filas)).toEqual({ servicios: 4, enValidacion: 1, cancelados: 1, valor: 1_750_000, finalizados: 1, valorFinalizados: 1_000_000 });
    expect(totalesHistorial([])).toEqual({ servicios: 0, enValidacion: 0, cancelados: 0, valor: 0, finalizados: 0, valorFinalizados: 0 });
  });
});
