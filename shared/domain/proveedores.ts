/**
 * The marketplace's service providers and their states (docs/spec/01.md section 4, issue "provider validation
 * panel"): drivers (each a vehicle record, spec: conductores), tour guides (guias) and tour operators
 * (usuarios). A provider's state comes from its flags alone, here and nowhere else; its record keeps it
 * as a sparse index key (`estadoProveedor`), so each of the panel's eight lists is one indexed query.
 */

import { INITIAL_RATING } from '../constants.js';

export const TIPOS_PROVEEDOR = ['conductor', 'guia', 'operador'] as const;
export type TipoProveedor = (typeof TIPOS_PROVEEDOR)[number];

export type EstadoProveedor = 'nuevo' | 'por-validar' | 'activo';

/** The flags each kind's state is read from (missing ones count as false). */
export type FlagsConductor = { fotosVehiculo?: boolean; documentosVehiculo?: boolean; validado?: boolean; perfil?: boolean };
export type FlagsGuia = { perfil?: boolean; validado?: boolean; documentosGuia?: boolean };
export type FlagsOperador = { nuevo?: boolean; perfil?: boolean };

/**
 * docs/spec/01.md section 4, driver states: new = no vehicle photos, no vehicle documents and not validated;
 * to validate = profile complete, not validated, with photos and documents; active = photos,
 * documents and validated. Any other combination (photos without documents, say) is in no list.
 */
export function estadoConductor(f: FlagsConductor): EstadoProveedor | null {
  const fotos = !!f.fotosVehiculo;
  const docs = !!f.documentosVehiculo;
  const validado = !!f.validado;
  if (!fotos && !docs && !validado) return 'nuevo';
  if (fotos && docs && validado) return 'activo';
  if (fotos && docs && !validado && f.perfil) return 'por-validar';
  return null;
}

/** Guide states: new = no profile and not validated; to validate = profile and not validated; active = documents and validated. */
export function estadoGuia(f: FlagsGuia): EstadoProveedor | null {
  if (!f.validado) return f.perfil ? 'por-validar' : 'nuevo';
  return f.documentosGuia ? 'activo' : null;
}

/** Operator states: new = `nuevo` set; active = profile present and `nuevo` not set. */
export function estadoOperador(f: FlagsOperador): EstadoProveedor | null {
  if (f.nuevo) return 'nuevo';
  return f.perfil ? 'activo' : null;
}

export function estadoDe(tipo: 'conductor', f: FlagsConductor): EstadoProveedor | null;
export function estadoDe(tipo: 'guia', f: FlagsGuia): EstadoProveedor | null;
export function estadoDe(tipo: 'operador', f: FlagsOperador): EstadoProveedor | null;
export function estadoDe(tipo: TipoProveedor, f: FlagsConductor & FlagsGuia & FlagsOperador): EstadoProveedor | null;
export function estadoDe(tipo: TipoProveedor, f: FlagsConductor & FlagsGuia & FlagsOperador): EstadoProveedor | null {
  return tipo === 'conductor' ? estadoConductor(f) : tipo === 'guia' ? estadoGuia(f) : estadoOperador(f);
}

/** The record's index key: `conductor#nuevo`, …; null (attribute removed) when it is in no list. */
export const claveEstado = (tipo: TipoProveedor, estado: EstadoProveedor | null): string | null => (estado ? `${tipo}#${estado}` : null);

/** The eight lists of `/panel-control/usuarios`, in the spec's order (1 to 8), with their routes and texts. */
export const LISTAS_PROVEEDORES = [
  { n: 1, id: 'conductores-nuevos', tipo: 'conductor', estado: 'nuevo', titulo: 'Conductores Nuevos', chip: 'Nuevos', vacio: 'No hay Conductores Nuevos Registrados' },
  { n: 2, id: 'conductores-por-validar', tipo: 'conductor', estado: 'por-validar', titulo: 'Conductores por Validar', chip: 'Por Validar', vacio: 'No hay Conductores Registrados' },
  { n: 3, id: 'conductores', tipo: 'conductor', estado: 'activo', titulo: 'Conductores Activos', chip: 'Activos', vacio: 'No hay Conductores Registrados' },
  { n: 4, id: 'operadores-nuevos', tipo: 'operador', estado: 'nuevo', titulo: 'Operadores Nuevos', chip: 'Nuevos', vacio: 'No hay Operadores Turísticos Registrados' },
  { n: 5, id: 'operadores', tipo: 'operador', estado: 'activo', titulo: 'Operadores Activos', chip: 'Activos', vacio: 'No hay Operadores Turísticos Registrados' },
  { n: 6, id: 'guias-nuevos', tipo: 'guia', estado: 'nuevo', titulo: 'Guías Nuevos', chip: 'Nuevos', vacio: 'No hay Guías Nuevos Registrados' },
  // The spec words four empty messages; these two follow their pattern.
  { n: 7, id: 'guias-por-validar', tipo: 'guia', estado: 'por-validar', titulo: 'Guías por Validar', chip: 'Por Validar', vacio: 'No hay Guías por Validar Registrados' },
  { n: 8, id: 'guias', tipo: 'guia', estado: 'activo', titulo: 'Guías Activos', chip: 'Activos', vacio: 'No hay Guías Registrados' },
] as const satisfies readonly { n: number; id: string; tipo: TipoProveedor; estado: EstadoProveedor; titulo: string; chip: string; vacio: string }[];
export type ListaProveedores = (typeof LISTAS_PROVEEDORES)[number];
export type ListaId = ListaProveedores['id'];
export const LISTA_IDS = LISTAS_PROVEEDORES.map((l) => l.id) as [ListaId, ...ListaId[]];
export const listaPorId = (id: ListaId): ListaProveedores => LISTAS_PROVEEDORES.find((l) => l.id === id)!;
export const listaDe = (tipo: TipoProveedor, estado: EstadoProveedor | null): ListaProveedores | undefined =>
  LISTAS_PROVEEDORES.find((l) => l.tipo === tipo && l.estado === estado);

/** The three cards of the panel: each kind's lists, in order. */
export const TARJETAS_PROVEEDORES = [
  { tipo: 'conductor', titulo: 'Transportadores', listas: ['conductores-nuevos', 'conductores-por-validar', 'conductores'] },
  { tipo: 'operador', titulo: 'Operadores', listas: ['operadores-nuevos', 'operadores'] },
  { tipo: 'guia', titulo: 'Guías', listas: ['guias-nuevos', 'guias-por-validar', 'guias'] },
] as const satisfies readonly { tipo: TipoProveedor; titulo: string; listas: readonly ListaId[] }[];

/** What marketplace staff can do to a provider in a state (docs/spec/01.md section 2, "Admin users panel"). */
export type AccionProveedor = 'validar' | 'bienvenida';
export function accionDe(tipo: TipoProveedor, estado: EstadoProveedor | null): AccionProveedor | null {
  if (estado === 'nuevo') return 'bienvenida';
  if (estado === 'por-validar' && tipo !== 'operador') return 'validar';
  return null;
}

/**
 * What an action writes. Validating a driver: validado, documentosVehiculo true, suspendido false; a
 * guide: validado, documentosGuia true, suspendido false. An operator's welcome e-mail marks it seen
 * (nuevo false); a new driver's or guide's only records that it was sent (they still owe their files).
 */
export function cambiosDeAccion(tipo: TipoProveedor, accion: AccionProveedor): Record<string, boolean> {
  if (accion === 'validar') return tipo === 'conductor' ? { validado: true, documentosVehiculo: true, suspendido: false } : { validado: true, documentosGuia: true, suspendido: false };
  return tipo === 'operador' ? { nuevo: false } : {};
}

/** The panel's button for each action and kind, as the spec words them. */
export const BOTON_ACCION: Record<TipoProveedor, Partial<Record<AccionProveedor, string>>> = {
  conductor: { validar: 'Validar Conductor', bienvenida: 'Enviar Email de Bienvenida para que suba fotos y documentos' },
  guia: { validar: 'Validar Guía', bienvenida: 'Enviar Email de Bienvenida para que suba sus documentos' },
  operador: { bienvenida: 'Antes de validar, enviar Email de Bienvenida' },
};

/** Letters and digits only: 'RVA-381' and 'rva 381' are the plate RVA381. */
const compacto = (texto: string) => texto.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The words of what was typed in a list's search: lower case, no accents, split at anything that is
 * not a letter or digit ('sxt-771' is 'sxt' and '771'; punctuation alone is no word). One rule for the
 * lists filtered in the browser (`coincideBusqueda`) and those paged by the API (`contains` on the
 * stored `textoDeBusqueda`).
 */
export const palabrasDeBusqueda = (texto: string): string[] =>
  normalizarBusqueda(texto)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((palabra) => palabra !== '');

/**
 * The text a row is searched in: its parts normalized, plus each word written with hyphens or dots also
 * without them, so 'rva381' typed finds 'RVA-381' stored ('mercedes benz' finds 'Mercedes-Benz' anyway,
 * as its two words).
 */
export function textoDeBusqueda(partes: readonly (string | number | null | undefined)[]): string {
  const texto = normalizarBusqueda(partes.filter((p) => p !== null && p !== undefined && p !== '').join(' '));
  const juntas = texto.split(' ').filter((w) => compacto(w) !== w && compacto(w) !== '').map(compacto);
  return [texto, ...new Set(juntas)].join(' ');
}

/** Whether a row's texts match what was typed in a list's search: every word, accents, case and punctuation aside. */
export function coincideBusqueda(texto: string, partes: readonly (string | number | null | undefined)[]): boolean {
  const hay = textoDeBusqueda(partes);
  return palabrasDeBusqueda(texto).every((palabra) => hay.includes(palabra));
}

/** A text to search providers by: lower case, without accents, so 'jose' finds 'José'. */
export const normalizarBusqueda = (texto: string): string =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a provider has no rating yet (issue 47: no trips, no stars). Records start at INITIAL_RATING
 * (docs/spec/01.md section 3) and a client rates a trip, so a driver with no trips carried has none,
 * whatever `rating` holds. Guides and operators carry no trips recorded here, and no route changes
 * their rating: only a value other than the starting one says someone rated them.
 */
export const sinCalificacion = (p: { tipo: TipoProveedor; rating: number; viajesRealizados?: number }): boolean =>
  p.tipo === 'conductor' ? !p.viajesRealizados : p.rating === INITIAL_RATING;
