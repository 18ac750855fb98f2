import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { comisionPlataforma, pagoConductor } from '@shared/domain/pagos.js';
import { reservaVencida } from '@shared/domain/recorrido.js';
import { type CancelacionBody, type DecisionPago, type PagoDetalle, type PagoPorValidarFila } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { registradoPorParaEmpresa } from '@shared/schemas/historial.js';
import type { CobroSinAplicar, Service } from '@shared/schemas/service.js';
import * as z from '@shared/schemas/zod-es.js';
import { idMovimiento, pagoDelCliente, pagoRepository } from '../../data/pago-repository.js';
import { serviceRepository } from '../../data/service-repository.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import { conflict, notFound } from '../../errors.js';
import { quienDe, type ConsolaCaller, type PlataformaCaller } from '../caller.js';
import { codificarCursor, empresaDeLista, opcionesDeLista } from '../cursor.js';
import { conteosEmpresa, conteosTodas, pagoRegistrado } from '../caches.js';
import { jsonWithEtag } from '../etag.js';
import { storage } from '../../adapters/storage.js';
import { servicioExistente, url, vistaMovimiento } from '../pagos-comun.js';
import { particionDePago } from '@shared/tablas/services.js';

/**
 * Payments (docs/product.md, "Money"): the counts, the client's payment validated by marketplace staff,
 * and one service's ledger. The driver's payouts are in pagos-conductor.ts, refunds of charges that did
 * not apply in reembolsos.ts, referral rewards in recompensas.ts. Every payout is one transaction: the
 * flag, the ledger row keyed by what it pays (so never twice) and the trail entry.
 */

// --- Counts (the bottom bar's badge and the tabs) ---------------------------------------------

/** `GET /pagos/resumen`: how many payouts wait (the badge is anticipos + saldos); staff also see payments to validate and rewards. */
export async function resumenPagos(c: Context, caller: ConsolaCaller) {
  const empresaId = caller.kind === 'empresa' ? caller.empresaId : null;
  const contarConductor = () => Promise.all([serviceRepository.contarPorPagar('anticipo', empresaId), serviceRepository.contarPorPagar('saldo', empresaId)]);
  const resumen = empresaId
    ? await conteosEmpresa.get(empresaId, async () => {
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
  const pagina = await serviceRepository.porPagar(metodo.data, empresaId, opcionesDeLista(c, particionDePago(empresaId, metodo.data), 'fechaSalida'));
  return jsonWithEtag(c, { items: await Promise.all(pagina.items.map(filaPorValidar)), cursor: codificarCursor(pagina.cursor) });
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

// --- A service's payments (the detail dialog) -------------------------------------------------

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
    // Previewed in a frame of the detail (issue 47): served inline, named after the reservation.
    comprobanteUrl: caller.kind === 'plataforma' && s.comprobantePago ? await storage.readUrl(s.comprobantePago, `Comprobante ${s.id}`) : null,
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
          registradoPor: caller.kind === 'plataforma' ? reembolso.registradoPor : registradoPorParaEmpresa(reembolso.registradoPor),
          comprobanteUrl: caller.kind === 'plataforma' ? await url(reembolso.comprobante) : null,
        },
      }
    : {}),
});
