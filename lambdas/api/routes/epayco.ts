import type { Context } from 'hono';
import { cobroPorReembolsar, confirmacionEpaycoSchema, credencialesEpaycoSchema, dictaminar, discrepancia, firmaEpayco, montoCobrado, motivoNoEspera, sinCobro, type ConfirmacionEpayco, type CredencialesEpayco, type Dictamen } from '@shared/domain/epayco.js';
import { EPAYCO, type Quien } from '@shared/schemas/historial.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import type { Service } from '@shared/schemas/service.js';
import { type ConsultaEpaycoBody } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG } from '@shared/schemas/messages-pagos.js';
import { config } from '../../config.js';
import { transaccionEpayco } from '../../adapters/epayco.js';
import { sameText, secretValue } from '../../adapters/secrets.js';
import { idMovimiento, movimientoPut, pagoDelCliente, pagoRepository, TIPO_POR_REEMBOLSAR } from '../../data/pago-repository.js';
import { textoDeBusqueda } from '@shared/domain/proveedores.js';
import { serviceRepository } from '../../data/service-repository.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { quienDe, type PlataformaCaller } from '../caller.js';
import { idParam } from '../validate.js';
import { logger } from '../../observability.js';
import { pagoRegistrado } from '../caches.js';

/**
 * `POST /integracion/epayco/confirmacion` (docs/product.md, ePayco): ePayco's server-to-server
 * confirmation, a form post. The signature is recomputed with the merchant's key; only an accepted,
 * correctly signed confirmation from our merchant, for the reservation's exact amount in COP, moves it
 * to 'reservado'. Its reference is recorded in the ledger in the same transaction, so a replay changes
 * nothing; the fields the signature leaves out must match ePayco's own record of the transaction.
 * Every refusal is logged (never the key or the signature).
 */
export async function confirmacionEpayco(c: Context) {
  const campos = await leerCampos(c);
  const parsed = confirmacionEpaycoSchema.safeParse(campos);
  if (!parsed.success) {
    registrar('campos-invalidos', { campos: parsed.error.issues.map((i) => i.path.join('.')).join(',') });
    throw badRequest(EPAYCO_MSG.camposInvalidos);
  }
  const recibida = parsed.data;
  const cred = await credenciales();
  if (!firmada(cred, recibida)) {
    registrar('firma-invalida', resumen(recibida));
    throw badRequest(EPAYCO_MSG.firmaInvalida);
  }
  const evento = idMovimiento.epayco(recibida.x_ref_payco);
  if (await yaRegistrada(evento)) return repetida(c, recibida);
  // From here on, ePayco's own record: it agrees with the post on every field that decides, and its
  // unchecked ones (the reason of a refusal) are ePayco's words, not the poster's.
  const t = await verificarConEpayco(cred, recibida);

  const s = /^[A-Za-z0-9-]{1,64}$/.test(t.x_id_invoice) ? await serviceRepository.get(t.x_id_invoice) : null;
  const produccion = config().stage === 'prod';
  const dictamen = dictaminar(t, s, cred, produccion);
  if (dictamen.resultado === 'ignorada' || !s) {
    if (s && dictamen.resultado === 'ignorada' && cobroPorReembolsar(t, cred, produccion)) return (await sinAplicar(t, s, dictamen.motivo)) ? reembolsable(c) : repetida(c, t);
    const motivo = dictamen.resultado === 'ignorada' ? dictamen.motivo : 'la reserva no existe';
    if (s && sinCobro(t, cred)) {
      registrar('sin-efecto', { ...resumen(t), motivo }, 'info');
      return c.json({ resultado: 'ignorada', mensaje: EPAYCO_MSG.sinEfecto(motivo) });
    }
    registrar('ignorada', { ...resumen(t), motivo });
    throw conflict(`Confirmación de ePayco no aplicada: ${motivo}`);
  }

  const now = new Date();
  const referencia = `ePayco ${t.x_ref_payco}`;
  const hecho = await aplicar(dictamen, s, registroEpayco(t, s, dictamen, now), referencia, now);
  if (!hecho) {
    // A lost write is a replay only if this very reference was recorded; another accepted charge for
    // the same reservation (a second one, or one after its cancellation) is recorded for its refund.
    if (await yaRegistrada(evento)) return repetida(c, t);
    const ahora = dictamen.resultado === 'aceptada' ? await serviceRepository.get(s.id) : null;
    if (ahora) return (await sinAplicar(t, ahora, motivoNoEspera(ahora) ?? MOTIVO_YA_NO_ESPERA)) ? reembolsable(c) : repetida(c, t);
    registrar('ignorada', { ...resumen(t), motivo: MOTIVO_YA_NO_ESPERA });
    throw conflict(`Confirmación de ePayco no aplicada: ${MOTIVO_YA_NO_ESPERA}`);
  }
  pagoRegistrado();
  registrar(dictamen.resultado, resumen(t), 'info');
  return c.json({ resultado: dictamen.resultado, mensaje: EPAYCO_MSG.procesada });
}

/**
 * `POST /plataforma/servicios/{id}/pago-epayco` (beyond the spec): marketplace staff ask ePayco about a
 * reservation's charge by the transaction's reference (the client's receipt and ePayco's panel show
 * it). Only ePayco's own record, signed with our key, for this reservation, counts. For a reservation
 * waiting for ePayco whose confirmation never arrived or was refused (ePayco stopped retrying), it is
 * applied exactly as its confirmation would have been, under the same ledger key, so a late
 * confirmation changes nothing. An accepted charge that cannot apply (the client paid twice, or after
 * a cancellation, and its confirmation never reached us) is recorded for its refund, as its
 * confirmation would have done.
 */
export async function consultarEpayco(c: Context, caller: PlataformaCaller, body: ConsultaEpaycoBody) {
  const s = await serviceRepository.get(idParam(c, 'servicioId', MAPA_MSG.servicioNoEncontrado));
  if (!s) throw notFound(MAPA_MSG.servicioNoEncontrado);
  const cred = await credenciales();
  let datos: Record<string, string> | null;
  try {
    datos = await transaccionEpayco(body.refPayco);
  } catch (err) {
    registrar('sin-respuesta', { ref: body.refPayco, reserva: s.id, error: (err as Error).message });
    throw new AppError(503, 'unavailable', EPAYCO_MSG.sinRespuesta);
  }
  const espera = !motivoNoEspera(s);
  if (!datos) throw conflict(espera ? EPAYCO_MSG.desconocida : EPAYCO_MSG.desconocidaCobro);
  const leida = confirmacionEpaycoSchema.safeParse(datos);
  if (!leida.success) throw conflict(EPAYCO_MSG.ilegible);
  if (!firmada(cred, leida.data) || leida.data.x_ref_payco !== body.refPayco) throw conflict(espera ? EPAYCO_MSG.desconocida : EPAYCO_MSG.desconocidaCobro);
  const t = leida.data;
  if (t.x_id_invoice !== s.id) throw conflict(EPAYCO_MSG.deOtraReserva);
  const evento = idMovimiento.epayco(t.x_ref_payco);
  if (await yaRegistrada(evento)) throw conflict(EPAYCO_MSG.consultaRepetida);
  const produccion = config().stage === 'prod';
  const dictamen = dictaminar(t, s, cred, produccion);
  if (dictamen.resultado === 'ignorada') {
    if (!cobroPorReembolsar(t, cred, produccion)) throw conflict(espera ? EPAYCO_MSG.noAplicada(dictamen.motivo) : EPAYCO_MSG.desconocidaCobro);
    if (!(await sinAplicar(t, s, dictamen.motivo, caller))) throw conflict(EPAYCO_MSG.consultaRepetida);
    return c.json({ resultado: 'sin-aplicar', mensaje: EPAYCO_MSG.consultaSinAplicar(dictamen.motivo) });
  }

  const now = new Date();
  const registro = { ...registroEpayco(t, s, dictamen, now), consultadaPor: caller.email };
  if (!(await aplicar(dictamen, s, registro, `ePayco ${t.x_ref_payco}`, now, quienDe(caller)))) {
    if (await yaRegistrada(evento)) throw conflict(EPAYCO_MSG.consultaRepetida);
    // Another charge (or a cancellation) got there first: this accepted one is recorded for its refund,
    // as its confirmation would be, not left to a 409 that reads as nothing to do.
    const ahora = dictamen.resultado === 'aceptada' ? await serviceRepository.get(s.id) : null;
    if (!ahora) throw conflict(EPAYCO_MSG.noEspera);
    const motivo = motivoNoEspera(ahora) ?? MOTIVO_YA_NO_ESPERA;
    if (!(await sinAplicar(t, ahora, motivo, caller))) throw conflict(EPAYCO_MSG.consultaRepetida);
    return c.json({ resultado: 'sin-aplicar', mensaje: EPAYCO_MSG.consultaSinAplicar(motivo) });
  }
  pagoRegistrado();
  registrar(`consulta-${dictamen.resultado}`, resumen(t), 'info');
  return c.json({ resultado: dictamen.resultado, mensaje: dictamen.resultado === 'aceptada' ? EPAYCO_MSG.consultaAceptada : EPAYCO_MSG.consultaRechazada(dictamen.motivo) });
}

/** The ledger row that records a transaction as applied (its id, `epayco#<ref>`, makes a replay change nothing). */
const registroEpayco = (t: ConfirmacionEpayco, s: Service, d: Dictamen, now: Date) => ({
  id: idMovimiento.epayco(t.x_ref_payco),
  tipo: 'epayco',
  servicioId: s.id,
  transaccion: t.x_transaction_id,
  respuesta: t.x_cod_response,
  monto: t.x_amount,
  moneda: t.x_currency_code,
  resultado: d.resultado,
  registradoEn: now.toISOString(),
});

function aplicar(d: Exclude<Dictamen, { resultado: 'ignorada' }>, s: Service, registro: Record<string, unknown>, referencia: string, now: Date, quien: Quien = EPAYCO) {
  // Only while the reservation still waits for ePayco for this amount: of a callback and its replay at once, one applies.
  const condicion = { expresion: 'estado = :cv AND metodoPago = :cm AND valorOferta = :cvo', valores: { ':cv': 'validar', ':cm': 'epayco', ':cvo': s.valorOferta } };
  if (d.resultado === 'aceptada') {
    return serviceRepository.cambiarPago(
      s,
      {
        cambios: { estado: 'reservado', pagoValidadoEn: now.toISOString(), referenciaPago: referencia },
        quitar: ['pagoRechazado'],
        condicion,
        // Who applied it: ePayco's callback, or the staff member who asked ePayco.
        movimientos: [pagoDelCliente(s, referencia, quien.nombre, now)],
        extra: [movimientoPut(registro)],
      },
      { accion: 'pago-validado', quien, antes: { estado: 'validar' }, despues: { estado: 'reservado', metodoPago: 'epayco', transaccion: String(registro.transaccion) } },
      now,
    );
  }
  return serviceRepository.cambiarPago(
    s,
    { cambios: { pagoRechazado: { motivo: d.motivo, at: now.toISOString() } }, condicion, extra: [movimientoPut(registro)] },
    { accion: 'pago-rechazado', quien, antes: { metodoPago: 'epayco' }, despues: { motivo: d.motivo, transaccion: String(registro.transaccion) } },
    now,
  );
}

const MOTIVO_YA_NO_ESPERA = 'la reserva ya no esperaba este pago';
const yaRegistrada = async (evento: string) => (await pagoRepository.get([evento])).length > 0;

const firmada = (cred: CredencialesEpayco, t: ConfirmacionEpayco) => sameText(firmaEpayco(cred, t), t.x_signature.toLowerCase());

/**
 * The fields ePayco does not sign (response code, invoice, test flag) could be changed on a signed
 * confirmation of a pending or declined payment: the confirmation applies only if ePayco's own
 * record of the transaction, itself correctly signed, says the same. Answers that record.
 */
async function verificarConEpayco(cred: CredencialesEpayco, t: ConfirmacionEpayco): Promise<ConfirmacionEpayco> {
  let datos: Record<string, string> | null;
  try {
    datos = await transaccionEpayco(t.x_ref_payco);
  } catch (err) {
    registrar('sin-respuesta', { ...resumen(t), error: (err as Error).message });
    throw new AppError(503, 'unavailable', EPAYCO_MSG.sinRespuesta);
  }
  const registro = confirmacionEpaycoSchema.safeParse(datos);
  const motivo = !registro.success ? 'ePayco no conoce la transacción' : !firmada(cred, registro.data) ? 'el registro de ePayco no está firmado' : discrepancia(t, registro.data);
  if (motivo || !registro.success) {
    registrar('no-verificada', { ...resumen(t), motivo: motivo ?? '' });
    throw conflict(EPAYCO_MSG.noVerificada);
  }
  return registro.data;
}

/**
 * An accepted charge that did not apply (`cobroPorReembolsar`), recorded for staff to refund, by
 * ePayco's confirmation or by the staff member who asked ePayco. False when it was recorded already.
 */
async function sinAplicar(t: ConfirmacionEpayco, s: Service, motivo: string, caller?: PlataformaCaller): Promise<boolean> {
  const now = new Date();
  const cobro = { referencia: `ePayco ${t.x_ref_payco}`, monto: montoCobrado(t) ?? 0, moneda: t.x_currency_code.toUpperCase(), motivo, at: now.toISOString() };
  // Its own kind in the ledger (index `porTipo`): the charges still to refund read as one list.
  const registro = {
    ...registroEpayco(t, s, { resultado: 'ignorada', motivo }, now),
    tipo: TIPO_POR_REEMBOLSAR,
    resultado: 'sin-aplicar',
    ...cobro,
    ...(caller ? { consultadaPor: caller.email } : {}),
    // What the list shows and is searched by, so it reads no service.
    empresaAliada: s.empresaAliada,
    cliente: s.empresa,
    nombreEmpresaAliada: s.nombreEmpresaAliada ?? '',
    busqueda: textoDeBusqueda([cobro.referencia, s.id, s.empresa, s.nombreEmpresaAliada]),
  };
  if (!(await serviceRepository.registrarCobroSinAplicar(s, cobro, registro, now, caller ? quienDe(caller) : EPAYCO))) return false;
  registrar(caller ? 'consulta-sin-aplicar' : 'sin-aplicar', { ...resumen(t), motivo });
  return true;
}

/** ePayco's answer once a charge that did not apply is recorded: it stops retrying. */
const reembolsable = (c: Context) => c.json({ resultado: 'sin-aplicar', mensaje: EPAYCO_MSG.sinAplicar });

function repetida(c: Context, t: ConfirmacionEpayco) {
  registrar('repetida', resumen(t), 'info');
  return c.json({ resultado: 'repetida', mensaje: EPAYCO_MSG.repetida });
}

/** ePayco posts a form; a JSON body is read too (their SDKs and our simulator). */
async function leerCampos(c: Context): Promise<Record<string, unknown>> {
  const tipo = c.req.header('content-type') ?? '';
  try {
    if (tipo.includes('application/json')) {
      const json: unknown = await c.req.json();
      return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    }
    if (tipo.includes('application/x-www-form-urlencoded') || tipo.includes('multipart/form-data')) {
      const form = await c.req.parseBody();
      return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
    }
  } catch {
    // Falls through: unreadable is incomplete.
  }
  return {};
}

async function credenciales(): Promise<CredencialesEpayco> {
  const source = config().epayco;
  if (!source) {
    registrar('sin-configurar', {});
    throw new AppError(503, 'unavailable', EPAYCO_MSG.noConfigurado);
  }
  let valor: unknown = null;
  try {
    valor = JSON.parse(await secretValue(source, 'EPAYCO_SECRET'));
  } catch (err) {
    logger.error('No se pudieron leer las credenciales de ePayco', { error: (err as Error).name });
  }
  const parsed = credencialesEpaycoSchema.safeParse(valor);
  if (!parsed.success) {
    registrar('sin-configurar', {});
    throw new AppError(503, 'unavailable', EPAYCO_MSG.noConfigurado);
  }
  return parsed.data;
}

const resumen = (t: ConfirmacionEpayco) => ({ ref: t.x_ref_payco, transaccion: t.x_transaction_id, reserva: t.x_id_invoice, valor: t.x_amount, moneda: t.x_currency_code, respuesta: t.x_cod_response });

/** One structured log line per confirmation (CloudWatch Logs Insights filters on `evento = 'epayco'`). */
function registrar(resultado: string, datos: Record<string, string>, nivel: 'info' | 'warn' = 'warn') {
  logger[nivel]('Confirmación de ePayco', { evento: 'epayco', resultado, ...datos });
}
