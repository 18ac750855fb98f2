import { UPLOAD_KIND_NAMES } from '../domain/uploads.js';
import { CORPORATE_PHOTO_SLOTS } from './empresa.js';
import { GALERIA_MSG, PERFIL_MSG } from './messages.js';
import { cleanText } from './text.js';
import * as z from './zod-es.js';

export const uploadKindSchema = z.enum(UPLOAD_KIND_NAMES, { error: 'Tipo de archivo desconocido' });

/**
 * `POST /uploads`: asks for a presigned POST. The server picks the object key; the policy fixes
 * key, content type and size range, and `POST /uploads/confirm` re-checks the real bytes.
 */
export const uploadRequestSchema = z.object({
  kind: uploadKindSchema,
  contentType: z.string({ error: 'Falta el tipo de archivo' }).min(1, 'Falta el tipo de archivo').max(100, 'Tipo de archivo no válido'),
  size: z
    .number({ error: 'Falta el tamaño del archivo' })
    // zod's int() is a safe integer already: a max of its own said the same message twice for 1e308.
    .int('El tamaño del archivo no es válido')
    .nonnegative('El tamaño del archivo no es válido'),
  fileName: cleanText(200).optional(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** The answer: post `fields` then the file (last) as multipart/form-data to `url`. */
export const uploadTicketSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** An upload ticket's id (`POST /uploads`), as forms send it to the route that records the file. */
export const uploadId = z.string({ error: 'Identificador de carga inválido' }).regex(/^[0-9a-f-]{36}$/, 'Identificador de carga inválido');

/**
 * How confirmed corporate photos join the gallery: added to its free slots (one at a time in the
 * console), or replacing it whole (the spec's hint: "upload 5 photos to replace them").
 */
export const MODOS_GALERIA = ['agregar', 'reemplazar'] as const;
export type ModoGaleria = (typeof MODOS_GALERIA)[number];

/** `POST /uploads/confirm`: records uploaded files once they pass the checks. Corporate photos: 1 to 5. */
export const confirmUploadSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fotoPerfil'), uploadId }),
    z.object({ kind: z.literal('logo'), uploadId }),
    z.object({
      kind: z.literal('fotoCorporativa'),
      modo: z.enum(MODOS_GALERIA, { error: GALERIA_MSG.modo }),
      uploadIds: z
        .array(uploadId, { error: PERFIL_MSG.minFotos })
        .min(1, PERFIL_MSG.minFotos)
        .max(CORPORATE_PHOTO_SLOTS, PERFIL_MSG.maxFotos)
        .refine((ids) => new Set(ids).size === ids.length, 'Hay fotos repetidas en la selección'),
    }),
  ],
  { error: 'Tipo de archivo desconocido' },
);
export type ConfirmUpload = z.infer<typeof confirmUploadSchema>;

/** `DELETE /fotos-corporativas?foto=<key>`: one photo out of the company's gallery, named by its storage key. */
export const quitarFotoSchema = z.object({
  foto: z.string({ error: GALERIA_MSG.fotoRequerida }).min(1, GALERIA_MSG.fotoRequerida).max(300, GALERIA_MSG.fotoNoEncontrada),
});
