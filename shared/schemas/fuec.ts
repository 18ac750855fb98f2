import { FUEC_MSG } from './messages-servicios.js';
import { uploadId } from './upload.js';
import * as z from './zod-es.js';
import { VERIFICACIONES_FUEC } from './service.js';

/** `POST /servicios/{id}/fuec`: the upload ticket of the FUEC file (docs/spec/02.md section 2.5). */
export const fuecBodySchema = z.object({
  archivo: z.string({ error: FUEC_MSG.archivoRequerido }).pipe(uploadId),
  /** The company saw the check's differences and confirms the FUEC all the same. */
  confirmarDiferencias: z.boolean({ error: 'Valor no válido' }).optional(),
});
export type FuecBody = z.infer<typeof fuecBodySchema>;

/** What the FUEC's check found: a match, the differences, or no check possible. */
export const verificacionFuecSchema = z.object({ estado: z.enum(VERIFICACIONES_FUEC), problemas: z.array(z.string()) });

/** `POST /servicios/{id}/fuec`'s answer: the confirmed service and what the FUEC's check found. */
export const fuecSubidoSchema = z.object({ id: z.string(), estado: z.string(), fuec: z.boolean(), verificacion: verificacionFuecSchema });
