import { z } from 'zod';
import { CORPORATE_PHOTO_SLOTS } from './empresa.js';

export const uploadKindSchema = z.enum(['fotoPerfil', 'logo', 'fotoCorporativa']);

/**
 * `POST /uploads`: asks for a presigned POST. The server picks the object key; the policy fixes
 * key, content type and size range, and `POST /uploads/confirm` re-checks the real bytes.
 */
export const uploadRequestSchema = z.object({
  kind: uploadKindSchema,
  contentType: z.string().min(1, 'Falta el tipo de archivo'),
  size: z.number().int().nonnegative(),
  fileName: z.string().max(200).optional(),
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

const uploadId = z.string().regex(/^[0-9a-f-]{36}$/, 'Identificador de carga inválido');

/**
 * `POST /uploads/confirm`: records uploaded files once they pass the checks. Corporate photos go
 * together (1 to 5) and replace the whole gallery, as the spec's hint says.
 */
export const confirmUploadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fotoPerfil'), uploadId }),
  z.object({ kind: z.literal('logo'), uploadId }),
  z.object({
    kind: z.literal('fotoCorporativa'),
    uploadIds: z
      .array(uploadId)
      .min(1, 'Debes seleccionar al menos una foto')
      .max(CORPORATE_PHOTO_SLOTS, 'Solo puedes seleccionar hasta 5 fotos')
      .refine((ids) => new Set(ids).size === ids.length, 'Hay fotos repetidas en la selección'),
  }),
]);
export type ConfirmUpload = z.infer<typeof confirmUploadSchema>;
