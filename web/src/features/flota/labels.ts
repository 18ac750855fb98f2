
export { FOTO_LABELS, DOCUMENTO_LABELS } from '@shared/schemas/vehiculo.js';
