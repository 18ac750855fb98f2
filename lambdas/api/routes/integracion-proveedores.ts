import type { Context } from 'hono';
import { listaDe } from '@shared/domain/proveedores.js';
import { uploadKeys } from '@shared/domain/uploads.js';
import { APP_PROVEEDORES } from '@shared/schemas/historial.js';
import { perfilGuiaCompleto, PROVEEDOR_MSG, datosCambiados, type Guia, type GuiaPerfil, type Operador, type OperadorPerfil } from '@shared/schemas/proveedores.js';
import { INITIAL_RATING } from '@shared/constants.js';
import { estadoDeProveedor, ProveedorCambio, proveedorRepository, type Proveedor, listaTexto } from '../../data/proveedor-repository.js';
import { badRequest, conflict } from '../../errors.js';
import { idParam } from '../validate.js';
import { deleteFiles, putFiles, takeAppFiles } from '../files.js';

/** The guides' and tour operators' apps (docs/product.md, "Integration routes"): their profiles and files, signed by the app. */

// ---------------------------------------------------------------------------------------------
// The provider apps' integration (docs/product.md): guides and operators register and update themselves.

const proveedorId = (c: Context) => idParam(c, 'id', PROVEEDOR_MSG.noEncontrado);

/** Takes the app's uploads for these slots and says where each goes. */
async function archivosDe(tipo: 'guia' | 'operador', id: string, archivos: Partial<Record<string, string>>) {
  const slots = Object.keys(archivos).filter((s) => archivos[s]);
  const ids = slots.map((s) => archivos[s]!);
  if (new Set(ids).size !== ids.length) throw badRequest(PROVEEDOR_MSG.archivoRepetido);
  const foto = slots.filter((s) => s === 'foto');
  const docs = slots.filter((s) => s !== 'foto');
  const lotes = await takeAppFiles('proveedores', [
    { kind: 'fotoProveedor', ids: foto.map((s) => archivos[s]!) },
    { kind: 'documentoProveedor', ids: docs.map((s) => archivos[s]!) },
  ]);
  const files = lotes.flatMap((l) => l.files);
  const orden = [...foto, ...docs];
  return { slots: orden, keys: orden.map((s) => uploadKeys.archivoProveedor(tipo, id, s, archivos[s])), files };
}

/** The files a record pointed to that the new keys replace. */
function reemplazados(actual: Proveedor | null, keys: Record<string, string>): string[] {
  if (!actual || actual.tipo === 'conductor') return [];
  const antes: Record<string, string | undefined> = { foto: actual.r.imagen, ...(actual.tipo === 'guia' ? actual.r.documentos : {}) };
  return Object.keys(keys).flatMap((slot) => (antes[slot] && antes[slot] !== keys[slot] ? [antes[slot]] : []));
}

/**
 * Registers the record, or updates it through `mover` (its list may change with its profile), on
 * condition that nothing changed since it was read. The files go to new keys first and the record
 * then points to them: staff validating meanwhile validate the files they saw, and the update then
 * fails (the app retries and the guide goes back to be validated). A failed write deletes its new
 * files; a successful one, the files it replaced.
 */
async function guardar(
  c: Context,
  tipo: 'guia' | 'operador',
  perfil: Record<string, unknown>,
  nuevo: (now: string, keys: Record<string, string>) => Guia | Operador,
  campos: (keys: Record<string, string>, actual: Proveedor) => Record<string, unknown>,
  archivos: Partial<Record<string, string>>,
) {
  const id = proveedorId(c);
  // An id another kind (or the counters item) holds is refused before any upload is used up.
  const otro = await proveedorRepository.tipoDeId(id);
  if (otro && otro !== tipo) throw conflict(PROVEEDOR_MSG.idEnUso);
  const actual = await proveedorRepository.get(tipo, id);
  const taken = await archivosDe(tipo, id, archivos);
  const keys = Object.fromEntries(taken.slots.map((s, i) => [s, taken.keys[i]!]));
  const now = new Date();
  let respuesta: Response;
  try {
    await putFiles(taken.keys, taken.files);
    if (!actual) {
      const registro = nuevo(now.toISOString(), keys);
      await proveedorRepository.crear(registro, APP_PROVEEDORES, now);
      respuesta = c.json({ id, lista: listaDe(tipo, estadoDeProveedor({ tipo, r: registro } as Proveedor))?.id ?? null }, 201);
    } else {
      const cambios = campos(keys, actual);
      const antesLista = listaTexto(actual);
      // Staff read in the trail what the app changed (a new e-mail or phone is not checked again, but is seen).
      const cambiados = datosCambiados(perfil, actual.r as unknown as Record<string, unknown>, Object.keys(keys));
      const registro = { accion: 'actualizacion' as const, quien: APP_PROVEEDORES, antes: { perfil: actual.r.perfil, lista: antesLista }, despues: { perfil: Boolean(cambios.perfil), ...(cambiados ? { cambiados } : {}) } };
      const despues = await proveedorRepository.mover(actual, cambios, registro, now, { intacto: true });
      respuesta = c.json({ id, lista: listaDe(tipo, estadoDeProveedor(despues))?.id ?? null });
    }
  } catch (err) {
    await deleteFiles(taken.keys);
    // Created or changed by another call (the app's, or staff's) at the same moment: its retry finds the record.
    // Its uploads were used up and their files deleted: a retry uploads them again.
    if (err instanceof ProveedorCambio) throw conflict(taken.keys.length ? PROVEEDOR_MSG.cambioAlGuardarConArchivos : PROVEEDOR_MSG.cambioAlGuardar);
    throw err;
  }
  await deleteFiles(reemplazados(actual, keys));
  return respuesta;
}

/** `PUT /integracion/proveedores/guias/{id}`: registers or updates a guide (state from its profile). */
export async function guardarGuia(c: Context, _caller: null, body: GuiaPerfil) {
  const { archivos, ...perfil } = body;
  return guardar(
    c,
    'guia',
    perfil,
    (now, keys) => {
      const documentos = sinFoto(keys);
      return { ...perfil, tipo: 'guia', id: proveedorId(c), perfil: perfilGuiaCompleto(perfil, documentos), validado: false, documentosGuia: false, suspendido: false, rating: INITIAL_RATING, imagen: keys.foto ?? '', documentos, fechaCreacion: now };
    },
    (keys, actual) => {
      const antes = actual.r as Guia;
      const documentos = { ...antes.documentos, ...sinFoto(keys) };
      // What staff checked (identity and face, RNT, bank account, documents) changed: it must be checked again.
      const revisar = antes.validado && (CAMPOS_REVISADOS_GUIA.some((k) => perfil[k] !== antes[k]) || Object.keys(keys).length > 0);
      return { ...perfil, perfil: perfilGuiaCompleto(perfil, documentos), ...(keys.foto ? { imagen: keys.foto } : {}), documentos, ...(revisar ? { validado: false, documentosGuia: false } : {}) };
    },
    archivos,
  );
}

/**
 * A validated guide's data staff checked: changing one (or sending a file, the photo included) sends it
 * back to be validated. Its e-mail, phone and address are how clients reach it, not what was checked:
 * they change at once, named in the trail.
 */
const CAMPOS_REVISADOS_GUIA = ['nombre', 'rnt', 'rut', 'banco', 'tipocuenta', 'cuenta', 'titular'] as const;

/** `PUT /integracion/proveedores/operadores/{id}`: registers or updates a tour operator (new until welcomed). */
export async function guardarOperador(c: Context, _caller: null, body: OperadorPerfil) {
  const { archivos, ...perfil } = body;
  return guardar(
    c,
    'operador',
    perfil,
    (now, keys) => ({ ...perfil, tipo: 'operador', id: proveedorId(c), perfil: true, nuevo: true, suspendido: false, rating: INITIAL_RATING, imagen: keys.foto ?? '', fechaCreacion: now }),
    (keys) => ({ ...perfil, perfil: true, ...(keys.foto ? { imagen: keys.foto } : {}) }),
    archivos,
  );
}

const sinFoto = (keys: Record<string, string>) => Object.fromEntries(Object.entries(keys).filter(([s]) => s !== 'foto'));
