import type { Role } from '../schemas/empresa.js';
import { PERFIL_MSG, UPLOAD_MSG } from '../schemas/messages.js';

const MB = 1024 * 1024;
const IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** docs/spec/02.md section 5.3: vehicle photos are JPG, PNG or WebP; documents and the FUEC PDF, JPG or PNG. */
const PHOTOS = ['image/jpeg', 'image/png', 'image/webp'] as const;
const DOCUMENTS = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * How many times one waiting upload may be checked before it is taken (the FUEC's reading, which the
 * company repeats to confirm differences): enough for a look and a confirmation, not a loop over one
 * costly file (docs/architecture.md, "Untrusted input").
 */
export const REVISIONES_POR_TICKET = 3;

/** `incompleto`: a PDF without its end marker (`pdfIncompleto`), known only from the whole file (the API's check). */
export type FileFacts = { name: string; size: number; type: string | null; incompleto?: boolean };
/** Megabytes as Colombia writes them, with a decimal comma ('3,15'). */
export const megabytes = (size: number) => (size / MB).toFixed(2).replace('.', ',');

/** A payment receipt, the staff's payout receipt or the client's transfer receipt: the same rules, other uploaders. */
const COMPROBANTE = {
  maxBytes: 2 * MB,
  types: DOCUMENTS,
  perfilCompleto: false,
  noSubido: UPLOAD_MSG.archivoNoSubido,
  tooBig: () => 'El comprobante excede el tamaño máximo de 2MB',
  wrongType: () => 'El comprobante debe ser PDF, JPG o PNG',
} as const;

/** The vehicle's photo and document slots, in the spec's order (docs/spec/02.md section 5.3). */
export const FOTOS_VEHICULO = ['frente', 'lateral', 'interior', 'perspectiva', 'tablero'] as const;
export const DOCUMENTOS_VEHICULO = ['licenciaConducir', 'rut', 'soat', 'tarjetaPropiedad'] as const;

/**
 * Every kind of file the console uploads, declared once: its real types, size limit, who may upload
 * it and the Spanish messages of its checks. The browser checks with these for comfort; the API
 * checks the stored bytes with the same rules. Storage keys are in `uploadKeys` below; what each
 * kind records lives with the API (lambdas/api/uploads).
 */
export const UPLOAD_KINDS = {
  fotoPerfil: {
    maxBytes: 1 * MB,
    types: IMAGES,
    roles: ['admin', 'user', 'plataforma'],
    perfilCompleto: false,
    noSubido: PERFIL_MSG.fotoNoSubida,
    tooBig: () => PERFIL_MSG.fotoPerfilGrande,
    wrongType: () => PERFIL_MSG.tipoImagen,
  },
  logo: { maxBytes: 1 * MB, types: IMAGES, roles: ['admin'], perfilCompleto: false, noSubido: PERFIL_MSG.fotoNoSubida, tooBig: () => PERFIL_MSG.logoGrande, wrongType: () => PERFIL_MSG.tipoImagen },
  fotoCorporativa: {
    maxBytes: 2 * MB,
    types: IMAGES,
    roles: ['admin'],
    perfilCompleto: false,
    noSubido: PERFIL_MSG.fotoNoSubida,
    tooBig: () => PERFIL_MSG.fotoCorporativaGrande,
    wrongType: () => PERFIL_MSG.tipoImagen,
  },
  fotoVehiculo: {
    maxBytes: 2 * MB,
    types: PHOTOS,
    roles: ['admin', 'user'],
    perfilCompleto: true,
    noSubido: PERFIL_MSG.fotoNoSubida,
    tooBig: (f: FileFacts) => `El archivo ${f.name} (${megabytes(f.size)}MB) excede el tamaño máximo de 2MB`,
    wrongType: (f: FileFacts) => `Tipo de archivo no soportado: ${f.name} (${f.type ?? 'desconocido'}). Use JPG, PNG o WebP.`,
  },
  documentoVehiculo: {
    maxBytes: 2 * MB,
    types: DOCUMENTS,
    roles: ['admin', 'user'],
    perfilCompleto: true,
    noSubido: UPLOAD_MSG.archivoNoSubido,
    tooBig: (f: FileFacts) => `El documento ${f.name} (${megabytes(f.size)}MB) excede el tamaño máximo de 2MB`,
    wrongType: (f: FileFacts) => `Tipo de documento no soportado: ${f.name} (${f.type ?? 'desconocido'})`,
  },
  fuec: { maxBytes: 2 * MB, types: DOCUMENTS, roles: ['admin', 'user'], perfilCompleto: true, noSubido: UPLOAD_MSG.archivoNoSubido, tooBig: () => UPLOAD_MSG.fuecGrande, wrongType: () => UPLOAD_MSG.fuecTipo },
  /** The provider apps' files (guides, operators): uploaded by the app, never by a console user. */
  fotoProveedor: { maxBytes: 2 * MB, types: PHOTOS, roles: [], perfilCompleto: false, noSubido: PERFIL_MSG.fotoNoSubida, tooBig: () => 'La foto excede el tamaño máximo de 2MB', wrongType: () => 'La foto debe ser JPG, PNG o WebP' },
  documentoProveedor: {
    maxBytes: 2 * MB,
    types: DOCUMENTS,
    roles: [],
    perfilCompleto: false,
    noSubido: UPLOAD_MSG.archivoNoSubido,
    tooBig: (f: FileFacts) => `El documento ${f.name} (${megabytes(f.size)}MB) excede el tamaño máximo de 2MB`,
    wrongType: (f: FileFacts) => `Tipo de documento no soportado: ${f.name} (${f.type ?? 'desconocido'})`,
  },
  /** A payout's receipt (advance, balance, referral reward), uploaded by marketplace staff. */
  comprobantePago: { ...COMPROBANTE, roles: ['plataforma'] },
  /** The client's transfer receipt, sent by the client app. */
  comprobanteCliente: { ...COMPROBANTE, roles: [] },
  cotizacion: {
    maxBytes: 2 * MB,
    types: ['application/pdf'],
    roles: ['admin', 'user'],
    perfilCompleto: true,
    noSubido: UPLOAD_MSG.archivoNoSubido,
    tooBig: () => UPLOAD_MSG.cotizacionGrande,
    wrongType: () => UPLOAD_MSG.cotizacionTipo,
  },
} as const satisfies Record<
  string,
  {
    maxBytes: number;
    types: readonly string[];
    roles: readonly Role[];
    /** Only for a company whose profile is complete (the routes that take these files require it). */
    perfilCompleto: boolean;
    /** A ticket that cannot be taken (not the caller's, used, expired or of another kind). */
    noSubido: string;
    tooBig: (f: FileFacts) => string;
    wrongType: (f: FileFacts) => string;
  }
>;
export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]];

const NOMBRE_TIPO: Record<string, string> = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/gif': 'GIF', 'image/webp': 'WebP', 'application/pdf': 'PDF' };

/**
 * What a kind of file may be, said before choosing ('JPG, PNG o WebP, hasta 2 MB cada uno'): the vehicle
 * form's slots said nothing until a file failed. From the same rules the checks use.
 */
export function reglasDeArchivo(kind: UploadKind): string {
  const { types, maxBytes } = UPLOAD_KINDS[kind];
  const nombres = (types as readonly string[]).map((t) => NOMBRE_TIPO[t] ?? t);
  const lista = nombres.length > 1 ? `${nombres.slice(0, -1).join(', ')} o ${nombres.at(-1)}` : nombres[0];
  return `${lista}, hasta ${String(maxBytes / MB).replace('.', ',')} MB cada uno`;
}

export const mayUpload = (kind: UploadKind, role: Role): boolean => (UPLOAD_KINDS[kind].roles as readonly Role[]).includes(role);

/**
 * Why a file cannot be kept, or null when it can. Used twice: on the declared size and type before
 * the upload, and on the stored object's real size and bytes after it.
 */
export function uploadProblem(kind: UploadKind, file: FileFacts | null): string | null {
  const rules = UPLOAD_KINDS[kind];
  if (!file || file.size === 0) return UPLOAD_KINDS[kind].noSubido;
  if (file.size > rules.maxBytes) return rules.tooBig(file);
  if (file.incompleto && (rules.types as readonly string[]).includes('application/pdf')) return UPLOAD_MSG.pdfIncompleto(file.name);
  if (!file.type || !(rules.types as readonly string[]).includes(file.type)) return rules.wrongType(file);
  return null;
}

/** Where a browser upload waits until `confirm` checks it (a bucket rule deletes leftovers after a day). */
export const PENDING_PREFIX = 'uploads/';

/** Where offers' quotes are stored (`uploadKeys.cotizacion`). */
export const COTIZACIONES_PREFIX = 'ofertas/';
/**
 * A quote is stored tagged open; accepting its offer tags it kept. Offers not accepted vanish with
 * their 24 hours (the table's TTL), so a bucket rule deletes open quotes once no offer can still be
 * accepted: a day of life plus a day's margin for TTL and clocks.
 */
export const ETIQUETA_COTIZACION = { clave: 'cotizacion', abierta: 'abierta', aceptada: 'aceptada', diasAbierta: 2 } as const;
export const pendingUploadKey = (sub: string, uploadId: string): string => `${PENDING_PREFIX}${sub}/${uploadId}`;

/** A file name as part of a storage key: no folders, no odd characters. */
const safeName = (name: string) => name.normalize('NFKD').replace(/[^\w.-]+/g, '_').slice(-100) || 'archivo';

/**
 * Final object keys: the spec's storage paths (docs/spec/01.md section 3, docs/spec/02.md section 3.6). A corporate
 * photo's folder is a fresh id per upload batch (not the user's; an added photo is a batch of one), so
 * new photos never overwrite the ones on show before they are recorded: a failure halfway leaves the
 * old gallery whole. The `n` of `corporativa{n}` is the slot a photo first landed in; removing an
 * earlier photo moves it up without renaming it.
 */
export const uploadKeys = {
  fotoPerfil: (owner: { empresaId?: string; sub: string }) =>
    owner.empresaId ? `companies/${owner.empresaId}/profile-pictures/${owner.sub}` : `plataforma/profile-pictures/${owner.sub}`,
  logo: (empresaId: string, sub: string) => `companies/${empresaId}/logo/${sub}`,
  fotoCorporativa: (empresaId: string, batchId: string, slot: number) => {
    if (!Number.isInteger(slot) || slot < 1 || slot > 5) throw new Error('Posición de foto corporativa inválida');
    return `companies/${empresaId}/fotosCorporativas/${batchId}/corporativa${slot}`;
  },
  /**
   * A vehicle's photo and documents: a new vehicle's at the slot's name; a replacement under its upload's
   * id (`version`), so an edit refused after its files were put leaves the stored ones as they were.
   */
  fotoVehiculo: (vehiculoId: string, foto: (typeof FOTOS_VEHICULO)[number], version?: string) => `vehiculos/${vehiculoId}/fotos/${foto}${version ? `-${version}` : ''}`,
  documentoVehiculo: (vehiculoId: string, documento: (typeof DOCUMENTOS_VEHICULO)[number], version?: string) =>
    `vehiculos/${vehiculoId}/documentos/${documento}${version ? `-${version}` : ''}`,
  /** The FUEC: a key per upload (`version`, its upload's id), so a losing upload never touches the winner's file. The demo's have none. */
  fuec: (serviceId: string, version?: string) => `fuecs/${serviceId}/fuec${version ? `-${version}` : ''}`,
  /**
   * A guide's or operator's photo and documents: a new key for every file (`version`, its upload's id),
   * never overwritten, so what a record points to is what staff saw until the record itself changes.
   * The demo's files have none.
   */
  archivoProveedor: (tipo: 'guia' | 'operador', id: string, slot: string, version?: string) => `proveedores/${tipo}/${id}/${slot}${version ? `-${version}` : ''}`,
  /** A payout's receipt: one per payment (`anticipo`, `saldo`), or the referral reward's per vehicle. */
  comprobantePago: (servicioId: string, tipo: 'anticipo' | 'saldo') => `pagos/${servicioId}/${tipo}`,
  comprobanteRecompensa: (vehiculoId: string) => `pagos/recompensas/${vehiculoId}`,
  /** Each receipt the client sends is kept under its own name: a refused one stays on record (its key in the trail's 'pago-rechazado'). */
  comprobanteCliente: (servicioId: string, ticketId: string) => `pagos/${servicioId}/cliente/${ticketId}`,
  /** The upload's id ahead of the name, where the name's cut cannot reach it: two sends never share a key. */
  cotizacion: (empresaId: string, serviceId: string, uploadId: string, fileName: string) => `${COTIZACIONES_PREFIX}${empresaId}/${serviceId}/${uploadId}-${safeName(fileName)}`,
};
