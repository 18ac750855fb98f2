import { randomUUID } from 'node:crypto';
import { APP_CLIENTES, EPAYCO, nuevaEntrada, SISTEMA, type EntradaHistorial, type Quien } from '@shared/schemas/historial.js';
import { normalizarBusqueda } from '@shared/domain/proveedores.js';
import { POR_ASIGNAR, serviceSchema, type CobroSinAplicar, type Service } from '@shared/schemas/service.js';
import { servicioPendiente } from '@shared/domain/servicios.js';
import { camposDeAsignacion } from '@shared/domain/asignacion.js';
import { uploadKeys } from '@shared/domain/uploads.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { type Vehiculo } from '@shared/schemas/vehiculo.js';
import { servicioSimulado } from './demo-data.js';
import { prng } from './prng.js';
import { fechaFuec, fuecPdf } from './fuec-pdf.js';
import { textoCuenta } from '@shared/schemas/pagos.js';
import { pagoConductor } from '@shared/domain/pagos.js';
import { idMovimiento, type Movimiento } from '../../lambdas/data/pago-repository.js';
import { secretoSeguimiento } from '../../lambdas/data/seguimiento-secreto.js';
import { cuentaEn } from './seed-flota.js';
import { demoVehiculo, FLEET } from './seed-flota.js';
import { DEMO_USERS } from './demo-users.js';

/** The demo services at every stage, with the ledger and trail the routes would have written for them. */

/** A demo service: a request as the client app publishes it (see the simulator), at the given stage. */
export function makeService(rand: () => number, now: Date, overrides: Partial<Service> & Pick<Service, 'id' | 'estado'>): Service {
  const creadoEn = new Date(now.getTime() - Math.floor(rand() * 10 * 3600_000));
  const { expiresAt, mapa, ...publicado } = servicioPendiente(servicioSimulado(rand, now), creadoEn);
  // Past pendiente a service no longer expires nor sits in the map's pending index.
  // Its client payment validated 2 hours after it was published, or halfway to now when that is sooner (never in the future).
  const creado = Date.parse(overrides.creadoEn ?? publicado.creadoEn);
  const pagado = !['pendiente', 'validar', 'cancelado'].includes(overrides.estado) ? { pagoValidadoEn: new Date(creado + Math.min(2 * 3600_000, (now.getTime() - creado) / 2)).toISOString() } : {};
  return serviceSchema.parse({ ...publicado, ...(overrides.estado === 'pendiente' ? { expiresAt, mapa } : {}), ...pagado, ...overrides });
}

export function pendingServices(count: number, now: Date, seedValue: number): Service[] {
  const rand = prng(seedValue);
  return Array.from({ length: count }, () => makeService(rand, now, { id: randomUUID(), estado: 'pendiente' }));
}

/**
 * Services already won by Transportes del Valle, one per later stage of the lifecycle, of types in its
 * fleet (so its map shows each stage) and driven by its vehicles of that type where one is assigned.
 */
export function ownServices(now: Date): Service[] {
  const rand = prng(2026);
  const mine = { empresaAliada: 'demo-transvalle', nombreEmpresaAliada: 'Transportes del Valle S.A.S.' };
  // Assigned as the assignment route does it: the vehicle's and driver's fields copied in.
  const con = (i: number) => camposDeAsignacion(demoVehiculo(FLEET[i]!, i, now).vehiculo);
  const dias = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
  const confirmado = { estado: 'confirmado', fuec: true, pagarAnticipoConductor: true } as const;
  const finalizado = { estado: 'finalizado', fuec: true, recorridoIniciado: true, pagarAnticipoConductor: true, pagarSaldoConductor: true } as const;
  // Months of finished, fully paid trips behind it: the history and its totals.
  const pasados = () =>
    Array.from({ length: 10 }, (_, k) =>
    makeService(rand, now, {
      id: `demo-historico-${String(k + 1).padStart(2, '0')}`, ...mine, ...finalizado, ...con(k % 3), tipo: FLEET[k % 3]!.tipo, pasajeros: 4 + k,
      valorOferta: 480_000 + k * 137_000, metodoPago: k % 2 ? 'epayco' : 'transferencia', anticipoConductorPagado: true, saldoConductorPagado: true,
      fechaSalida: dias(-8 - k * 6), fechaRegreso: null, creadoEn: dias(-11 - k * 6),
    }),
  );
  // The first five keep their place: the random draws (dates, routes) other tests rely on stay the same.
  const servicios = [
    makeService(rand, now, { id: 'demo-validar-1', estado: 'validar', ...mine, tipo: 'Minivan', pasajeros: 9, valorOferta: 850_000, metodoPago: 'transferencia', comprobantePago: uploadKeys.comprobanteCliente('demo-validar-1', 'demo') }),
    makeService(rand, now, { id: 'demo-reservado-1', estado: 'reservado', ...mine, tipo: 'Suv', pasajeros: 5, valorOferta: 1_200_000, metodoPago: 'epayco' }),
    makeService(rand, now, { id: 'demo-reservado-2', estado: 'reservado', ...mine, tipo: 'Van', pasajeros: 12, valorOferta: 640_000, metodoPago: 'transferencia', ...con(0) }),
    makeService(rand, now, { id: 'demo-confirmado-1', ...mine, ...confirmado, tipo: 'Buseta', pasajeros: 22, valorOferta: 2_300_000, metodoPago: 'epayco', ...con(1), fechaSalida: new Date(now.getTime() + 90 * 60_000).toISOString() }),
    makeService(rand, now, { id: 'demo-finalizado-1', ...mine, ...finalizado, tipo: 'Van', pasajeros: 14, valorOferta: 980_000, metodoPago: 'transferencia', ...con(0), anticipoConductorPagado: true, fechaSalida: dias(-3), creadoEn: dias(-6) }),
    // Beyond them: transfers and card payments waiting, an advance paid, a trip under way, balances due and paid.
    makeService(rand, now, { id: 'demo-validar-2', estado: 'validar', ...mine, tipo: 'Van', pasajeros: 11, valorOferta: 1_350_000, metodoPago: 'epayco' }),
    makeService(rand, now, { id: 'demo-validar-3', estado: 'validar', ...mine, tipo: 'Suv', pasajeros: 4, valorOferta: 720_000, metodoPago: 'transferencia' }),
    makeService(rand, now, { id: 'demo-validar-4', estado: 'validar', ...mine, tipo: 'Bus', pasajeros: 38, valorOferta: 3_150_000, metodoPago: 'epayco' }),
    makeService(rand, now, { id: 'demo-confirmado-2', ...mine, ...confirmado, tipo: 'Automovil', pasajeros: 3, valorOferta: 415_000, metodoPago: 'transferencia', ...con(4), anticipoConductorPagado: true, fechaSalida: dias(2), fechaRegreso: null }),
    makeService(rand, now, { id: 'demo-encurso-1', ...mine, ...confirmado, recorridoIniciado: true, recorridoIniciadoEn: new Date(now.getTime() - 3 * 3600_000).toISOString(), seguimiento: secretoSeguimiento(), tipo: 'Minivan', pasajeros: 10, valorOferta: 1_080_000, metodoPago: 'epayco', ...con(5), anticipoConductorPagado: true, fechaSalida: new Date(now.getTime() - 60 * 60_000).toISOString(), fechaRegreso: new Date(now.getTime() + 6 * 3600_000).toISOString() }),
    makeService(rand, now, { id: 'demo-finalizado-2', ...mine, ...finalizado, tipo: 'Chiva', pasajeros: 30, valorOferta: 1_745_001, metodoPago: 'epayco', ...con(6), fechaSalida: dias(-2), fechaRegreso: null, creadoEn: dias(-5) }),
    makeService(rand, now, { id: 'demo-finalizado-3', ...mine, ...finalizado, tipo: 'Suv', pasajeros: 6, valorOferta: 890_000, metodoPago: 'transferencia', ...con(2), anticipoConductorPagado: true, saldoConductorPagado: true, fechaSalida: dias(-5), fechaRegreso: null, creadoEn: dias(-8) }),
    ...pasados(),
    // Departures that passed before the trip (reservaVencida): one still reserved, paid and without a
    // vehicle, for staff to cancel; one cancelled, whose transfer never came.
    makeService(rand, now, { id: 'demo-vencido-1', estado: 'reservado', ...mine, tipo: 'Van', pasajeros: 10, valorOferta: 760_000, metodoPago: 'epayco', fechaSalida: new Date(now.getTime() - 20 * 3600_000).toISOString(), fechaRegreso: null, creadoEn: dias(-3) }),
    makeService(rand, now, {
      id: 'demo-cancelado-1', estado: 'cancelado', ...mine, tipo: 'Minivan', pasajeros: 8, valorOferta: 530_000, metodoPago: 'transferencia', fechaSalida: dias(-4), fechaRegreso: null, creadoEn: dias(-6),
      cancelacion: { motivo: 'El cliente no envió el comprobante de la transferencia antes de la salida y el viaje no se hizo. No hubo pago que reembolsar.', at: dias(-3.8) },
    }),
  ];
  // A client who paid twice: ePayco's second charge of a paid trip, still to refund.
  return servicios.map((s) =>
    s.id === 'demo-historico-02'
      ? { ...s, cobrosSinAplicar: [{ referencia: 'ePayco 4471203', monto: s.valorOferta ?? 0, moneda: 'COP', motivo: 'la reserva ya estaba pagada', at: new Date(Date.parse(s.fechaSalida) - 86_400_000).toISOString() }] }
      : s,
  );
}

/** The ledger row of a demo charge that did not apply (lambdas/api/routes/epayco.ts, sinAplicar). */
export const cobroDemo = (s: Service, c: CobroSinAplicar) => {
  const ref = c.referencia.replace('ePayco ', '');
  return {
    id: `epayco#${ref}`, tipo: 'cobro-sin-aplicar', resultado: 'sin-aplicar', servicioId: s.id, empresaAliada: s.empresaAliada, cliente: s.empresa,
    nombreEmpresaAliada: s.nombreEmpresaAliada ?? '', busqueda: normalizarBusqueda([c.referencia, s.id, s.empresa, s.nombreEmpresaAliada ?? ''].join(' ')),
    transaccion: '88120455', respuesta: '1', registradoEn: c.at, ...c,
  };
};

/** A demo ePayco reference of its own for each reservation (six digits, from its id). */
export const refEpaycoDemo = (id: string) => 100_000 + [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 900_000, 7);

/**
 * The ledger rows of what a demo reservation has been paid, as the routes write them: the client's
 * payment when validated (by ePayco's confirmation or by staff), then the driver's payouts at their
 * trail's times, each naming the account paid to then.
 */
export function demoLedger(s: Service, v: Vehiculo | undefined, now: Date): Movimiento[] {
  if (s.estado === 'pendiente' || s.estado === 'validar' || (s.estado === 'cancelado' && !s.pagoValidadoEn)) return [];
  const dia = (iso: string) => hoyEnBogota(new Date(iso));
  const epayco = s.metodoPago === 'epayco';
  const validado = s.pagoValidadoEn ?? pasoDemo(s, now, 3).toISOString();
  const base = { servicioId: s.id, empresaAliada: s.empresaAliada };
  const out: Movimiento[] = [
    {
      ...base, id: idMovimiento.pagoCliente(s.id), tipo: 'pago-cliente', monto: s.valorOferta ?? 0, fecha: dia(validado), registradoEn: validado, metodo: s.metodoPago ?? undefined,
      referencia: epayco ? `ePayco ${refEpaycoDemo(s.id)}` : 'Transferencia verificada', registradoPor: epayco ? EPAYCO.nombre : DEMO_USERS.plataforma,
    },
  ];
  const monto = pagoConductor(s.valorOferta ?? 0);
  const payout = (tipo: 'anticipo' | 'saldo', at: string): Movimiento => {
    const cuenta = cuentaEn(v, at);
    return {
      ...base, id: idMovimiento.conductor(tipo, s.id), tipo, monto, fecha: dia(at), registradoEn: at, registradoPor: DEMO_USERS.plataforma, vehiculoId: s.vehiculoId,
      referencia: `TRF-${s.id.slice(-4).toUpperCase()}-${tipo === 'anticipo' ? 'A' : 'S'}`, ...(cuenta ? { cuentaDestino: cuenta } : {}),
    };
  };
  if (s.anticipoConductorPagado) out.push(payout('anticipo', pasoDemo(s, now, 6).toISOString()));
  if (s.saldoConductorPagado) out.push(payout('saldo', new Date(Date.parse(s.fechaSalida) + 2 * 86_400_000).toISOString()));
  return out;
}

/** The demo trip's FUEC: its plate, dates and route, so the check finds it in order. */
export const fuecDemo = (s: Service) =>
  fuecPdf({ placa: s.placas, desde: fechaFuec(s.fechaSalida), hasta: fechaFuec(s.fechaRegreso ?? s.fechaSalida), origen: s.origen, destino: s.destino });

/** When a demo reservation took its `k`-th step: the steps spread between its publication and now (or its departure, for a finished one). */
export function pasoDemo(s: Service, now: Date, k: number): Date {
  const t0 = Date.parse(s.creadoEn);
  const fin = Math.min(now.getTime(), Date.parse(s.fechaSalida) - 3 * 3600_000);
  const paso = t0 + Math.max(fin - t0, 7 * 60_000) * (k / 7);
  // Never after now (a service published minutes ago): its later steps a second apart just before it.
  return new Date(Math.max(t0, Math.min(paso, now.getTime() - (7 - k) * 1000)));
}

/** The audit trail each demo reservation would have: its steps so far, an hour or so apart; its payouts as its ledger has them. */
export function demoHistory(s: Service, ledger: readonly Movimiento[], now: Date): EntradaHistorial[] {
  const admin: Quien = { tipo: 'usuario', nombre: DEMO_USERS.admin, empresaId: 'demo-transvalle' };
  const at = (k: number) => pasoDemo(s, now, k);
  const out = [nuevaEntrada(s.id, 'publicacion', APP_CLIENTES, {}, { estado: 'pendiente' }, at(0))];
  out.push(nuevaEntrada(s.id, 'oferta', admin, {}, { precio: s.valorOferta ?? 0, estado: 'enviada' }, at(1)));
  out.push(nuevaEntrada(s.id, 'aceptacion', APP_CLIENTES, { estado: 'pendiente' }, { estado: 'validar', empresaAliada: 'demo-transvalle', precio: s.valorOferta ?? 0, metodoPago: s.metodoPago }, at(2)));
  if (s.comprobantePago) out.push(nuevaEntrada(s.id, 'comprobante', APP_CLIENTES, {}, { comprobante: 'application/pdf' }, at(2.5)));
  const plataforma: Quien = { tipo: 'usuario', nombre: DEMO_USERS.plataforma };
  if (s.estado !== 'validar' && (s.estado !== 'cancelado' || s.pagoValidadoEn)) out.push(nuevaEntrada(s.id, 'pago-validado', s.metodoPago === 'epayco' ? EPAYCO : plataforma, { estado: 'validar' }, { estado: 'reservado', metodoPago: s.metodoPago }, at(3)));
  if (s.placas !== POR_ASIGNAR) out.push(nuevaEntrada(s.id, 'asignacion', admin, { placas: POR_ASIGNAR, conductor: POR_ASIGNAR }, { placas: s.placas, conductor: s.conductor, vehiculoId: s.vehiculoId ?? null }, at(4)));
  if (s.fuec) out.push(nuevaEntrada(s.id, 'fuec', admin, { estado: 'reservado', fuec: false }, { estado: 'confirmado', fuec: true, tipoFuec: 'application/pdf', pagarAnticipoConductor: true }, at(5)));
  // A payout's entry as the payout route writes it: amount, reference, day and account.
  const pagoEntrada = (tipo: 'anticipo' | 'saldo', flag: 'anticipoConductorPagado' | 'saldoConductorPagado') => {
    const m = ledger.find((l) => l.tipo === tipo)!;
    const despues = { [flag]: true, monto: m.monto, referencia: m.referencia, fecha: m.fecha, cuenta: m.cuentaDestino ? textoCuenta(m.cuentaDestino) : null };
    return nuevaEntrada(s.id, tipo, plataforma, { [flag]: false }, despues, new Date(m.registradoEn));
  };
  if (s.anticipoConductorPagado) out.push(pagoEntrada('anticipo', 'anticipoConductorPagado'));
  for (const c of s.cobrosSinAplicar ?? []) out.push(nuevaEntrada(s.id, 'cobro-sin-aplicar', EPAYCO, {}, { referencia: c.referencia, monto: c.monto, motivo: c.motivo }, new Date(c.at)));
  if (s.cancelacion) out.push(nuevaEntrada(s.id, 'cancelacion', plataforma, { estado: s.pagoValidadoEn ? 'reservado' : 'validar' }, { estado: 'cancelado', motivo: s.cancelacion.motivo }, new Date(s.cancelacion.at)));
  if (s.estado === 'finalizado') {
    const salida = Date.parse(s.fechaSalida);
    out.push(nuevaEntrada(s.id, 'inicio', SISTEMA, { recorridoIniciado: false }, { recorridoIniciado: true }, new Date(salida - 2 * 3600_000)));
    out.push(nuevaEntrada(s.id, 'fin', admin, { estado: 'confirmado', pagarSaldoConductor: false }, { estado: 'finalizado', pagarSaldoConductor: true }, new Date(salida + 5 * 3600_000)));
    if (s.saldoConductorPagado) out.push(pagoEntrada('saldo', 'saldoConductorPagado'));
  }
  return out;
}
