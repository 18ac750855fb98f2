import type { Context } from 'hono';
import { abiertoAOfertas } from '@shared/domain/ofertas.js';
import { servicioPendiente } from '@shared/domain/servicios.js';
import { isExpired } from '@shared/domain/trips.js';
import type { AceptarOferta, ServicioPublicado } from '@shared/schemas/integracion.js';
import { ETIQUETA_COTIZACION, uploadKeys } from '@shared/domain/uploads.js';
import { APP_CLIENTES } from '@shared/schemas/historial.js';
import { type ComprobanteCliente } from '@shared/schemas/pagos.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { INTEGRACION_MSG, MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import type { Oferta } from '@shared/schemas/oferta.js';
import { storage } from '../../adapters/storage.js';
import { ofertaRepository } from '../../data/oferta-repository.js';
import { serviceRepository } from '../../data/service-repository.js';
import { conflict, notFound } from '../../errors.js';
import { idParam } from '../validate.js';
import { escribirConArchivos, putFiles, takeAppFiles } from '../files.js';
import { mapaCaches, pagoRegistrado } from '../caches.js';

/** Client-app calls (docs/product.md, integration routes): publish a request, see its offers, accept one. */

const servicioDe = async (c: Context) => {
  const service = await serviceRepository.get(idParam(c, 'servicioId', MAPA_MSG.servicioNoEncontrado));
  if (!service) throw notFound(MAPA_MSG.servicioNoEncontrado);
  return service;
};

/** `POST /integracion/cliente/servicios`: a new pending service, on every company's map within seconds. */
export async function publicarServicio(c: Context, _caller: unknown, body: ServicioPublicado) {
  const now = new Date();
  const service = servicioPendiente(body, now);
  if (!(await serviceRepository.publicar(service, now))) throw conflict(INTEGRACION_MSG.servicioExiste);
  mapaCaches.olvidarPendientes();
  return c.json({ id: service.id, estado: service.estado, venceEn: new Date(service.expiresAt! * 1000).toISOString() }, 201);
}

/** The client's view of an offer: price, company and terms, never the company's bank data. */
const vistaCliente = async (o: Oferta, abierto: boolean, cancelado: boolean, now: Date) => ({
  empresaAliada: o.empresaAliada,
  empresa: o.empresa,
  precio: o.precio,
  // An offer still 'enviada' on a service that moved on lost, whatever its record says.
  estado: o.estado === 'enviada' && !abierto ? 'cerrada' : o.estado,
  fechaOferta: o.fechaOferta,
  creadoEn: o.creadoEn,
  venceEn: o.expiresAt ? new Date(o.expiresAt * 1000).toISOString() : null,
  // A withdrawn offer's quote is no longer the company's word (the bucket's rule deletes it).
  cotizacionUrl: o.documentoCotizacion && o.estado !== 'retirada' ? await storage.readUrl(o.documentoCotizacion) : null,
  vigente: (o.estado === 'aceptada' && !cancelado) || (o.estado === 'enviada' && abierto && !isExpired(o, now)),
});

/**
 * `GET /integracion/cliente/servicios/{id}/ofertas`: the service's offers, expired ones left out, with
 * whether it still takes offers (a pending service stops at its 24 hours or at its departure, whichever
 * comes first) and, once staff cancelled it, why and how the client is refunded.
 */
export async function listarOfertas(c: Context) {
  const now = new Date();
  const service = await servicioDe(c);
  const abierto = abiertoAOfertas(service, now);
  const ofertas = (await ofertaRepository.delServicio(service.id)).filter((o) => o.estado !== 'enviada' || !isExpired(o, now));
  return c.json({ estado: service.estado, recibeOfertas: abierto, cancelacion: service.cancelacion ?? null, items: await Promise.all(ofertas.map((o) => vistaCliente(o, abierto, service.estado === 'cancelado', now))) });
}

/**
 * `POST /integracion/cliente/servicios/{id}/aceptar`: the client takes one company's offer and says
 * how it pays; the service goes to 'validar' for that company and the other offers close, in one
 * step that only one of two simultaneous acceptances can win.
 */
export async function aceptarOferta(c: Context, _caller: unknown, body: AceptarOferta) {
  const now = new Date();
  const service = await servicioDe(c);
  if (!abiertoAOfertas(service, now)) throw conflict(INTEGRACION_MSG.servicioNoPendiente);
  const ofertas = await ofertaRepository.delServicio(service.id);
  const oferta = ofertas.find((o) => o.empresaAliada === body.empresaAliada);
  if (!oferta || oferta.estado !== 'enviada' || isExpired(oferta, now)) throw conflict(INTEGRACION_MSG.ofertaNoDisponible);
  // The chosen quote is kept before the acceptance is written: tagged after, a failed tag would leave
  // an accepted offer's quote to the bucket's clean-up.
  const cotizacion = oferta.documentoCotizacion;
  if (cotizacion) await storage.etiquetar(cotizacion, { [ETIQUETA_COTIZACION.clave]: ETIQUETA_COTIZACION.aceptada });
  const rechazo = await ofertaRepository.aceptar({ servicio: service, oferta, metodoPago: body.metodoPago }, now).catch(async (err: unknown) => {
    // Given up (other writers kept meeting it) or failed: the quote goes back unless the offer was accepted.
    if (cotizacion) await devolverCotizacion(oferta, cotizacion);
    throw err;
  });
  if (rechazo) {
    if (cotizacion) await devolverCotizacion(oferta, cotizacion);
    throw conflict(rechazo === 'servicio-cerrado' ? INTEGRACION_MSG.servicioNoPendiente : INTEGRACION_MSG.ofertaNoDisponible);
  }
  mapaCaches.olvidarPendientes();
  pagoRegistrado();
  return c.json({ id: service.id, estado: 'validar', empresaAliada: oferta.empresaAliada, valorOferta: oferta.precio, metodoPago: body.metodoPago });
}

/**
 * After a refused acceptance: a refused offer can never be accepted later, unless this very offer was
 * (another acceptance of it, written first). Read as written, an offer not accepted gives its quote
 * back to the bucket's clean-up (best effort: a failure leaves an unreferenced file, never a lost one).
 */
async function devolverCotizacion(oferta: Oferta, cotizacion: string) {
  const ahora = await ofertaRepository.get(oferta.idServicio, oferta.empresaAliada, { consistente: true });
  if (ahora?.estado !== 'aceptada') await storage.etiquetar(cotizacion, { [ETIQUETA_COTIZACION.clave]: ETIQUETA_COTIZACION.abierta }).catch(() => undefined);
}

/**
 * `POST /integracion/cliente/servicios/{id}/comprobante`: the client's transfer receipt (checked by its
 * bytes), for a reservation in validation paid by transfer. It replaces a refused one; marketplace
 * staff then confirm or reject it. Stored under its own name, so a refused receipt stays on record.
 */
export async function subirComprobante(c: Context, _caller: unknown, body: ComprobanteCliente) {
  const service = await servicioDe(c);
  if (service.estado !== 'validar' || service.metodoPago !== 'transferencia') throw conflict(PAGO_MSG.comprobanteNoAplica);
  const [{ tickets, files }] = await takeAppFiles('cliente', [{ kind: 'comprobanteCliente', ids: [body.archivo] }]);
  const key = uploadKeys.comprobanteCliente(service.id, tickets[0]!.id);
  await putFiles([key], files);
  const now = new Date();
  const hecho = await escribirConArchivos([key], () =>
    serviceRepository.cambiarPago(
      service,
      {
        cambios: { comprobantePago: key },
        quitar: ['pagoRechazado'],
        condicion: { expresion: 'estado = :cv AND metodoPago = :cm', valores: { ':cv': 'validar', ':cm': 'transferencia' } },
      },
      // Its key in the trail: a receipt replaced before staff looked at it stays on record too (staff only).
      { accion: 'comprobante', quien: APP_CLIENTES, antes: {}, despues: { comprobante: files[0]!.mime, archivoComprobante: key } },
      now,
    ),
  );
  if (!hecho) throw conflict(PAGO_MSG.comprobanteNoAplica);
  pagoRegistrado();
  return c.json({ id: service.id, estado: 'validar', comprobante: 'recibido' }, 201);
}
