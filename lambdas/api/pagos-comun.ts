import type { Context } from 'hono';
import { cuentaDe, mismaCuenta, type CuentaDestino, type Movimiento as MovimientoVista } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { registradoPorParaEmpresa } from '@shared/schemas/historial.js';
import type { Service } from '@shared/schemas/service.js';
import type { Vehiculo } from '@shared/schemas/vehiculo.js';
import { storage } from '../adapters/storage.js';
import { type Movimiento } from '../data/pago-repository.js';
import { serviceRepository } from '../data/service-repository.js';
import { conflict, notFound } from '../errors.js';
import { type ConsolaCaller, type PlataformaCaller } from './caller.js';
import { idParam } from './validate.js';
import { putFiles, takeCheckedFiles } from './files.js';

/** What several payment routes share (routes/pagos, pagos-conductor, reembolsos, recompensas). */

const servicioId = (c: Context) => idParam(c, 'servicioId', MAPA_MSG.servicioNoEncontrado);

export async function servicioExistente(c: Context): Promise<Service> {
  const s = await serviceRepository.get(servicioId(c));
  if (!s) throw notFound(MAPA_MSG.servicioNoEncontrado);
  return s;
}

export const url = (key: string | undefined | null) => (key ? storage.readUrl(key) : Promise.resolve(null));

/**
 * The account a payout goes to, as it is now; refused when staff saw another (`vista`, what their form
 * showed): the ledger must record the account that was paid.
 */
export function cuentaAPagar(v: Vehiculo | undefined, vista: CuentaDestino | null): CuentaDestino | null {
  const actual = cuentaDe(v);
  if (!mismaCuenta(vista, actual)) throw conflict(PAGO_MSG.cuentaCambio);
  return actual;
}

/** Takes the payout's receipt, if any, and stores it under a name of its own (a lost race deletes only its own file). */
export async function guardarComprobante(caller: PlataformaCaller, uploadId: string | undefined, key: (ticketId: string) => string): Promise<string | undefined> {
  if (!uploadId) return undefined;
  const { tickets, files } = await takeCheckedFiles(caller, 'comprobantePago', [uploadId]);
  const destino = key(tickets[0]!.id);
  await putFiles([destino], files);
  return destino;
}

/**
 * The ledger row as shown, with a short-lived link to its receipt. A company sees the receipts of its
 * drivers' payouts, but not the client's own receipt, nor which staff member registered a payment.
 */
export const vistaMovimiento = async (m: Movimiento, caller: ConsolaCaller): Promise<MovimientoVista> => {
  const empresa = caller.kind === 'empresa';
  return {
    id: m.id,
    tipo: m.tipo,
    monto: m.monto,
    fecha: m.fecha,
    referencia: m.referencia,
    comprobanteUrl: empresa && m.tipo === 'pago-cliente' ? null : await url(m.comprobante),
    // Staff as 'Plataforma', ePayco's own confirmation as ePayco: the party staff read too.
    registradoPor: empresa ? registradoPorParaEmpresa(m.registradoPor) : m.registradoPor,
    registradoEn: m.registradoEn,
    cuentaDestino: m.cuentaDestino ?? null,
  };
};
