import * as z from './zod-es.js';
import { MSG } from './messages.js';

/**
 * Puesto values and labels (docs/spec/01.md section 3). A module of its own: the sign-up and sign-in
 * schemas need it, and the sign-in page's first load must not carry the company and user schemas.
 */
export const PUESTOS = {
  CEO: 'CEO',
  CFO: 'CFO',
  CMO: 'CMO',
  CTO: 'CTO',
  CCO: 'CCO',
  COORDINADOR_COMERCIAL: 'Coordinador(a) Comercial',
  ASISTENTE_CONTABLE: 'Asistente Contable',
  ASISTENTE_COMERCIAL: 'Asistente Comercial',
  DESARROLLADOR: 'Desarrollador',
} as const;
export type Puesto = keyof typeof PUESTOS;
export const puestoSchema = z.enum(Object.keys(PUESTOS) as [Puesto, ...Puesto[]], { error: MSG.puestoRequerido });
