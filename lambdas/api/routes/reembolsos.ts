import type { Context } from 'hono';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { type CobroPorReembolsarFila, type ReembolsoBody, cobroPorReembolsarFilaSchema } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG } from '@shared/schemas/messages-pagos.js';
import { idMovimiento, pagoRepository, TIPO_POR_REEMBOLSAR, TIPO_REEMBOLSADO } from '../../data/pago-repository.js';
import { serviceRepository } from '../../data/service-repository.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { quienDe, type PlataformaCaller } from '../caller.js';
import { codificarCursor, opcionesDeLista } from '../cursor.js';
import { pagoRegistrado } from '../caches.js';
import { jsonWithEtag } from '../etag.js';
import { idParam } from '../validate.js';
import { deleteFiles } from '../files.js';
import { guardarComprobante } from '../pagos-comun.js';
import { particionDeTipo } from '@shared/tablas/pagos.js';

/** ePayco charges that did not apply to their reservation, refunded by staff (docs/product.md, "Money"). */

const filaCobro = (m: Record<string, unknown>): CobroPorReembolsarFila =>
  cobroPorReembolsarFilaSchema.parse({ cliente: '', nombreEmpresaAliada: '', ...m, id: String(m.id).slice(idMovimiento.epayco('').length) });

/**
 * `GET /plataforma/cobros-por-reembolsar`: accepted ePayco charges that did not apply to their
 * reservation (`cobroPorReembolsar`), still to refund, latest first: one indexed query of what is owed.
 */
export async function listarCobrosPorReembolsar(c: Context) {
  const pagina = await pagoRepository.porReembolsar(opcionesDeLista(c, particionDeTipo(TIPO_POR_REEMBOLSAR), 'registradoEn'));
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
