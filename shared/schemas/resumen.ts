import * as z from './zod-es.js';

const mes = z.object({ mes: z.string(), ofertas: z.number(), ganadas: z.number(), cobrado: z.number(), pagadoConductores: z.number(), viajes: z.number(), minutosHastaOferta: z.number() });

/** `GET /resumen`: the company's last twelve months (shared/domain/cifras.ts, docs/decisions/0016). */
export const resumenSchema = z.object({
  meses: z.array(mes),
  totales: mes.omit({ mes: true }).extend({ tasaExito: z.number().nullable(), minutosPromedioHastaOferta: z.number().nullable() }),
  porVehiculo: z.array(z.object({ placas: z.string(), viajes: z.number() })),
  porRuta: z.array(z.object({ ruta: z.string(), viajes: z.number() })),
});
