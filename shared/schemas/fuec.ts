import { FUEC_MSG } from './messages.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';

/** `POST /servicios/{id}/fuec`: the upload ticket of the FUEC file (spec 02 section 2.5). */
export const fuecBodySchema = z.object({
  archivo: z.string({ error: FUEC_MSG.archivoRequerido }).pipe(uploadId),
});
export type FuecBody = z.infer<typeof fuecBodySchema>;
