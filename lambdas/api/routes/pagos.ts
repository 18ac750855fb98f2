import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { comisionPlataforma, pagoConductor, problemaPagoConductor, type PagoConductor } from '../../../shared/domain/pagos.js';
import { reservaVencida } from '../../../shared/domain/recorrido.js';
import { hoyEnBogota } from '../../../shared/domain/vencimientos.js';
import { uploadKeys } from '../../../shared/domain/uploads.js';
import {
  cuentaDe,
  mismaCuenta,
  PAGO_MSG,
  textoCuenta,
  type CuentaDestino,
  type CancelacionBody,
  type CobroPorReembolsarFila,
  type ReembolsoBody,
  cobroPorReembolsarFilaSchema,
  EPAYCO_MSG,
  type DecisionPago,
  type Movimiento as MovimientoVista,
  type PagoConductorBody,
  type PagoConductorFila,
  type PagoDetalle,
  type PagoPorValidarFila,
  type RecompensaBody,
  type RecompensaFila,
  type ResumenPagos,
} from '../../../shared/schemas/pagos.js';
import { MAPA_MSG } from '../../../shared/schemas/messages-servicios.js';
import { PLATAFORMA_NOMBRE } from '../../../shared/schemas/historial.js';
import type { CobroSinAplicar, Service } from '../../../shared/schemas/service.js';
import type { Vehiculo } from '../../../shared/schemas/vehiculo.js';
import * as z from '../../../shared/schemas/zod-es.js';
import { storage } from '../../adapters/storage.js';
import { cambios } from '../../data/cambios.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { ttlCache } from '../../data/ttl-cache.js';
import { busquedaDeRecompensa, idMovimiento, pagoRepository, TIPO_POR_REEMBOLSAR, TIPO_REEMBOLSADO, type Movimiento } from '../../data/pago-repository.js';
import { serviceRepository } from '../../data/service-repository.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { quienDe, type ConsolaCaller, type PlataformaCaller } from '../caller.js';
import { busquedaYLimite, codificarCursor, decodificarCursor } from '../cursor.js';
import { jsonWithEtag } from '../etag.js';
import { idParam } from '../validate.js';
import { deleteFiles, escribirConArchivos, putFiles, takeCheckedFiles } from './uploads.js';

/**
 * Payments (issue "Payments, driver payouts, referral rewards…"): the client's payment validated by
 * marketplace staff, the driver's advance and balance, the referrer's reward. Every payout is one
 * transaction: the flag, the ledger row keyed by what it pays (so never twice) and the trail entry.
 */

export const POR_PAGINA = 25;

/** The company a list is read for: a company user's own; marketplace staff's choice, or every company's. */
export function empresaDeLista(c: Context, caller: ConsolaCaller): string | null {
  if (caller.kind === 'empresa') return caller.empresaId;
  const empresa = c.req.query('empresa');
  if (!empresa) return null;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(empresa)) throw badRequest(PAGO_MSG.empresaRequerida);
  return empresa;
}

/** The list's paging and filter from the query string: `q`, `cursor`, `limite`. */
export function opcionesDeLista(c: Context, particion: [string, string], campoOrden: string, mensajeCursor: string) {
  return {
    ...busquedaYLimite(c, POR_PAGINA),
    cursor: decodificarCursor(c.req.query('cursor'), { particion, campos: ['id', campoOrden] }, mensajeCursor),
  };
}

const CURSOR_MSG = 'La página pedida no es válida. Vuelve a la primera.';

// --- Counts (the bottom bar's badge and the tabs) ---------------------------------------------

/** A company's counts: kept per container until the change log names the company (or CACHE_REGISTROS_MS), so polling reads nothing. */
const conteos = cambios.cache<ResumenPagos>('empresa');
/**
 * Every company's counts (staff's): recounting reads every pending payment, and any company's change
 * would drop them, so they are kept CONTEOS_TODAS_MS whatever changes elsewhere; a payment registered
 * (by staff, ePayco) or made due (a FUEC, a trip's end, a client's acceptance or receipt) drops them
 * at once in the container that handled it.
 */
export const CONTEOS_TODAS_MS = 30_000;
const conteosTodas = ttlCache<ResumenPagos>(CONTEOS_TODAS_MS);
/** A payment registered or made due: staff's counts are recounted at once (in this container). */
export const pagoRegistrado = () => conteosTodas.forget();

/** `GET /pagos/resumen`: how many payouts wait (the badge is anticipos + saldos); staff also see payments to validate and rewards. */
export async function resumenPagos(c: Context, caller: ConsolaCaller) {
  const empresaId = caller.kind === 'empresa' ? caller.empresaId : null;
  const contarConductor = () => Promise.all([serviceRepository.contarPorPagar('anticipo', empresaId), serviceRepository.contarPorPagar('saldo', empresaId)]);
  const resumen = empresaId
    ? await conteos.get(empresaId, async () => {
        const [anticipos, saldos] = await contarConductor();
        return { anticipos, saldos };
      })
    : await conteosTodas.get('*', async () => {
        const [[anticipos, saldos], epayco, transferencia, recompensas, reembolsos] = await Promise.all([
          contarConductor(),
          serviceRepository.contarPorPagar('epayco', null),
          serviceRepository.contarPorPagar('transferencia', null),
          vehiculoRepository.contarRecompensas(),
          pagoRepository.contarPorReembolsar(),
        ]);
        return { anticipos, saldos, epayco, transferencia, recompensas, reembolsos };
      });
  return jsonWithEtag(c, resumen);
}

// --- The client's payment -------------------------------------------------------------------

const metodoSchema = z.enum(['epayco', 'transferencia']);

const filaPorValidar = async (s: Service): Promise<PagoPorValidarFila> => ({
  id: s.id,
  metodoPago: s.metodoPago!,
  valorOferta: s.valorOferta ?? 0,
  clase: s.clase,
  origen: s.origen,
  destino: s.destino,
  tipo: s.tipo,
  imagenCliente: s.imagenCliente ?? null,
  cliente: s.empresa,
  fechaSalida: s.fechaSalida,
  empresaAliada: s.empresaAliada ?? '',
  nombreEmpresaAliada: s.nombreEmpresaAliada ?? '',
  comprobante: s.comprobantePago ? 'recibido' : s.pagoRechazado ? 'rechazado' : 'pendiente',
  aceptadoEn: s.aceptadoEn ?? null,
});

/** `GET /plataforma/pagos-por-validar/{metodo}`: reservations whose payment by this method waits, earliest departure first. */
export async function listarPagosPorValidar(c: Context, caller: PlataformaCaller) {
  const metodo = metodoSchema.safeParse(c.req.param('metodo'));
  if (!metodo.success) throw notFound(PAGO_MSG.listaInvalida);
  const empresaId = empresaDeLista(c, caller);
  const particion: [string, string] = empresaId ? ['pagoPendienteEmpresa', `${empresaId}#${metodo.data}`] : ['pagoPendiente', metodo.data];
  const pagina = await serviceRepository.porPagar(metodo.data, empresaId, opcionesDeLista(c, particion, 'fechaSalida', CURSOR_MSG));
  return jsonWithEtag(c, { items: await Promise.all(pagina.items.map(filaPorValidar)), cursor: codificarCursor(pagina.cursor) });
}

const servicioId = (c: Context) => idParam(c, 'servicioId', MAPA_MSG.servicioNoEncontrado);

async function servicioExistente(c: Context): Promise<Service> {
  const s = await serviceRepository.get(servicioId(c));
  if (!s) throw notFound(MAPA_MSG.servicioNoEncontrado);
  return s;
}

/** The client's payment as validated: the ledger row of the whole offer's value. */
export function pagoDelCliente(s: Service, referencia: string, registradoPor: string, now: Date, comprobante?: string): Movimiento {
  return {
    id: idMovimiento.pagoCliente(s.id),
    tipo: 'pago-cliente',
    monto: s.valorOferta ?? 0,
    fecha: hoyEnBogota(now),
    referencia,
    ...(comprobante ? { comprobante } : {}),
    registradoPor,
    registradoEn: now.toISOString(),
    servicioId: s.id,
    empresaAliada: s.empresaAliada,
    metodo: s.metodoPago ?? undefined,
  };
}

/**
 * `POST /plataforma/servicios/{id}/pago`: marketplace staff confirm the client's transfer (the
 * reservation becomes 'reservado' for its company) or reject it with a reason (the receipt is set
 * aside and the client sends another). Only a transfer in validation with a receipt; of two decisions
 * at once, one wins.
 */
export async function decidirPago(c: Context, caller: PlataformaCaller, body: DecisionPago) {
  const s = await servicioExistente(c);
  if (s.estado !== 'validar') throw conflict(PAGO_MSG.noEnValidacion);
  if (s.metodoPago !== 'transferencia') throw conflict(PAGO_MSG.noEsTransferencia);
  if (!s.comprobantePago) throw conflict(PAGO_MSG.sinComprobante);
  const now = new Date();
  const condicion = {
    expresion: 'estado = :cv AND metodoPago = :cm AND comprobantePago = :cc',
    valores: { ':cv': 'validar', ':cm': 'transferencia', ':cc': s.comprobantePago },
  };
  const quien = quienDe(caller);
  const hecho =
    body.decision === 'confirmar'
      ? await serviceRepository.cambiarPago(
          s,
          {
            cambios: { estado: 'reservado', pagoValidadoEn: now.toISOString(), referenciaPago: 'Transferencia verificada' },
            quitar: ['pagoRechazado'],
            condicion,
            movimientos: [pagoDelCliente(s, 'Transferencia verificada', caller.email, now, s.comprobantePago)],
          },
          { accion: 'pago-validado', quien, antes: { estado: 'validar' }, despues: { estado: 'reservado', metodoPago: 'transferencia' } },
          now,
        )
      : await serviceRepository.cambiarPago(
          s,
          { cambios: { pagoRechazado: { motivo: body.motivo, at: now.toISOString() } }, quitar: ['comprobantePago'], condicion },
          // The refused receipt's key stays in the trail (the service forgets it once a new one comes).
          { accion: 'pago-rechazado', quien, antes: { comprobante: 'Recibido', archivoComprobante: s.comprobantePago }, despues: { motivo: body.motivo } },
          now,
        );
  if (!hecho) throw conflict(PAGO_MSG.decisionYaRegistrada);
  pagoRegistrado();
  return c.json({ id: s.id, estado: body.decision === 'confirmar' ? 'reservado' : 'validar' });
}

/**
 * What a cancellation's reason is about: the state, the vehicle, the client's receipt, its payment and
 * the charges that did not apply.
 * The detail carries it, the cancellation sends it back; no stored value can be read out of it.
 */
export const huellaCancelacion = (s: Service): string =>
  createHash('sha256')
    .update(JSON.stringify([s.id, s.estado, s.placas, s.comprobantePago ?? null, s.pagoValidadoEn ?? null, s.cobrosSinAplicar?.length ?? 0]))
    .digest('hex')
    .slice(0, 16);

/**
 * `POST /plataforma/servicios/{id}/cancelacion` (beyond the spec): marketplace staff cancel a
 * reservation whose departure passed before its trip was confirmed (`reservaVencida`), with the reason
 * and how the client is refunded, which the company and the client app read. It leaves every list
 * that waits on it (a payment to check, a vehicle to assign); its vehicle, if any, is free again.
 */
export async function cancelarReserva(c: Context, caller: PlataformaCaller, body: CancelacionBody) {
  const s = await servicioExistente(c);
  const now = new Date();
  if (!reservaVencida(s, now)) throw conflict(PAGO_MSG.noCancelable);
  // The reason was written about the reservation as the detail showed it: a payment, a receipt or a
  // vehicle that came since would make it wrong ("no hubo pago" on a paid one), so staff look again.
  if (body.huella !== huellaCancelacion(s)) throw conflict(PAGO_MSG.cancelacionCambio);
  const cancelacion = { motivo: body.motivo, at: now.toISOString() };
  // And still so when written (what the fingerprint covers, checked by the write itself).
  const condicion = {
    expresion: [
      'estado = :ce AND placas = :cp',
      s.comprobantePago ? 'comprobantePago = :cc' : 'attribute_not_exists(comprobantePago)',
      s.pagoValidadoEn ? 'pagoValidadoEn = :cv' : 'attribute_not_exists(pagoValidadoEn)',
      s.cobrosSinAplicar?.length ? 'size(cobrosSinAplicar) = :cn' : 'attribute_not_exists(cobrosSinAplicar)',
    ].join(' AND '),
    valores: {
      ':ce': s.estado,
      ':cp': s.placas,
      ...(s.comprobantePago ? { ':cc': s.comprobantePago } : {}),
      ...(s.pagoValidadoEn ? { ':cv': s.pagoValidadoEn } : {}),
      ...(s.cobrosSinAplicar?.length ? { ':cn': s.cobrosSinAplicar.length } : {}),
    },
  };
  const hecho = await serviceRepository.cambiarPago(
    s,
    { cambios: { estado: 'cancelado', cancelacion }, condicion },
    { accion: 'cancelacion', quien: quienDe(caller), antes: { estado: s.estado }, despues: { estado: 'cancelado', motivo: body.motivo } },
    now,
  );
  if (!hecho) throw conflict(PAGO_MSG.cancelacionConcurrente);
  pagoRegistrado();
  return c.json({ id: s.id, estado: 'cancelado', cancelacion });
}

// --- The driver's payouts -------------------------------------------------------------------

const tipoConductorSchema = z.enum(['anticipo', 'saldo']);
const FLAG: Record<PagoConductor, 'anticipoConductorPagado' | 'saldoConductorPagado'> = { anticipo: 'anticipoConductorPagado', saldo: 'saldoConductorPagado' };

const url = (key: string | undefined | null) => (key ? storage.readUrl(key) : Promise.resolve(null));

async function filaPagoConductor(tipo: PagoConductor, s: Service, v: Vehiculo | undefined): Promise<PagoConductorFila> {
  return {
    id: s.id,
    tipo,
    valorOferta: s.valorOferta ?? 0,
    monto: pagoConductor(s.valorOferta ?? 0),
    estado: s.estado,
    recorridoIniciado: s.recorridoIniciado,
    fechaSalida: s.fechaSalida,
    origen: s.origen,
    destino: s.destino,
    conductor: v?.nombre ?? s.conductor,
    cedulaConductor: v?.cedula ?? s.cedulaConductor ?? '',
    placas: v?.placas ?? s.placas,
    imagenConductor: await url(v?.fotos.frente),
    banco: v?.banco ?? '',
    tipocuenta: v?.tipocuenta ?? '',
    cuenta: v?.cuenta ?? '',
    titular: v?.titular ?? '',
    cuentaCambiada: v?.cuentaCambiada ?? null,
    telefonoConductor: v?.telefono ?? '',
    empresaAliada: s.empresaAliada ?? '',
    nombreEmpresaAliada: s.nombreEmpresaAliada ?? '',
  };
}

/**
 * `GET /pagos?lista=anticipo|saldo`: payouts waiting, earliest departure first, with the driver's bank
 * data as it is now (read from the vehicles of the page). A company sees its own; staff every company's.
 */
export async function listarPagosConductor(c: Context, caller: ConsolaCaller) {
  const tipo = tipoConductorSchema.safeParse(c.req.query('lista') ?? 'anticipo');
  if (!tipo.success) throw badRequest(PAGO_MSG.listaInvalida);
  const empresaId = empresaDeLista(c, caller);
  const particion: [string, string] = empresaId ? ['pagoPendienteEmpresa', `${empresaId}#${tipo.data}`] : ['pagoPendiente', tipo.data];
  const pagina = await serviceRepository.porPagar(tipo.data, empresaId, opcionesDeLista(c, particion, 'fechaSalida', CURSOR_MSG));
  const vehiculos = await vehiculoRepository.varios(pagina.items.flatMap((s) => (s.vehiculoId ? [s.vehiculoId] : [])));
  const items = await Promise.all(pagina.items.map((s) => filaPagoConductor(tipo.data, s, s.vehiculoId ? vehiculos.get(s.vehiculoId) : undefined)));
  return jsonWithEtag(c, { items, cursor: codificarCursor(pagina.cursor) });
}

/**
 * The account a payout goes to, as it is now; refused when staff saw another (`vista`, what their form
 * showed): the ledger must record the account that was paid.
 */
function cuentaAPagar(v: Vehiculo | undefined, vista: CuentaDestino | null): CuentaDestino | null {
  const actual = cuentaDe(v);
  if (!mismaCuenta(vista, actual)) throw conflict(PAGO_MSG.cuentaCambio);
  return actual;
}

/** Takes the payout's receipt, if any, and stores it under a name of its own (a lost race deletes only its own file). */
async function guardarComprobante(caller: PlataformaCaller, uploadId: string | undefined, key: (ticketId: string) => string): Promise<string | undefined> {
  if (!uploadId) return undefined;
  const { tickets, files } = await takeCheckedFiles(caller, 'comprobantePago', [uploadId]);
  const destino = key(tickets[0]!.id);
  await putFiles([destino], files);
  return destino;
}

/**
 * `POST /plataforma/servicios/{id}/pago-conductor`: the advance (due with the FUEC) or the balance
 * (due when the trip ends, after the advance) paid, exactly once: the service must still wait for
 * this very payout when it is written, and the ledger row must not exist.
 */
export async function pagarConductor(c: Context, caller: PlataformaCaller, body: PagoConductorBody) {
  const s = await servicioExistente(c);
  const problema = problemaPagoConductor(s, body.tipo);
  if (problema) throw conflict(problema);
  const v = s.vehiculoId ? (await vehiculoRepository.varios([s.vehiculoId])).get(s.vehiculoId) : undefined;
  const cuentaDestino = cuentaAPagar(v, body.cuentaVista);
  const now = new Date();
  const comprobante = await guardarComprobante(caller, body.comprobante, (ticket) => `${uploadKeys.comprobantePago(s.id, body.tipo)}-${ticket}`);
  const monto = pagoConductor(s.valorOferta ?? 0);
  const movimiento: Movimiento = {
    id: idMovimiento.conductor(body.tipo, s.id),
    tipo: body.tipo,
    monto,
    fecha: body.fecha,
    referencia: body.referencia,
    ...(comprobante ? { comprobante } : {}),
    registradoPor: caller.email,
    registradoEn: now.toISOString(),
    servicioId: s.id,
    vehiculoId: s.vehiculoId,
    empresaAliada: s.empresaAliada,
    ...(cuentaDestino ? { cuentaDestino } : {}),
  };
  const hecho = await escribirConArchivos(comprobante ? [comprobante] : [], () =>
    serviceRepository.cambiarPago(
      s,
      {
        cambios: { [FLAG[body.tipo]]: true },
        condicion: { expresion: 'estado = :ce AND pagoPendiente = :cp', valores: { ':ce': s.estado, ':cp': body.tipo } },
        movimientos: [movimiento],
      },
      { accion: body.tipo, quien: quienDe(caller), antes: { [FLAG[body.tipo]]: false }, despues: { [FLAG[body.tipo]]: true, monto, referencia: body.referencia, fecha: body.fecha, cuenta: cuentaDestino ? textoCuenta(cuentaDestino) : null } },
      now,
    ),
  );
  if (!hecho) {
    // Say why, as the service stands now (another payout won, or the trip ended meanwhile).
    const ahora = await serviceRepository.get(s.id);
    throw conflict((ahora && problemaPagoConductor(ahora, body.tipo)) ?? PAGO_MSG.cambioConcurrente);
  }
  pagoRegistrado();
  return c.json({ id: s.id, tipo: body.tipo, monto, [FLAG[body.tipo]]: true }, 201);
}

/**
 * The ledger row as shown, with a short-lived link to its receipt. A company sees the receipts of its
 * drivers' payouts, but not the client's own receipt, nor which staff member registered a payment.
 */
const vistaMovimiento = async (m: Movimiento, caller: ConsolaCaller): Promise<MovimientoVista> => {
  const empresa = caller.kind === 'empresa';
  return {
    id: m.id,
    tipo: m.tipo,
    monto: m.monto,
    fecha: m.fecha,
    referencia: m.referencia,
    comprobanteUrl: empresa && m.tipo === 'pago-cliente' ? null : await url(m.comprobante),
    registradoPor: empresa ? PLATAFORMA_NOMBRE : m.registradoPor,
    registradoEn: m.registradoEn,
    cuentaDestino: m.cuentaDestino ?? null,
  };
};

/**
 * `GET /servicios/{id}/pagos`: the service's money (the offer, both payouts and the platform's part)
 * and its ledger. A company sees its own services only (any other is not found); staff any, with the
 * client's receipt waiting to be checked.
 */
export async function verPagosDeServicio(c: Context, caller: ConsolaCaller) {
  const s = await servicioExistente(c);
  if (caller.kind === 'empresa' && s.empresaAliada !== caller.empresaId) throw notFound(MAPA_MSG.servicioNoEncontrado);
  const valor = s.valorOferta ?? 0;
  const movimientos = await pagoRepository.get([idMovimiento.pagoCliente(s.id), idMovimiento.conductor('anticipo', s.id), idMovimiento.conductor('saldo', s.id)]);
  const detalle: PagoDetalle = {
    servicio: {
      id: s.id,
      estado: s.estado,
      tipo: s.tipo,
      clase: s.clase,
      origen: s.origen,
      destino: s.destino,
      fechaSalida: s.fechaSalida,
      fechaRegreso: s.fechaRegreso,
      pasajeros: s.pasajeros,
      cliente: s.empresa,
      placas: s.placas,
      conductor: s.conductor,
      valorOferta: s.valorOferta,
      metodoPago: s.metodoPago,
      recorridoIniciado: s.recorridoIniciado,
      fuec: s.fuec,
      anticipoConductorPagado: s.anticipoConductorPagado,
      saldoConductorPagado: s.saldoConductorPagado,
      empresaAliada: s.empresaAliada ?? '',
      nombreEmpresaAliada: s.nombreEmpresaAliada ?? '',
      imagenCliente: s.imagenCliente ?? null,
    },
    comprobanteUrl: caller.kind === 'plataforma' ? await url(s.comprobantePago) : null,
    pagoRechazado: s.pagoRechazado ?? null,
    pagoValidadoEn: s.pagoValidadoEn ?? null,
    cancelacion: s.cancelacion ?? null,
    cobrosSinAplicar: await Promise.all((s.cobrosSinAplicar ?? []).map((cobro) => vistaCobro(cobro, caller))),
    huella: huellaCancelacion(s),
    aceptadoEn: s.aceptadoEn ?? null,
    anticipo: { monto: pagoConductor(valor), debido: s.pagarAnticipoConductor, pagado: s.anticipoConductorPagado },
    saldo: { monto: pagoConductor(valor), debido: s.pagarSaldoConductor, pagado: s.saldoConductorPagado },
    comisionPlataforma: comisionPlataforma(valor),
    movimientos: await Promise.all(movimientos.map((m) => vistaMovimiento(m, caller))),
  };
  return c.json(detalle);
}

/** A charge that did not apply as the detail shows it: its refund's author as the ledger names it, its receipt as a link for staff. */
const vistaCobro = async ({ reembolso, ...cobro }: CobroSinAplicar, caller: ConsolaCaller): Promise<PagoDetalle['cobrosSinAplicar'][number]> => ({
  ...cobro,
  ...(reembolso
    ? {
        reembolso: {
          fecha: reembolso.fecha,
          referencia: reembolso.referencia,
          registradoPor: caller.kind === 'plataforma' ? reembolso.registradoPor : PLATAFORMA_NOMBRE,
          comprobanteUrl: caller.kind === 'plataforma' ? await url(reembolso.comprobante) : null,
        },
      }
    : {}),
});

// --- ePayco charges to refund ---------------------------------------------------------------

const filaCobro = (m: Record<string, unknown>): CobroPorReembolsarFila =>
  cobroPorReembolsarFilaSchema.parse({ cliente: '', nombreEmpresaAliada: '', ...m, id: String(m.id).slice(idMovimiento.epayco('').length) });

/**
 * `GET /plataforma/cobros-por-reembolsar`: accepted ePayco charges that did not apply to their
 * reservation (`cobroPorReembolsar`), still to refund, latest first: one indexed query of what is owed.
 */
export async function listarCobrosPorReembolsar(c: Context) {
  const pagina = await pagoRepository.porReembolsar(opcionesDeLista(c, ['tipo', TIPO_POR_REEMBOLSAR], 'registradoEn', CURSOR_MSG));
  return jsonWithEtag(c, { items: pagina.items.map(filaCobro), cursor: codificarCursor(pagina.cursor) });
}

/**
 * `POST /plataforma/cobros-por-reembolsar/{ref}/reembolso`: staff refunded the charge (from ePayco's
 * panel or by transfer): the day, the refund's reference and, optionally, its receipt; once.
 */
export async function reembolsarCobro(c: Context, caller: PlataformaCaller, body: ReembolsoBody) {
  const ref = idParam(c, 'ref', EPAYCO_MSG.cobroNoEncontrado);
  const fila = await pagoRepository.fila(idMovimiento.epayco(ref));
  if (!fila || (fila.tipo !== TIPO_POR_REEMBOLSAR && fila.tipo !== TIPO_REEMBOLSADO)) throw notFound(EPAYCO_MSG.cobroNoEncontrado);
  if (fila.tipo === TIPO_REEMBOLSADO) throw conflict(EPAYCO_MSG.yaReembolsado);
  const cobro = filaCobro(fila);
  const now = new Date();
  // Refunded on or after the day it was charged (in Bogotá), never before.
  const diaCobro = hoyEnBogota(new Date(cobro.at));
  if (body.fecha < diaCobro) throw badRequest(EPAYCO_MSG.reembolsoAntesDelCobro(diaCobro));
  const comprobante = await guardarComprobante(caller, body.comprobante, (ticket) => `pagos/${cobro.servicioId}/reembolso-${ref}-${ticket}`);
  const reembolso = { fecha: body.fecha, referencia: body.referencia, registradoPor: caller.email, registradoEn: now.toISOString(), ...(comprobante ? { comprobante } : {}) };
  const s = await serviceRepository.get(cobro.servicioId);
  const hecho = await serviceRepository.reembolsarCobro({ id: String(fila.id), servicioId: cobro.servicioId, referencia: cobro.referencia, monto: cobro.monto }, s, reembolso, quienDe(caller), now);
  if (!hecho) {
    // Another registration won: its receipt stands, this one's file goes.
    if (comprobante) await deleteFiles([comprobante]);
    throw conflict(EPAYCO_MSG.yaReembolsado);
  }
  pagoRegistrado();
  return c.json({ ref, servicioId: cobro.servicioId, reembolso });
}

// --- Referral rewards ----------------------------------------------------------------------

/** The referring vehicles' ids (`referidoPor` may also be the platform, or anything an old record holds). */
const idsDeReferentes = (vs: readonly Vehiculo[]) => vs.flatMap((v) => (v.referidoPor && /^[A-Za-z0-9-]{1,64}$/.test(v.referidoPor) ? [v.referidoPor] : []));

const referenteDe = (r: Vehiculo | undefined): RecompensaFila['referente'] =>
  r ? { nombre: r.nombre, placas: r.placas, telefono: r.telefono, banco: r.banco, tipocuenta: r.tipocuenta, cuenta: r.cuenta, titular: r.titular, cuentaCambiada: r.cuentaCambiada ?? null } : null;

const filaRecompensa = async (v: Vehiculo, referentes: Map<string, Vehiculo>, empresas: Map<string, string>): Promise<RecompensaFila> => ({
  id: v.id,
  nombre: v.nombre,
  referidoPor: v.referidoPor ?? '',
  referente: referenteDe(referentes.get(v.referidoPor ?? '')),
  placas: v.placas,
  tipo: v.tipo,
  capacidad: v.capacidad,
  viajesRealizados: v.viajesRealizados,
  imagen: await url(v.fotos.frente),
  // The allied company that owns the vehicle, as the other lists name it (its `empresa` is the affiliating one).
  nombreEmpresaAliada: empresas.get(v.empresaAliada) || v.empresaAliada,
});

/** `GET /plataforma/recompensas`: vehicles whose referrer is owed the commission ('Vehículos con pago por referidos'). */
export async function listarRecompensas(c: Context) {
  const pagina = await vehiculoRepository.recompensas(opcionesDeLista(c, ['recompensa', 'pendiente'], 'fechaCreacion', CURSOR_MSG));
  // Whom to pay, and whose vehicle it is: the page's referring vehicles and companies, one read each.
  const [referentes, empresas] = await Promise.all([
    vehiculoRepository.varios(idsDeReferentes(pagina.items)),
    empresaRepository.nombres(pagina.items.map((v) => v.empresaAliada)),
  ]);
  return jsonWithEtag(c, { items: await Promise.all(pagina.items.map((v) => filaRecompensa(v, referentes, empresas))), cursor: codificarCursor(pagina.cursor) });
}

/**
 * `GET /plataforma/recompensas/pagadas`: the rewards already paid, latest registered first, each
 * with its vehicle and the payment (value, date, reference, receipt, who registered it).
 */
export async function listarRecompensasPagadas(c: Context, caller: PlataformaCaller) {
  const pagina = await pagoRepository.porTipo('recompensa', opcionesDeLista(c, ['tipo', 'recompensa'], 'registradoEn', CURSOR_MSG));
  const vehiculos = await vehiculoRepository.varios(pagina.items.flatMap((m) => (m.vehiculoId ? [m.vehiculoId] : [])));
  const [referentes, empresas] = await Promise.all([
    vehiculoRepository.varios(idsDeReferentes([...vehiculos.values()])),
    empresaRepository.nombres([...vehiculos.values()].map((v) => v.empresaAliada)),
  ]);
  // Vehicles are never deleted; a row whose vehicle is missing would have nothing to show.
  const pagados = pagina.items.flatMap((m) => {
    const v = m.vehiculoId ? vehiculos.get(m.vehiculoId) : undefined;
    return v ? [{ m, v }] : [];
  });
  const items = await Promise.all(pagados.map(async ({ m, v }) => ({ ...(await filaRecompensa(v, referentes, empresas)), pago: await vistaMovimiento(m, caller) })));
  return jsonWithEtag(c, { items, cursor: codificarCursor(pagina.cursor) });
}

/** `POST /plataforma/recompensas/{vehiculoId}`: the referrer's commission paid, once. */
export async function pagarRecompensa(c: Context, caller: PlataformaCaller, body: RecompensaBody) {
  const v = await vehiculoRepository.porId(idParam(c, 'vehiculoId', PAGO_MSG.vehiculoNoEncontrado));
  if (!v) throw notFound(PAGO_MSG.vehiculoNoEncontrado);
  if (v.comisionPagadaAReferente) throw conflict(PAGO_MSG.recompensaYaPagada);
  const now = new Date();
  // Names for the paid list's search: the allied company and the referrer.
  const [nombres, referentes] = await Promise.all([empresaRepository.nombres([v.empresaAliada]), vehiculoRepository.varios(idsDeReferentes([v]))]);
  const aliada = nombres.get(v.empresaAliada) ?? '';
  const referente = referentes.get(v.referidoPor ?? '');
  const cuentaDestino = cuentaAPagar(referente, body.cuentaVista);
  const comprobante = await guardarComprobante(caller, body.comprobante, (ticket) => `${uploadKeys.comprobanteRecompensa(v.id)}-${ticket}`);
  const movimiento: Movimiento = {
    id: idMovimiento.recompensa(v.id),
    tipo: 'recompensa',
    monto: body.valor,
    fecha: body.fecha,
    referencia: body.referencia,
    ...(comprobante ? { comprobante } : {}),
    registradoPor: caller.email,
    registradoEn: now.toISOString(),
    vehiculoId: v.id,
    empresaAliada: v.empresaAliada,
    busqueda: busquedaDeRecompensa(v, aliada, body.referencia, referente),
    ...(cuentaDestino ? { cuentaDestino } : {}),
  };
  const hecho = await escribirConArchivos(comprobante ? [comprobante] : [], () => vehiculoRepository.pagarRecompensa(v, movimiento, quienDe(caller), now));
  if (!hecho) {
    // Say why, as the vehicle stands now (another payment of it won, most likely).
    const ahora = await vehiculoRepository.porId(v.id);
    throw conflict(ahora?.comisionPagadaAReferente ? PAGO_MSG.recompensaYaPagada : PAGO_MSG.recompensaNoDebida);
  }
  await cambios.anunciar({ tipo: 'empresa', id: v.empresaAliada });
  pagoRegistrado();
  return c.json({ id: v.id, comisionPagadaAReferente: true, valor: body.valor }, 201);
}
