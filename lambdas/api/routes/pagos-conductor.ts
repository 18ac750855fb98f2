import type { Context } from 'hono';
import { pagoConductor, problemaPagoConductor, type PagoConductor } from '@shared/domain/pagos.js';
import { uploadKeys } from '@shared/domain/uploads.js';
import { textoCuenta, type PagoConductorBody, type PagoConductorFila } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import type { Service } from '@shared/schemas/service.js';
import type { Vehiculo } from '@shared/schemas/vehiculo.js';
import * as z from '@shared/schemas/zod-es.js';
import { idMovimiento, type Movimiento } from '../../data/pago-repository.js';
import { serviceRepository } from '../../data/service-repository.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import { badRequest, conflict } from '../../errors.js';
import { quienDe, type ConsolaCaller, type PlataformaCaller } from '../caller.js';
import { codificarCursor, empresaDeLista, opcionesDeLista } from '../cursor.js';
import { pagoRegistrado } from '../caches.js';
import { jsonWithEtag } from '../etag.js';
import { escribirConArchivos } from '../files.js';
import { cuentaAPagar, guardarComprobante, servicioExistente, url } from '../pagos-comun.js';
import { particionDePago } from '@shared/tablas/services.js';

/** The driver's advance and balance (docs/product.md, "Money"): listed for the company and staff, paid by staff. */

const tipoConductorSchema = z.enum(['anticipo', 'saldo']);

const FLAG: Record<PagoConductor, 'anticipoConductorPagado' | 'saldoConductorPagado'> = { anticipo: 'anticipoConductorPagado', saldo: 'saldoConductorPagado' };

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
  const pagina = await serviceRepository.porPagar(tipo.data, empresaId, opcionesDeLista(c, particionDePago(empresaId, tipo.data), 'fechaSalida'));
  const vehiculos = await vehiculoRepository.varios(pagina.items.flatMap((s) => (s.vehiculoId ? [s.vehiculoId] : [])));
  const items = await Promise.all(pagina.items.map((s) => filaPagoConductor(tipo.data, s, s.vehiculoId ? vehiculos.get(s.vehiculoId) : undefined)));
  return jsonWithEtag(c, { items, cursor: codificarCursor(pagina.cursor) });
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
