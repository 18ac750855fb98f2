import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { INITIAL_RATING, REENVIO_INVITACION_MINUTOS, REENVIOS_INVITACION_DIA } from '@shared/constants.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO, uploadKeys } from '@shared/domain/uploads.js';
import { usuarioSchema } from '@shared/schemas/empresa.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { cuentaDe, mismaCuenta } from '@shared/schemas/pagos.js';
import { vehicleCode, VEHICULO_CAMPOS, vehiculoSchema, type DocumentoVehiculo, type FotoVehiculo, type Vehiculo, type VehiculoDetalle } from '@shared/schemas/vehiculo.js';
import { normalizarPlacas, problemasDeFechas, SOLO_LECTURA, type VehiculoEdicion, type VehiculoNuevo } from '@shared/schemas/vehiculo-formulario.js';
import { identity } from '../../adapters/identity.js';
import { storage } from '../../adapters/storage.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { PlacaOcupada, vehiculoRepository } from '../../data/vehiculo-repository.js';
import { busquedaDe } from '../../data/proveedor-repository.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { CompanyCaller } from '../caller.js';
import { jsonWithEtag } from '../etag.js';
import { idParam } from '../validate.js';
import { deleteFiles, putFiles, takeCheckedLots } from '../files.js';

/** `GET /vehiculos`: the caller's fleet, the list's fields only (docs/spec/02.md section 2.7). */
export async function listarVehiculos(c: Context, caller: CompanyCaller) {
  return jsonWithEtag(c, { items: await vehiculoRepository.list(caller.empresaId) });
}

/** `GET /vehiculos/tipos`: the distinct vehicle types of the caller's fleet (docs/spec/02.md section 7). */
export async function tiposDeVehiculo(c: Context, caller: CompanyCaller) {
  return jsonWithEtag(c, { tipos: await vehiculoRepository.tipos(caller.empresaId) });
}

const vehiculoId = (c: Context) => idParam(c, 'id', VEHICULO_MSG.noEncontrado);

/** `GET /vehiculos/{id}`: the record and short-lived URLs of its photos and documents. */
export async function verVehiculo(c: Context, caller: CompanyCaller) {
  const vehiculo = await vehiculoRepository.get(caller.empresaId, vehiculoId(c));
  if (!vehiculo) throw notFound(VEHICULO_MSG.noEncontrado);
  return c.json(await detalle(vehiculo));
}

/**
 * `POST /vehiculos/{id}/invitacion`: sends the driver's invitation again, with a new temporary
 * password, while the driver has not signed in (the first one lasts INVITACION_DIAS days). At most one
 * in REENVIO_INVITACION_MINUTOS and REENVIOS_INVITACION_DIA a day: the stamp and the day's count are
 * written first, on condition that no other resend did.
 */
export async function reenviarInvitacion(c: Context, caller: CompanyCaller) {
  const id = vehiculoId(c);
  const vehiculo = await vehiculoRepository.get(caller.empresaId, id);
  if (!vehiculo) throw notFound(VEHICULO_MSG.noEncontrado);
  // The account first: a driver who signed in since the last resend needs none, not a wait.
  const estado = cuentaConductorDe(vehiculo, await identity.cuenta(vehiculo.email));
  if (estado !== 'pendiente') throw conflict(estado === 'activa' ? VEHICULO_MSG.cuentaConductorActiva : estado === 'desactivada' ? VEHICULO_MSG.cuentaConductorDesactivada : VEHICULO_MSG.sinCuentaConductor);
  const now = new Date();
  const antes = vehiculo.invitacionEn;
  if (antes && now.getTime() - Date.parse(antes) < REENVIO_INVITACION_MINUTOS * 60_000) throw conflict(VEHICULO_MSG.invitacionReciente);
  const hoy = hoyEnBogota(now);
  const enviadasHoy = vehiculo.reenviosInvitacion?.dia === hoy ? vehiculo.reenviosInvitacion.n : 0;
  if (enviadasHoy >= REENVIOS_INVITACION_DIA) throw conflict(VEHICULO_MSG.invitacionLimiteDiario);
  const marca = { invitacionEn: now.toISOString(), reenviosInvitacion: { dia: hoy, n: enviadasHoy + 1 } };
  if (!(await vehiculoRepository.marcarInvitacion(caller.empresaId, id, antes, marca))) throw conflict(VEHICULO_MSG.invitacionReciente);
  // Not sent: the stamp and the count go back, so trying again is neither held off nor counted.
  const deshacer = () => vehiculoRepository.marcarInvitacion(caller.empresaId, id, marca.invitacionEn, { invitacionEn: antes, reenviosInvitacion: vehiculo.reenviosInvitacion }).catch(() => undefined);
  const enviada = await identity.reenviarInvitacion(vehiculo.email).catch(async (err: unknown) => {
    await deshacer();
    throw err;
  });
  if (enviada !== 'enviada') {
    await deshacer();
    throw conflict(enviada === 'activa' ? VEHICULO_MSG.cuentaConductorActiva : VEHICULO_MSG.sinCuentaConductor);
  }
  return c.json({ invitacionEn: now.toISOString(), mensaje: VEHICULO_MSG.invitacionReenviada(vehiculo.email) });
}

/**
 * The driver's account as the console shows it; null when Cognito could not tell (the details still
 * open). Only the account made for this vehicle's driver counts (its sub is the vehicle's `conductorId`):
 * one made later under the same e-mail, in another company, is not this driver's.
 */
function cuentaConductorDe(vehiculo: Vehiculo, cuenta: Awaited<ReturnType<typeof identity.cuenta>> | undefined): VehiculoDetalle['cuentaConductor'] {
  if (cuenta === undefined) return null;
  if (!cuenta || (vehiculo.conductorId && cuenta.sub !== vehiculo.conductorId)) return 'sin-cuenta';
  if (!cuenta.habilitada) return 'desactivada';
  return cuenta.estado === 'FORCE_CHANGE_PASSWORD' ? 'pendiente' : 'activa';
}

/** `GET /vehiculos/placas/{placas}`: whether the plate is free in the caller's company (checked while typing). */
export async function placaDisponible(c: Context, caller: CompanyCaller) {
  const placas = normalizarPlacas(c.req.param('placas')!);
  if (!/^[A-Z0-9]{6}$/.test(placas)) throw badRequest(VEHICULO_MSG.placas);
  return c.json({ placas, disponible: await vehiculoRepository.placaLibre(caller.empresaId, placas) });
}

/**
 * `POST /vehiculos` (spec: createNewVehiculo, then uploads, then the record). Checks what it can
 * before changing anything (plate, files, driver e-mail); then writes the files, the vehicle with its
 * plate guard, and the driver's account, undoing the earlier steps when a later one fails: no
 * half-made vehicle, account or file is left behind.
 */
export async function crearVehiculo(c: Context, caller: CompanyCaller, body: VehiculoNuevo) {
  const { fotos, documentos, terminos: _terminos, ...datos } = body;
  if (!(await vehiculoRepository.placaLibre(caller.empresaId, datos.placas))) throw conflict(VEHICULO_MSG.placaDuplicada(datos.placas));
  const id = randomUUID();
  // The files first: asking whether an e-mail has an account costs a real upload, not a bare request.
  const archivos = await takeSlots(caller, id, fotos, documentos);
  if (await identity.status(datos.email)) throw conflict(VEHICULO_MSG.correoConductorEnUso);
  const empresa = await empresaRepository.get(caller.empresaId);

  const now = new Date().toISOString();
  const vehiculo: Vehiculo = vehiculoSchema.parse({
    ...datos,
    id,
    codigo: vehicleCode(id),
    empresaAliada: caller.empresaId,
    empresa: empresa?.empresa ?? '',
    fotos: archivos.fotos,
    documentos: archivos.documentos,
    validado: true,
    fotosVehiculo: true,
    documentosVehiculo: true,
    rating: INITIAL_RATING,
    viajesRealizados: 0,
    fechaCreacion: now,
  });

  try {
    await putFiles(archivos.keys, archivos.files);
    await vehiculoRepository.create(vehiculo);
  } catch (err) {
    await deleteFiles(archivos.keys);
    if (err instanceof PlacaOcupada) throw conflict(VEHICULO_MSG.placaDuplicada(datos.placas));
    throw err;
  }

  let conductorId: string | undefined;
  try {
    conductorId = await identity.createDriver({ email: datos.email, nombre: datos.nombre });
    await usuarioRepository.create(
      usuarioSchema.parse({
        id: conductorId,
        email: datos.email,
        nombres: datos.nombre,
        movil: datos.telefono,
        role: 'conductor',
        empresaId: caller.empresaId,
        vehiculoId: id,
        rating: INITIAL_RATING,
        perfil: true,
        creadoEn: now,
      }),
    );
  } catch (err) {
    if (conductorId) await identity.deleteUser(datos.email).catch(() => undefined);
    await vehiculoRepository.remove(vehiculo);
    await deleteFiles(archivos.keys);
    throw err;
  }
  const actualizado = await vehiculoRepository.update(caller.empresaId, id, { conductorId });
  const creado = actualizado && actualizado !== 'cambio' ? actualizado : vehiculo;
  return c.json(publico(creado), 201);
}

/**
 * `PUT /vehiculos/{id}` (spec: 'Editar Información del Vehículo'). Plate, brand, model, type,
 * capacity, colour, driver e-mail and property card are fixed: sending one is refused. New photos
 * and documents go to new keys; the record then points to them and the files they replaced are
 * deleted. A refused edit deletes its new files and leaves the stored ones as they were.
 */
export async function editarVehiculo(c: Context, caller: CompanyCaller, body: VehiculoEdicion, raw: unknown) {
  const fijo = SOLO_LECTURA.find((campo) => typeof raw === 'object' && raw !== null && campo in raw);
  if (fijo) throw badRequest(VEHICULO_MSG.soloLectura(VEHICULO_CAMPOS[fijo]), { fields: [{ path: fijo, message: VEHICULO_MSG.soloLectura(VEHICULO_CAMPOS[fijo]) }] });

  const id = vehiculoId(c);
  const actual = await vehiculoRepository.get(caller.empresaId, id);
  if (!actual) throw notFound(VEHICULO_MSG.noEncontrado);
  const fechas = problemasDeFechas(body, actual, body.documentos);
  if (fechas.length) throw badRequest(fechas[0]!.message, { fields: fechas.map((f) => ({ path: f.path[0], message: f.message })) });

  const { fotos, documentos, ...datos } = body;
  const archivos = await takeSlots(caller, id, fotos, documentos, { nuevasClaves: true });
  await putFiles(archivos.keys, archivos.files);
  const busqueda = busquedaDe({ tipo: 'conductor', r: { ...actual, ...datos } });
  let leido: Vehiculo | null = actual;
  let editado: Vehiculo | null = null;
  try {
    for (let intento = 0; leido && !editado && intento < INTENTOS_EDICION; intento++) {
      const now = new Date().toISOString();
      // A changed account is stamped with when and who (the payout forms point out a recent change). The
      // write holds only while the account, and each slot it fills, is still the one compared: an edit
      // saved meanwhile that changed them is compared again, so no change of account, a stale form's
      // included, goes unstamped, and the files replaced are exactly the ones this write took out.
      const cuenta = { banco: leido.banco, tipocuenta: leido.tipocuenta, cuenta: leido.cuenta, titular: leido.titular };
      const reemplazados = clavesReemplazadas(leido, archivos);
      const cambiaCuenta = !mismaCuenta(cuentaDe(leido), cuentaDe({ ...leido, ...datos }));
      // The payouts go to this account: like the company's own bank data, only its admins change it.
      if (cambiaCuenta && caller.role !== 'admin') throw forbidden(VEHICULO_MSG.soloAdminCuenta);
      const cuentaCambiada = cambiaCuenta ? { cuentaCambiada: { en: now, por: caller.email, anterior: cuentaDe(leido) } } : {};
      const escrito = await vehiculoRepository.update(caller.empresaId, id, { ...datos, ...cuentaCambiada, busqueda, updatedAt: now }, archivos, { ...cuenta, ...reemplazados });
      if (escrito && escrito !== 'cambio') {
        editado = escrito;
        await deleteFiles(Object.values(reemplazados).filter(Boolean));
      } else leido = escrito && (await vehiculoRepository.get(caller.empresaId, id, { consistente: true }));
    }
  } catch (err) {
    if (!editado) await deleteFiles(archivos.keys);
    throw err;
  }
  // Written: its files are the record's now, whatever happens to the answer.
  if (editado) return c.json(await detalle(editado));
  await deleteFiles(archivos.keys);
  if (!leido) throw notFound(VEHICULO_MSG.noEncontrado);
  throw conflict(VEHICULO_MSG.edicionConcurrente);
}

/** The slots an edit fills, by their path in the record (`fotos.frente`), with the key each holds now ('' when empty). */
function clavesReemplazadas(vehiculo: Vehiculo, archivos: Pick<Archivos, 'fotos' | 'documentos'>): Record<string, string> {
  const slots = [...Object.keys(archivos.fotos).map((s) => ['fotos', s, vehiculo.fotos[s as FotoVehiculo]] as const), ...Object.keys(archivos.documentos).map((s) => ['documentos', s, vehiculo.documentos[s as DocumentoVehiculo]] as const)];
  return Object.fromEntries(slots.map(([mapa, slot, key]) => [`${mapa}.${slot}`, key ?? '']));
}

/** Edits of one vehicle saved at the same moment: each is compared again this many times at most. */
const INTENTOS_EDICION = 3;

type Archivos = Awaited<ReturnType<typeof takeSlots>>;

/**
 * The new files of a vehicle's slots, checked, with the keys they go to (spec paths): a new vehicle's
 * at the slot's name, an edit's (`nuevasClaves`) under their upload's id.
 */
async function takeSlots(caller: CompanyCaller, id: string, fotos: Partial<Record<FotoVehiculo, string>>, documentos: Partial<Record<DocumentoVehiculo, string>>, { nuevasClaves = false } = {}) {
  const fotoSlots = FOTOS_VEHICULO.filter((s) => fotos[s]);
  const docSlots = DOCUMENTOS_VEHICULO.filter((s) => documentos[s]);
  const ids = [...fotoSlots.map((s) => fotos[s]!), ...docSlots.map((s) => documentos[s]!)];
  if (new Set(ids).size !== ids.length) throw badRequest(VEHICULO_MSG.archivoRepetido);
  const [{ files: fotoFiles }, { files: docFiles }] = await takeCheckedLots(caller, [
    { kind: 'fotoVehiculo', ids: fotoSlots.map((s) => fotos[s]!) },
    { kind: 'documentoVehiculo', ids: docSlots.map((s) => documentos[s]!) },
  ]);
  const fotoKeys = fotoSlots.map((s) => uploadKeys.fotoVehiculo(id, s, nuevasClaves ? fotos[s] : undefined));
  const docKeys = docSlots.map((s) => uploadKeys.documentoVehiculo(id, s, nuevasClaves ? documentos[s] : undefined));
  return {
    keys: [...fotoKeys, ...docKeys],
    files: [...fotoFiles, ...docFiles],
    fotos: Object.fromEntries(fotoSlots.map((s, i) => [s, fotoKeys[i]!])) as Partial<Record<FotoVehiculo, string>>,
    documentos: Object.fromEntries(docSlots.map((s, i) => [s, docKeys[i]!])) as Partial<Record<DocumentoVehiculo, string>>,
  };
}

const readUrls = async <K extends string>(slots: Record<K, string>): Promise<Record<K, string | null>> =>
  Object.fromEntries(await Promise.all(Object.entries<string>(slots).map(async ([k, key]) => [k, key ? await storage.readUrl(key) : null]))) as Record<K, string | null>;

/** What the company is shown of a vehicle: not the bookkeeping of its assignments (counter and agenda). */
/**
 * What the company reads of its vehicle: not the assignment bookkeeping, nor the driver's last position,
 * which the company sees only on the map while a trip of it is under way (a phone may report it off
 * duty), nor staff's own notes on the driver (why suspended, when welcomed).
 */
const publico = ({ agenda: _a, asignaciones: _n, latitud: _lat, longitud: _lng, velocidad: _v, posicionEn: _p, motivoSuspension: _m, bienvenidaEnviada: _b, ...vehiculo }: Vehiculo): Vehiculo => vehiculo;

async function detalle(vehiculo: Vehiculo): Promise<VehiculoDetalle> {
  const [fotos, documentos, estado] = await Promise.all([readUrls(vehiculo.fotos), readUrls(vehiculo.documentos), identity.cuenta(vehiculo.email).catch(() => undefined)]);
  return { vehiculo: publico(vehiculo), archivos: { fotos, documentos }, cuentaConductor: cuentaConductorDe(vehiculo, estado) };
}
