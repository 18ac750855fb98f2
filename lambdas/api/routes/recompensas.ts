import type { Context } from 'hono';
import { uploadKeys } from '@shared/domain/uploads.js';
import { type RecompensaBody, type RecompensaFila } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import type { Vehiculo } from '@shared/schemas/vehiculo.js';
import { cambios } from '../../data/cambios.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { busquedaDeRecompensa, idMovimiento, pagoRepository, type Movimiento } from '../../data/pago-repository.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import { conflict, notFound } from '../../errors.js';
import { quienDe, type PlataformaCaller } from '../caller.js';
import { codificarCursor, opcionesDeLista } from '../cursor.js';
import { pagoRegistrado } from '../caches.js';
import { jsonWithEtag } from '../etag.js';
import { idParam } from '../validate.js';
import { escribirConArchivos } from '../files.js';
import { cuentaAPagar, guardarComprobante, url, vistaMovimiento } from '../pagos-comun.js';
import { particionDeTipo } from '@shared/tablas/pagos.js';
import { particionRecompensas } from '@shared/tablas/vehiculos.js';

/** Referral rewards: the referrer's commission for a vehicle it brought, paid by staff (docs/product.md, "Money"). */

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
  const pagina = await vehiculoRepository.recompensas(opcionesDeLista(c, particionRecompensas, 'fechaCreacion'));
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
  const pagina = await pagoRepository.porTipo('recompensa', opcionesDeLista(c, particionDeTipo('recompensa'), 'registradoEn'));
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
