import { FUEC_MSG } from './messages-servicios.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';

/** `POST /servicios/{id}/fuec`: the upload ticket of the FUEC file (docs/spec/02.md section 2.5). */
export const fuecBodySchema = z.object({
  archivo: z.string({ error: FUEC_MSG.archivoRequerido }).pipe(uploadId),
  /** The company saw the check's differences and confirms the FUEC all the same. */
  confirmarDiferencias: z.boolean({ error: 'Valor no válido' }).optional(),
});
export type FuecBody = z.infer<typeof fuecBodySchema>;
