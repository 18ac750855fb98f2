import { textoCiudad, textoCuentaBancaria, textoTipoVehiculo } from '@shared/domain/etiquetas.js';
import type { Context } from 'hono';
import { accionDe, BOTON_ACCION, cambiosDeAccion, listaDe, listaPorId, type AccionProveedor } from '@shared/domain/proveedores.js';
import { PAGINA_MSG } from '@shared/schemas/paginas.js';
import { ARCHIVO_TEXTO, CORREO_BIENVENIDA, listaIdSchema, PROVEEDOR_MSG, sujetoProveedor, tipoProveedorSchema, type ProveedorDetalle, type ProveedorFila, type SuspensionBody, type ValidacionBody } from '@shared/schemas/proveedores.js';
import { DOCUMENTO_LABELS, FOTO_LABELS } from '@shared/schemas/vehiculo.js';
import { correo } from '../../adapters/correo.js';
import { storage } from '../../adapters/storage.js';
import { historialRepository } from '../../data/historial-repository.js';
import { estadoDeProveedor, ProveedorCambio, proveedorRepository, versionDe, type Proveedor, listaTexto } from '../../data/proveedor-repository.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { quienDe, type PlataformaCaller } from '../caller.js';
import { busquedaYLimite, codificarCursor, decodificarCursor } from '../cursor.js';
import { jsonWithEtag } from '../etag.js';
import { idParam } from '../validate.js';
import { logger } from '../../logger.js';
import { particionDeLista } from '@shared/tablas/proveedores.js';

const POR_PAGINA = 20;

/** `GET /plataforma/proveedores/resumen`: the count of each of the eight lists (one read of the counters). */
export async function resumenProveedores(c: Context) {
  return jsonWithEtag(c, { conteos: await proveedorRepository.conteos() });
}

/** `GET /plataforma/proveedores/listas/{lista}?q=&cursor=&limite=`: one page of a list, newest first. */
export async function listarProveedores(c: Context) {
  const parsed = listaIdSchema.safeParse(c.req.param('lista'));
  if (!parsed.success) throw notFound(PROVEEDOR_MSG.listaInvalida);
  const lista = listaPorId(parsed.data);
  const { texto: q, limite } = busquedaYLimite(c, POR_PAGINA);
  const { atributo, valor } = particionDeLista(lista.tipo, lista.estado);
  const cursor = decodificarCursor(c.req.query('cursor'), { particion: [atributo, valor], campos: ['id', 'fechaCreacion'] }, PAGINA_MSG.cursorInvalido);
  const pagina = await proveedorRepository.pagina(lista, { limite, cursor, texto: q });
  return jsonWithEtag(c, { items: pagina.items.map(filaDe), cursor: codificarCursor(pagina.cursor) });
}

/** A provider from the path: `tipo` and `id`; anything unknown is a 404. */
async function cargar(c: Context): Promise<Proveedor> {
  const tipo = tipoProveedorSchema.safeParse(c.req.param('tipo'));
  if (!tipo.success) throw notFound(PROVEEDOR_MSG.noEncontrado);
  const p = await proveedorRepository.get(tipo.data, idParam(c, 'id', PROVEEDOR_MSG.noEncontrado));
  if (!p) throw notFound(PROVEEDOR_MSG.noEncontrado);
  return p;
}

/** `GET /plataforma/proveedores/{tipo}/{id}`: the detail modal, with the provider's trail. */
export async function verProveedor(c: Context) {
  return c.json(await detalleDe(await cargar(c)));
}


/**
 * `POST /plataforma/proveedores/{tipo}/{id}/validar`: 'Validar Conductor' / 'Validar Guía', of the
 * edit staff looked at: a company or an app that changed the record since (new documents, another
 * account) makes it a 409, and the detail shows the new data to check.
 */
export async function validarProveedor(c: Context, caller: PlataformaCaller, body: ValidacionBody) {
  const p = await cargar(c);
  exigirAccion(p, 'validar');
  // A suspension is lifted on purpose, with its own trail entry, never as a side effect.
  if (p.r.suspendido) throw conflict(PROVEEDOR_MSG.suspendidoNoValida);
  if (versionDe(p) !== body.version) throw conflict(PROVEEDOR_MSG.cambioEnRevision);
  const cambios = cambiosDeAccion(p.tipo, 'validar');
  const antes = Object.fromEntries(Object.keys(cambios).map((k) => [k, Boolean((p.r as Record<string, unknown>)[k])]));
  try {
    const despues = await proveedorRepository.mover(
      p,
      cambios,
      { accion: 'validacion', quien: quienDe(caller), antes: { ...antes, lista: listaTexto(p) }, despues: { ...cambios, lista: '' } },
      new Date(),
      { intacto: true },
    );
    return c.json(await detalleDe(despues));
  } catch (err) {
    if (!(err instanceof ProveedorCambio)) throw err;
    // Validated by someone else meanwhile, or edited since it was read.
    const ahora = await cargar(c);
    throw conflict(estadoDeProveedor(ahora) === 'activo' ? PROVEEDOR_MSG.yaValidado : PROVEEDOR_MSG.cambioEnRevision);
  }
}

/**
 * `POST /plataforma/proveedores/{tipo}/{id}/bienvenida`: the welcome e-mail, really sent, once. The
 * record is claimed first (an operator leaves the new list), then the e-mail goes out; when it
 * cannot, the claim is undone, so a retry sends it.
 */
export async function bienvenidaProveedor(c: Context, caller: PlataformaCaller) {
  const p = await cargar(c);
  exigirAccion(p, 'bienvenida');
  if (p.r.bienvenidaEnviada) throw conflict(PROVEEDOR_MSG.bienvenidaYaEnviada);
  const now = new Date();
  const cambios = { ...cambiosDeAccion(p.tipo, 'bienvenida'), bienvenidaEnviada: now.toISOString() };
  const quien = quienDe(caller);
  let enviado: Proveedor;
  try {
    enviado = await proveedorRepository.mover(p, cambios, { accion: 'bienvenida', quien, antes: { lista: listaTexto(p) }, despues: { correo: p.r.email } }, now, {
      condicion: { expresion: 'attribute_not_exists(bienvenidaEnviada)' },
    });
  } catch (err) {
    if (err instanceof ProveedorCambio) throw conflict(PROVEEDOR_MSG.bienvenidaYaEnviada);
    throw err;
  }
  try {
    const texto = CORREO_BIENVENIDA[p.tipo];
    await correo.enviar({ to: p.r.email, subject: texto.subject, body: texto.body(p.r.nombre) });
  } catch (err) {
    logger.error('No se pudo enviar el correo de bienvenida', { error: err as Error });
    const deshacer = p.tipo === 'operador' ? { nuevo: true } : {};
    await proveedorRepository.mover(enviado, deshacer, { accion: 'bienvenida-fallida', quien, antes: { correo: p.r.email }, despues: { lista: listaTexto(p) } }, new Date(), { quitar: ['bienvenidaEnviada'] });
    throw new AppError(502, 'unavailable', PROVEEDOR_MSG.correoNoEnviado);
  }
  return c.json(await detalleDe(enviado));
}

/** `POST /plataforma/proveedores/{tipo}/{id}/suspension`: suspends with a reason, or reactivates. */
export async function suspenderProveedor(c: Context, caller: PlataformaCaller, body: SuspensionBody) {
  const p = await cargar(c);
  if (body.suspendido === p.r.suspendido) throw conflict(body.suspendido ? PROVEEDOR_MSG.yaSuspendido : PROVEEDOR_MSG.noSuspendido);
  const motivo = body.motivo ?? '';
  try {
    const despues = await proveedorRepository.mover(
      p,
      { suspendido: body.suspendido, motivoSuspension: motivo },
      { accion: body.suspendido ? 'suspension' : 'reactivacion', quien: quienDe(caller), antes: { suspendido: p.r.suspendido }, despues: { suspendido: body.suspendido, ...(motivo ? { motivo } : {}) } },
      new Date(),
      // Absent counts as not suspended (records from before the flag).
      { condicion: body.suspendido ? { expresion: 'attribute_not_exists(#sus) OR #sus = :no', nombres: { '#sus': 'suspendido' }, valores: { ':no': false } } : { expresion: '#sus = :si', nombres: { '#sus': 'suspendido' }, valores: { ':si': true } } },
    );
    return c.json(await detalleDe(despues));
  } catch (err) {
    if (err instanceof ProveedorCambio) throw conflict(body.suspendido ? PROVEEDOR_MSG.yaSuspendido : PROVEEDOR_MSG.noSuspendido);
    throw err;
  }
}

/** Refuses an action the provider's state does not offer, saying why in the staff's words. */
function exigirAccion(p: Proveedor, accion: AccionProveedor): void {
  const estado = estadoDeProveedor(p);
  if (accionDe(p.tipo, estado) === accion) return;
  if (accion === 'validar' && estado === 'activo' && p.tipo !== 'operador') throw conflict(PROVEEDOR_MSG.yaValidado);
  if (accion === 'bienvenida' && p.r.bienvenidaEnviada) throw conflict(PROVEEDOR_MSG.bienvenidaYaEnviada);
  throw conflict(PROVEEDOR_MSG.noAplica(BOTON_ACCION[p.tipo][accion] ?? (accion === 'validar' ? 'Validar' : 'Enviar Email de Bienvenida')));
}

/** A list row, whatever the kind. */
export function filaDe(p: Proveedor): ProveedorFila {
  const { r } = p;
  const base = { tipo: p.tipo, id: r.id, nombre: r.nombre, email: r.email, telefono: r.telefono, rating: r.rating, fechaCreacion: r.fechaCreacion, suspendido: !!r.suspendido, ...(r.bienvenidaEnviada ? { bienvenidaEnviada: r.bienvenidaEnviada } : {}) };
  if (p.tipo === 'conductor') return { ...base, viajesRealizados: p.r.viajesRealizados, placas: p.r.placas, vehiculo: `${textoTipoVehiculo(p.r.tipo)} ${p.r.marca} ${p.r.modelo}`.trim(), empresa: p.r.empresa, ciudad: textoCiudad(p.r.ciudad) };
  if (p.tipo === 'guia') return { ...base, rnt: p.r.rnt };
  return { ...base, empresa: p.r.empresa };
}

const url = (key: string | undefined) => (key ? storage.readUrl(key) : Promise.resolve(null));

async function detalleDe(p: Proveedor): Promise<ProveedorDetalle> {
  const estado = estadoDeProveedor(p);
  const lista = listaDe(p.tipo, estado)?.id ?? null;
  const historial = historialRepository.delServicio(sujetoProveedor(p.tipo, p.r.id));
  /** Label and value, in the order the modal shows them (empty ones left out). */
  let datos: [string, string][];
  let archivos: { nombre: string; key: string; foto?: true }[];
  let imagen: string | undefined;
  if (p.tipo === 'conductor') {
    const v = p.r;
    imagen = v.fotos.frente || undefined;
    datos = [
      ['Placas', v.placas],
      ['Vehículo', `${textoTipoVehiculo(v.tipo)} ${v.marca} ${v.modelo} · ${v.capacidad} pasajeros`],
      ['Empresa afiliadora', v.empresa],
      ['Número interno', v.numeroInterno],
      ['Cédula', v.cedula],
      ['Correo', v.email],
      ['Teléfono', v.telefono],
      ['Ciudad', textoCiudad(v.ciudad)],
      ['Dirección', v.direccion],
      ['Licencia de conducción', v.licenciaDeConducir],
      ['Viajes realizados', String(v.viajesRealizados)],
      ['Cuenta', textoCuentaBancaria(v)],
    ];
    archivos = [
      ...Object.entries(v.fotos).map(([slot, key]) => ({ nombre: `Foto ${FOTO_LABELS[slot as keyof typeof FOTO_LABELS].toLowerCase()}`, key, foto: true as const })),
      ...Object.entries(v.documentos).map(([slot, key]) => ({ nombre: DOCUMENTO_LABELS[slot as keyof typeof DOCUMENTO_LABELS], key })),
    ];
  } else if (p.tipo === 'guia') {
    const g = p.r;
    imagen = g.imagen || undefined;
    datos = [
      ['RNT', g.rnt],
      ['RUT', g.rut],
      ['Correo', g.email],
      ['Teléfono', g.telefono],
      ['Dirección', g.direccion],
      ['Cuenta', textoCuentaBancaria(g)],
      ['Titular', g.titular],
    ];
    archivos = Object.entries(g.documentos).map(([slot, key]) => ({ nombre: ARCHIVO_TEXTO[slot as keyof typeof ARCHIVO_TEXTO], key: key ?? '' }));
  } else {
    const o = p.r;
    imagen = o.imagen || undefined;
    datos = [
      ['Empresa', o.empresa],
      ['Correo', o.email],
      ['Teléfono', o.telefono],
      ['Dirección', o.direccion],
    ];
    archivos = [];
  }
  const conArchivo = archivos.filter((a) => a.key);
  const [imagenUrl, documentos, entradas] = await Promise.all([
    url(imagen),
    // Photos are images; a document may be a PDF or an image, previewed in a frame: served inline, named.
    Promise.all(conArchivo.map(async (a) => ({ nombre: a.nombre, url: await storage.readUrl(a.key, a.foto ? undefined : `${a.nombre} - ${p.r.nombre}`), ...(a.foto ? { foto: true } : {}) }))),
    historial,
  ]);
  return {
    fila: filaDe(p),
    lista,
    imagenUrl,
    datos: datos.filter(([, valor]) => valor !== '').map(([etiqueta, valor]) => ({ etiqueta, valor })),
    documentos,
    ...(p.tipo === 'conductor' ? { viajesRealizados: p.r.viajesRealizados } : {}),
    ...(p.r.motivoSuspension ? { motivoSuspension: p.r.motivoSuspension } : {}),
    version: versionDe(p),
    historial: entradas,
  };
}
