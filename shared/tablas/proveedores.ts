import { claveEstado, type EstadoProveedor, type TipoProveedor } from '../domain/proveedores.js';
import { indice } from '../tables.js';

/**
 * A provider panel's list (docs/architecture.md, "Data model"): drivers in the vehicles table, guides and
 * operators in the providers table, each on its sparse index `porEstadoProveedor` under `<tipo>#<estado>`.
 */
export const particionDeLista = (tipo: TipoProveedor, estado: EstadoProveedor) => ({
  indice: indice('proveedores', 'porEstadoProveedor'),
  atributo: 'estadoProveedor',
  valor: claveEstado(tipo, estado)!,
});
