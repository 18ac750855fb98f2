import { randomUUID } from 'node:crypto';
import { mayUpload, pendingUploadKey, REVISIONES_POR_TICKET, UPLOAD_KINDS, uploadProblem, type UploadKind } from '@shared/domain/uploads.js';
import { API_MSG, UPLOAD_MSG } from '@shared/schemas/messages.js';
import type { ReglaCuota } from '@shared/domain/cuotas.js';
import type { UploadRequest } from '@shared/schemas/upload.js';
import { storage } from '../adapters/storage.js';
import { uploadRepository, type UploadTicketItem } from '../data/upload-repository.js';
import { AppError, badRequest, forbidden } from '../errors.js';
import { gastarCuota } from './cuotas.js';
import type { CompanyCaller, PlataformaCaller } from './caller.js';
import type { AppId } from './middleware/apps.js';

/**
 * Uploaded files, for every route that takes them (docs/architecture.md, "Files"): a ticket per file
 * (`issueTicket`), the caller's waiting files taken once and checked against their kind's rules
 * (`takeChecked*`, `peekCheckedFile`), the checked bytes written to their final keys (`putFiles`), and
 * the clean-ups that leave no orphan object behind (`deleteFiles`, `escribirConArchivos`).
 */

export type UploadCaller = CompanyCaller | PlataformaCaller;

/** Tickets are confirmed within the presigned POST's life plus a margin; the table keeps them a day. */
const CONFIRM_WINDOW_SECONDS = 15 * 60;
const TICKET_TTL_SECONDS = 24 * 60 * 60;

/** The caller's role may upload this kind (the route's own rule); 403 with who may. */
export function checkMayUpload(caller: UploadCaller, kind: UploadKind): void {
  if (!mayUpload(kind, caller.role)) {
    const roles = UPLOAD_KINDS[kind].roles as readonly string[];
    const adminsOnly = roles.length > 0 && roles.every((r) => r === 'admin');
    throw forbidden(adminsOnly ? API_MSG.soloAdminEmpresa : API_MSG.sinPermiso);
  }
}

/**
 * The marketplace apps' uploads are ticketed to the app itself (it answers for all its users): the
 * provider apps send guides' and operators' files, the client app transfer receipts.
 */
export const KINDS_APP: Record<AppId, readonly UploadKind[]> = { proveedores: ['fotoProveedor', 'documentoProveedor'], cliente: ['comprobanteCliente'] };
export const subDeApp = (app: AppId) => `app-${app}`;

/** The app's waiting uploads, taken and checked like a console user's. */
export const takeAppFiles = <const L extends readonly Lote[]>(app: AppId, lotes: L) => takeChecked(subDeApp(app), lotes);

/**
 * A waiting key for one file of `sub` (a user, or an app), ticketed, and its single-use presigned POST;
 * counted in the quotas `cuotas` once the request is valid.
 */
export async function issueTicket(sub: string, { kind, contentType, size, fileName }: UploadRequest, cuotas: readonly (readonly [ReglaCuota, string])[]) {
  const name = fileName || 'archivo';
  const problem = uploadProblem(kind, { name, size, type: contentType });
  if (problem) throw badRequest(problem);
  await gastarCuota(cuotas);

  const id = randomUUID();
  const key = pendingUploadKey(sub, id);
  const now = Math.floor(Date.now() / 1000);
  await uploadRepository.issue({
    id,
    sub,
    kind,
    key,
    fileName: name,
    estado: 'emitido',
    validoHasta: now + CONFIRM_WINDOW_SECONDS,
    expiresAt: now + TICKET_TTL_SECONDS,
  });
  return { uploadId: id, ...(await storage.presignPost(key, contentType, UPLOAD_KINDS[kind].maxBytes)) };
}

/**
 * Reads the caller's waiting upload, checks it like `takeCheckedFiles` and then with `revisar`, without
 * using the ticket up: for a route that looks at a file before deciding (the FUEC check). Its bytes are
 * taken later. A file refused here (a 400 from either check) is refused for good, as there. Each ticket
 * is checked at most REVISIONES_POR_TICKET times; then it is used up like a refused file.
 */
export async function peekCheckedFile<T>(caller: UploadCaller, kind: UploadKind, id: string, revisar: (file: CheckedFile) => Promise<T>): Promise<T> {
  checkMayUpload(caller, kind);
  const [ticket] = await uploadRepository.vigentes([{ id, kind }], caller.sub, new Date());
  if (!ticket) throw badRequest(UPLOAD_KINDS[kind].noSubido);
  if (!(await uploadRepository.revisar(ticket.id, caller.sub, REVISIONES_POR_TICKET))) {
    await descartar(caller.sub, [ticket]);
    throw badRequest(UPLOAD_MSG.revisionesAgotadas(REVISIONES_POR_TICKET));
  }
  const file = await storage.peek(ticket.key, UPLOAD_KINDS[kind].maxBytes);
  const problem = uploadProblem(kind, file ? { name: ticket.fileName, size: file.size, type: file.mime, incompleto: file.incompleto } : null);
  try {
    if (problem || !file?.bytes || !file.mime) throw badRequest(problem ?? UPLOAD_KINDS[kind].noSubido);
    return await revisar({ bytes: file.bytes, mime: file.mime });
  } catch (err) {
    // Nothing posted yet: the ticket waits for it.
    if (file && err instanceof AppError && err.status === 400) await descartar(caller.sub, [ticket]);
    throw err;
  }
}

/** Refused files: their tickets used up and their objects deleted, so a retry brings a new upload, not a re-post. */
async function descartar(sub: string, tickets: readonly UploadTicketItem[]): Promise<void> {
  if (!tickets.length) return;
  await uploadRepository.usar(tickets.map((t) => t.id), sub).catch(() => false);
  await deleteFiles(tickets.map((t) => t.key));
}

/** A waiting upload that passed its kind's checks: exactly the bytes that were checked. */
export type CheckedFile = { bytes: Uint8Array; mime: string };

/** Waiting uploads of one kind, by ticket id. */
export type Lote = { kind: UploadKind; ids: readonly string[] };
type Tomados = { tickets: UploadTicketItem[]; files: CheckedFile[] };
/** One result per lot, in the lots' order. */
type PorLote<L extends readonly Lote[]> = { [K in keyof L]: Tomados };

/**
 * Takes the caller's waiting uploads (each ticket once) and checks their real size and bytes against
 * their kind's rules. All or nothing: one refused file refuses the batch (400 with its message, and
 * per file when there are several).
 */
export async function takeCheckedFiles(caller: UploadCaller, kind: UploadKind, ids: readonly string[]): Promise<Tomados> {
  const [tomados] = await takeCheckedLots(caller, [{ kind, ids }]);
  return tomados;
}

/** `takeCheckedFiles` for a request with files of several kinds (a vehicle's photos and documents): all are checked before any is taken. */
export async function takeCheckedLots<const L extends readonly Lote[]>(caller: UploadCaller, lotes: L): Promise<PorLote<L>> {
  for (const { kind } of lotes) checkMayUpload(caller, kind);
  return takeChecked(caller.sub, lotes);
}

/**
 * Every file is checked before any ticket is used, so a refused request leaves the good files waiting
 * under their tickets for a retry (unused ones expire with the day); a refused file's ticket is used up
 * and its object deleted. Then the tickets are used all at once (one of two confirms wins) and the
 * waiting objects deleted. What is returned are the bytes that were checked, never a later re-post.
 */
async function takeChecked<L extends readonly Lote[]>(sub: string, lotes: L): Promise<PorLote<L>> {
  const pedidos = lotes.flatMap(({ kind, ids }) => ids.map((id) => ({ id, kind })));
  if (!pedidos.length) return lotes.map((): Tomados => ({ tickets: [], files: [] })) as PorLote<L>;
  const tickets = await uploadRepository.vigentes(pedidos, sub, new Date());
  const sinTicket = tickets.findIndex((t) => !t);
  if (sinTicket >= 0) throw badRequest(UPLOAD_KINDS[pedidos[sinTicket]!.kind].noSubido);
  const validos = tickets as UploadTicketItem[];
  const leidos = await Promise.all(validos.map((t) => storage.peek(t.key, UPLOAD_KINDS[t.kind].maxBytes)));
  const problems = leidos.map((f, i) => uploadProblem(validos[i]!.kind, f ? { name: validos[i]!.fileName, size: f.size, type: f.mime, incompleto: f.incompleto } : null));
  const failed = problems.findIndex(Boolean);
  if (failed >= 0) {
    await descartar(sub, validos.filter((_, i) => leidos[i] && problems[i]));
    const items = pedidos.length > 1 ? { items: problems.map((message, index) => ({ index, message })) } : undefined;
    throw badRequest(problems[failed]!, items);
  }
  if (!(await uploadRepository.usar(validos.map((t) => t.id), sub))) throw badRequest(UPLOAD_KINDS[pedidos[0]!.kind].noSubido);
  await deleteFiles(validos.map((t) => t.key));
  let desde = 0;
  return lotes.map(({ ids }): Tomados => {
    const hasta = desde + ids.length;
    const lote = { tickets: validos.slice(desde, hasta), files: leidos.slice(desde, hasta).map((f) => ({ bytes: f!.bytes!, mime: f!.mime! })) };
    desde = hasta;
    return lote;
  }) as PorLote<L>;
}

/** Writes checked files to their keys. Every write settles before it answers, so a clean-up never runs ahead of a put. */
export async function putFiles(keys: readonly string[], files: readonly CheckedFile[], etiquetas?: Record<string, string>): Promise<void> {
  const puts = await Promise.allSettled(keys.map((key, i) => storage.put(key, files[i]!.bytes, files[i]!.mime, etiquetas)));
  const failedPut = puts.find((p) => p.status === 'rejected');
  if (failedPut) throw failedPut.reason;
}

/**
 * Deletes files as a clean-up, best effort: each delete settles, and one that fails never fails the
 * request whose data is already right (it leaves an unreferenced object, not a wrong record).
 */
export async function deleteFiles(keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
}

/**
 * Writes the record that refers to files already put. A write that throws or is refused (a falsy
 * result: its condition failed) deletes those files, so a failed request leaves no orphan behind.
 */
export async function escribirConArchivos<T>(keys: readonly string[], escribir: () => Promise<T>): Promise<T> {
  const resultado = await escribir().catch(async (err: unknown) => {
    await deleteFiles(keys);
    throw err;
  });
  if (!resultado) await deleteFiles(keys);
  return resultado;
}
