import { useEffect, useState } from 'react';
import { StatusText } from '../../../components/status-text.js';
import { DOCUMENTOS_CON_VENCIMIENTO, estadoDocumento, necesitaAtencion } from '@shared/domain/vencimientos.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { type DocumentoVehiculo, type FotoVehiculo } from '@shared/schemas/vehiculo.js';
import { normalizarPlacas } from '@shared/schemas/vehiculo-formulario.js';
import { ApiError } from '../../../lib/api-client.js';
import { fechaEnPalabras } from '../../../lib/format.js';
import { uploadFile } from '../../../lib/uploads/upload-files.js';
import { placaDisponible } from '../api/vehiculos.js';

/** Pieces of the vehicle form: the file slots' uploads and refusals, the plate's live check, a document's date field. */

/** Uploads the chosen files of one kind, in parallel, and answers their upload ids by slot. */
export async function uploadSlots<S extends FotoVehiculo | DocumentoVehiculo>(
  kind: 'fotoVehiculo' | 'documentoVehiculo',
  files: Partial<Record<S, File>>,
  setProgress: (update: (p: Partial<Record<FotoVehiculo | DocumentoVehiculo, number>>) => Partial<Record<FotoVehiculo | DocumentoVehiculo, number>>) => void,
): Promise<Partial<Record<S, string>>> {
  const entries = Object.entries(files) as [S, File][];
  const ids = await Promise.all(entries.map(([slot, file]) => uploadFile(kind, file, (percent) => setProgress((p) => ({ ...p, [slot]: percent })))));
  return Object.fromEntries(entries.map(([slot], i) => [slot, ids[i]!])) as Partial<Record<S, string>>;
}

/**
 * Which slots' files the API refused: by index when several were sent (`details.items`), or the one
 * file sent when a 400 names no field.
 */
export function archivosRechazados(error: ApiError, enviados: readonly (FotoVehiculo | DocumentoVehiculo)[]): Partial<Record<FotoVehiculo | DocumentoVehiculo, string>> {
  const items = (error.details as { items?: { index: number; message: string | null }[] } | null)?.items;
  if (items) return Object.fromEntries(items.flatMap(({ index, message }) => (message && enviados[index] ? [[enviados[index], message]] : [])));
  if (error.status === 400 && !error.fields.length && enviados.length === 1) return { [enviados[0]!]: error.message };
  return {};
}

/**
 * docs/spec/02.md section 5.3: the plate is checked against the company's fleet while it is typed (after a
 * pause), and the message shows under the field. The server checks again when the form is saved.
 */
export function usePlacaCheck(placas: string): { error?: string } {
  const [taken, setTaken] = useState<string | null>(null);
  const normal = normalizarPlacas(placas);
  useEffect(() => {
    if (!/^[A-Z0-9]{6}$/.test(normal)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      placaDisponible(normal, controller.signal)
        .then((free) => setTaken(free ? null : normal))
        .catch(() => undefined);
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [normal]);
  return { error: taken && taken === normal ? VEHICULO_MSG.placaRegistrada : undefined };
}

/**
 * A date typed, in words; a document's expiry also says when it is past or near (an expired licence was
 * taken without a word: the vehicle then cannot be offered or assigned, and the fleet says so only later).
 */
export function FechaDeDocumento({ campo, fecha, conError }: { campo: string; fecha: string; conError: boolean }) {
  // A field in error (a SOAT that must be future) already says what is wrong.
  const estado = !conError && DOCUMENTOS_CON_VENCIMIENTO.some((d) => d.campo === campo) ? estadoDocumento(fecha) : null;
  if (!estado || !necesitaAtencion(estado.nivel)) return <>{fechaEnPalabras(fecha)}</>;
  return <StatusText type={estado.nivel === 'vencido' ? 'error' : 'warning'}>{`${fechaEnPalabras(fecha)} · ${estado.texto}`}</StatusText>;
}
