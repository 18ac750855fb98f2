import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { agendaSinIndexar, asignable, camposDeAsignacion, esperaFuec, problemaDeVehiculo, seSolapan, sinVehiculoApto } from '@shared/domain/asignacion.js';
import { verificarFuec, type VerificacionFuec } from '@shared/domain/fuec.js';
import { estadoMapa } from '@shared/domain/mapa.js';
import { finalizable } from '@shared/domain/recorrido.js';
import { abiertoAOfertas, redondearOferta } from '@shared/domain/ofertas.js';
import { ETIQUETA_COTIZACION, uploadKeys } from '@shared/domain/uploads.js';
import type { AsignacionBody } from '@shared/schemas/asignacion.js';
import type { FuecBody } from '@shared/schemas/fuec.js';
import { ASIGNACION_MSG, FUEC_MSG, MAPA_MSG, OFERTA_MSG, RECORRIDO_MSG } from '@shared/schemas/messages-servicios.js';
import { vistaDeEmpresa } from '@shared/schemas/historial.js';
import type { ServicioDetalle } from '@shared/schemas/mapa.js';
import { nuevaOferta, type Oferta, type OfertaBody } from '@shared/schemas/oferta.js';
import type { Service } from '@shared/schemas/service.js';
import { leerPdf } from '../../adapters/pdf-texto.js';
import { storage } from '../../adapters/storage.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { historialRepository } from '../../data/historial-repository.js';
import { ofertaRepository } from '../../data/oferta-repository.js';
import { serviceRepository } from '../../data/service-repository.js';
import { vehiculoRepository } from '../../data/vehiculo-repository.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { quienDe, type CompanyCaller, type ConsolaCaller } from '../caller.js';
import { mapaCaches, pagoRegistrado } from '../caches.js';
import { jsonWithEtag } from '../etag.js';
import { idParam } from '../validate.js';
import { deleteFiles, escribirConArchivos, peekCheckedFile, putFiles, takeCheckedFiles, type CheckedFile } from '../files.js';

const servicioId = (c: Context) => idParam(c, 'servicioId', MAPA_MSG.servicioNoEncontrado);

/**
 * A service as this company may see it (docs/spec/02.md section 6): any company's while it takes offers,
 * otherwise only the company's own. Anything else answers as if it did not exist.
 */
async function servicioVisible(caller: CompanyCaller, id: string, now: Date): Promise<Service> {
  const service = await serviceRepository.get(id);
  if (!service) throw notFound(MAPA_MSG.servicioNoEncontrado);
  const visible = service.estado === 'pendiente' ? abiertoAOfertas(service, now) : service.empresaAliada === caller.empresaId;
  if (!visible) throw notFound(MAPA_MSG.servicioNoEncontrado);
  return service;
}

/** `GET /servicios/{id}`: the detail dialog's data (docs/spec/02.md section 2.2). */
export async function verServicio(c: Context, caller: CompanyCaller) {
  const now = new Date();
  const service = await servicioVisible(caller, servicioId(c), now);
  const oferta = await ofertaRepository.get(service.id, caller.empresaId);
  // Its own offer record decides (the service's list may lag it): withdrawn, the request is pending again to it.
  const estado = estadoMapa({ estado: service.estado, oferentes: oferta && oferta.estado !== 'retirada' ? [caller.empresaId] : [] }, caller.empresaId);
  // The map's detail: a cancelled reservation is read in the lists' detail, not here.
  if (!estado) throw notFound(MAPA_MSG.servicioNoEncontrado);
  const { empresa, cliente: _c, nombre, solicitante, telefonoOperador, rutCliente, telefonoCliente: _t, emailCliente: _e, oferentes: _o, mapa: _m, expiresAt, fotosVehiculo: _f, fuecURL, comprobantePago: _cp, cobrosSinAplicar: _cs, ...datos } = service;
  const pendiente = service.estado === 'pendiente';
  const detalle: ServicioDetalle = {
    ...datos,
    solicitante,
    estadoMapa: estado,
    // The client's operator is the reserving company's business, not every bidder's.
    operador: pendiente ? null : { empresa, rut: rutCliente ?? null, nombre, solicitante, telefono: telefonoOperador },
    miOferta: oferta && {
      precio: oferta.precio,
      estado: oferta.estado,
      fechaOferta: oferta.fechaOferta,
      cotizacionUrl: oferta.documentoCotizacion ? await storage.readUrl(oferta.documentoCotizacion) : null,
    },
    // Past pendiente only the owner sees the service (servicioVisible), so only it gets the link.
    fuecUrl: fuecURL && !pendiente ? await storage.readUrl(fuecURL) : null,
    // Offers close at the 24 hours or at departure, whichever comes first.
    venceEn: pendiente && expiresAt ? new Date(Math.min(expiresAt * 1000, Date.parse(service.fechaSalida))).toISOString() : null,
    sinVehiculoApto: pendiente && !oferta ? sinVehiculoApto(service, await vehiculoRepository.list(caller.empresaId)) : null,
  };
  return c.json(detalle);
}

/**
 * `POST /servicios/{id}/ofertas` (docs/spec/02.md sections 3.2, 4.4 and 5.1): the price rounded up to a
 * multiple of 1000 here, whatever the console sent; the quote PDF, if any, checked and stored at the
 * spec's path; the company's and the service's data copied in. One offer per company: a second one,
 * or one on a service that stopped taking offers, is refused and leaves nothing behind.
 */
export async function ofertar(c: Context, caller: CompanyCaller, body: OfertaBody) {
  const now = new Date();
  const service = await servicioVisible(caller, servicioId(c), now);
  // The cap is a multiple of 1000, so a price within it stays within it once rounded.
  const precio = redondearOferta(body.precio);
  // Past pendiente, only the company's own service is visible here.
  if (service.estado !== 'pendiente') throw conflict(service.estado === 'cancelado' ? OFERTA_MSG.cancelado : OFERTA_MSG.yaEsTuyo);
  if (!abiertoAOfertas(service, now)) throw conflict(OFERTA_MSG.noDisponible);
  const [yaOferto, empresa, { tipos }, flota] = await Promise.all([
    ofertaRepository.get(service.id, caller.empresaId),
    empresaRepository.get(caller.empresaId),
    mapaCaches.empresa(caller.empresaId, now),
    vehiculoRepository.list(caller.empresaId),
  ]);
  if (yaOferto) throw conflict(OFERTA_MSG.yaOfertaste);
  if (!tipos.includes(service.tipo)) throw badRequest(OFERTA_MSG.tipoFueraDeFlota);
  if (!empresa) throw notFound();
  const sinVehiculo = sinVehiculoApto(service, flota);
  if (sinVehiculo) throw conflict(sinVehiculo);

  // The quote goes to its final key only after its checks; a refused offer deletes it again.
  let documentoCotizacion: string | null = null;
  if (body.cotizacion) {
    const { tickets, files } = await takeCheckedFiles(caller, 'cotizacion', [body.cotizacion]);
    // The ticket in the key: two sends at once never share one, so the loser's clean-up cannot
    // delete the winner's file.
    documentoCotizacion = uploadKeys.cotizacion(caller.empresaId, service.id, tickets[0]!.id, tickets[0]!.fileName);
    // Open until the client accepts this offer: the bucket deletes open quotes (ETIQUETA_COTIZACION).
    await putFiles([documentoCotizacion], files, { [ETIQUETA_COTIZACION.clave]: ETIQUETA_COTIZACION.abierta });
  }

  const oferta = nuevaOferta({ service, empresa, oferente: caller.email, precio, documentoCotizacion }, now);

  // A refused or failed write leaves no quote behind.
  const rechazo = await ofertaRepository.crear(oferta, quienDe(caller), now, service.creadoEn).catch((err: unknown) => err as Error);
  if (rechazo && documentoCotizacion) await deleteFiles([documentoCotizacion]);
  if (rechazo instanceof Error) throw rechazo;
  if (rechazo) throw conflict(rechazo === 'repetida' ? OFERTA_MSG.yaOfertaste : OFERTA_MSG.noDisponible);
  mapaCaches.olvidarPendientes();
  return c.json({ precio: oferta.precio, estado: oferta.estado, fechaOferta: oferta.fechaOferta, expiresAt: oferta.expiresAt }, 201);
}

/**
 * `PUT /servicios/{id}/vehiculo` (docs/spec/02.md sections 2.4 and 4.2): one of the company's vehicles onto
 * its reserved service. Another company's service answers as not found; a vehicle of another company,
 * of another type, not validated or with a document that expires before the trip ends is refused.
 */
export async function asignarVehiculo(c: Context, caller: CompanyCaller, body: AsignacionBody) {
  const service = await servicioVisible(caller, servicioId(c), new Date());
  if (!asignable(service)) throw conflict(ASIGNACION_MSG.noAsignable);
  const vehiculo = await vehiculoRepository.get(caller.empresaId, body.vehiculoId, { consistente: true });
  if (!vehiculo) throw notFound(ASIGNACION_MSG.vehiculoNoEncontrado);
  const problema = problemaDeVehiculo(service, vehiculo);
  if (problema) throw badRequest(problema);
  // One vehicle, one trip at a time. The write holds only if no other assignment of this vehicle
  // landed since it was read: two at once cannot both pass this check. The company's index of
  // services may lag the last moments' assignments; the vehicle's agenda, read with its counter, names
  // them, and the table says whether they still hold it.
  const otros = await serviceRepository.delVehiculo(caller.empresaId, vehiculo.id, new Date());
  const sinIndexar = agendaSinIndexar(vehiculo.agenda ?? [], otros, service);
  const recientes = await serviceRepository.conVehiculo(sinIndexar, vehiculo.id);
  if ([...otros, ...recientes].some((o) => o.id !== service.id && seSolapan(o, service))) throw conflict(ASIGNACION_MSG.vehiculoOcupado);
  const campos = camposDeAsignacion(vehiculo);
  const resultado = await serviceRepository.asignar(service, campos, vehiculo, quienDe(caller), new Date());
  if (resultado === 'vehiculo-cambio') throw conflict(ASIGNACION_MSG.vehiculoCambio);
  if (resultado === 'servicio-cambio') throw conflict(ASIGNACION_MSG.noAsignable);
  return c.json({ id: service.id, estado: service.estado, placas: campos.placas, conductor: campos.conductor });
}

/**
 * `POST /servicios/{id}/fuec` (docs/spec/02.md sections 2.5 and 4.2): the FUEC file (PDF, JPG or PNG, checked
 * by its bytes) under `fuecs/{id}/`, and the reservation becomes confirmado with the driver's advance
 * due (one upload wins).
 */
export async function subirFuec(c: Context, caller: CompanyCaller, body: FuecBody) {
  const now = new Date();
  const service = await servicioVisible(caller, servicioId(c), now);
  if (asignable(service)) throw conflict(FUEC_MSG.sinVehiculo);
  if (!esperaFuec(service)) throw conflict(FUEC_MSG.noAdmite);
  // The check on the waiting file first: with differences and no confirmation the ticket stays
  // usable, so the company confirms without uploading again.
  const revisado = await peekCheckedFile(caller, 'fuec', body.archivo, async (file) => ({ huella: huella(file.bytes), verificacion: await verificar(file, service) }));
  if (revisado.verificacion.estado === 'no-coincide' && !body.confirmarDiferencias) throw fuecNoCoincide(revisado.verificacion);
  const { tickets, files } = await takeCheckedFiles(caller, 'fuec', [body.archivo]);
  // What is stored is what was taken: checked again only if it is not the file just read (a re-post
  // with the same presigned POST may have replaced it).
  const verificacion = huella(files[0]!.bytes) === revisado.huella ? revisado.verificacion : await verificar(files[0]!, service);
  if (verificacion.estado === 'no-coincide' && !body.confirmarDiferencias) throw fuecNoCoincide(verificacion);
  // Stored first, under the upload's own key, then claimed: a confirmed service always has its file,
  // and an upload that loses the claim (or fails to write it) deletes only its own file.
  const key = uploadKeys.fuec(service.id, tickets[0]!.id);
  const tipoFuec = files[0]!.mime;
  await putFiles([key], files);
  if (!(await escribirConArchivos([key], () => serviceRepository.confirmarConFuec(service, { fuecURL: key, tipoFuec, verificacion }, quienDe(caller), now)))) throw conflict(FUEC_MSG.noAdmite);
  pagoRegistrado();
  return c.json({ id: service.id, estado: 'confirmado', fuec: true, tipoFuec, verificacion });
}

/**
 * A PDF's text against the reservation; an image cannot be read (docs/product.md: the FUEC check). A PDF
 * that cannot be opened, or that would take too much to read, is refused: accepted unread, a damaged
 * file would skip the check that a scan (a PDF without text) skips for a reason.
 */
async function verificar(file: CheckedFile, service: Service): Promise<VerificacionFuec> {
  if (file.mime !== 'application/pdf') return { estado: 'sin-verificar', problemas: [] };
  const lectura = await leerPdf(file.bytes);
  if ('problema' in lectura) {
    // Busy is not the file's fault: its ticket stays for the retry the message asks for.
    if (lectura.problema === 'ocupado') throw new AppError(503, 'unavailable', FUEC_MSG.pdfOcupado, undefined, REINTENTO_LECTURA_S);
    throw badRequest(lectura.problema === 'pesado' ? FUEC_MSG.pdfPesado : FUEC_MSG.pdfIlegible);
  }
  return verificarFuec(lectura.texto, service);
}

/** Seconds a FUEC refused for a busy reader waits (Retry-After): about one reading's deadline. */
const REINTENTO_LECTURA_S = 5;
const huella = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const fuecNoCoincide = (verificacion: VerificacionFuec) => new AppError(409, 'fuec-no-coincide', FUEC_MSG.noCoincide, { verificacion });

/** `POST /servicios/{id}/finalizar` (docs/product.md, the service lifecycle): the company ends its started trip after departure. */
export async function finalizarViaje(c: Context, caller: CompanyCaller) {
  const now = new Date();
  const service = await servicioVisible(caller, servicioId(c), now);
  if (!finalizable(service, now) || !(await serviceRepository.finalizar(service, quienDe(caller), now))) throw conflict(RECORRIDO_MSG.noFinalizable);
  pagoRegistrado();
  return c.json({ id: service.id, estado: 'finalizado' });
}

/**
 * `POST /servicios/{id}/ofertas/retiro` (beyond the spec): the company withdraws its offer before the
 * client accepts one. Only an offer still 'enviada' on a service still taking offers; of a withdrawal
 * and the client's acceptance at once, one wins. Its quote stays tagged open: the bucket's rule deletes it.
 */
export async function retirarOferta(c: Context, caller: CompanyCaller) {
  const now = new Date();
  const service = await servicioVisible(caller, servicioId(c), now);
  // Past pendiente, only the company's own service is visible here: its offer was the one accepted.
  if (service.estado !== 'pendiente') throw conflict(service.estado === 'cancelado' ? OFERTA_MSG.cancelado : OFERTA_MSG.yaAceptada);
  // Accepted between the two reads, or as the withdrawal lands: the company is told it won the
  // reservation (it must staff it), not that it has no offer.
  const leer = () => ofertaRepository.get(service.id, caller.empresaId, { consistente: true });
  const sinRetiro = (o: Oferta | null, otro: string) => conflict(o?.estado === 'aceptada' ? OFERTA_MSG.yaAceptada : otro);
  const oferta = await leer();
  if (!oferta || oferta.estado !== 'enviada') throw sinRetiro(oferta, OFERTA_MSG.sinOfertaVigente);
  const rechazo = await ofertaRepository.retirar(oferta, quienDe(caller), now);
  if (rechazo) throw sinRetiro(await leer(), rechazo === 'no-vigente' ? OFERTA_MSG.sinOfertaVigente : OFERTA_MSG.noDisponible);
  mapaCaches.olvidarPendientes();
  return c.json({ precio: oferta.precio, estado: 'retirada' });
}

/** `GET /reservas`: the company's reserved and confirmed services (304 when unchanged). */
export async function listarReservas(c: Context, caller: CompanyCaller) {
  return jsonWithEtag(c, { items: await serviceRepository.reservas(caller.empresaId, new Date()) });
}

/**
 * `GET /servicios/{id}/historial`: the service's audit trail, oldest first. A company sees it for a
 * service it may see; other companies' offers are their business and are left out, and staff are
 * named 'Plataforma', as the ledger names them. Marketplace staff see any service's, whole (they
 * validate its payments and pay its driver).
 */
export async function verHistorial(c: Context, caller: ConsolaCaller) {
  if (caller.kind === 'plataforma') {
    const service = await serviceRepository.get(servicioId(c));
    if (!service) throw notFound(MAPA_MSG.servicioNoEncontrado);
    return c.json({ items: await historialRepository.delServicio(service.id) });
  }
  const service = await servicioVisible(caller, servicioId(c), new Date());
  // The client's payments are the reserving company's business, not every bidder's.
  const suyo = service.empresaAliada === caller.empresaId;
  const items = (await historialRepository.delServicio(service.id))
    .filter((e) => ((e.accion !== 'oferta' && e.accion !== 'oferta-retirada') || e.quien.empresaId === caller.empresaId) && (suyo || e.accion !== 'cobro-sin-aplicar'))
    .map(vistaDeEmpresa);
  return c.json({ items });
}
