import { serviceSchema } from './service.js';
import * as z from './zod-es.js';

/** A row of the company's reservations (docs/spec/02.md section 4.3; issue "Reserved services"). */
export const CAMPOS_RESERVA = [
  'id', 'estado', 'tipo', 'clase', 'origen', 'destino', 'fechaSalida', 'fechaRegreso', 'pasajeros', 'placas', 'conductor', 'fuec', 'verificacionFuec', 'recorridoIniciado', 'valorOferta',
] as const;
export const reservaSchema = serviceSchema.pick(Object.fromEntries(CAMPOS_RESERVA.map((c) => [c, true])) as { [K in (typeof CAMPOS_RESERVA)[number]]: true });
export type Reserva = z.infer<typeof reservaSchema>;

/** `GET /reservas`: reserved and confirmed services of the company, earliest departure first. */
export const reservasSchema = z.object({ items: z.array(reservaSchema) });

/** A confirmed trip stays listed until it is finished; older than this it is someone's forgotten end. */
export const DIAS_RESERVAS_PASADAS = 30;
