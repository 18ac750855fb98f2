import type { DocumentoVehiculo, FotoVehiculo } from '../../../../shared/schemas/vehiculo.js';

/** The photo and document slots as people read them, in the spec's order (spec 02 section 5.2). */
export const FOTO_LABELS: Record<FotoVehiculo, string> = { frente: 'Frente', lateral: 'Lateral', interior: 'Interior', perspectiva: 'Perspectiva', tablero: 'Tablero' };
export const DOCUMENTO_LABELS: Record<DocumentoVehiculo, string> = {
  licenciaConducir: 'Licencia de conducción',
  rut: 'RUT',
  soat: 'SOAT',
  tarjetaPropiedad: 'Tarjeta de propiedad',
};
