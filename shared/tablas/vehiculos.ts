import { RECOMPENSA_PENDIENTE } from '../domain/pagos.js';
import { indice } from '../tables.js';

/**
 * The vehicles table's list partitions (docs/architecture.md, "Data model"): the repository's query and
 * the route's cursor check read the same one. The provider panel's driver lists: shared/tablas/proveedores.ts.
 */

/** The vehicles whose referrer is owed the commission (sparse index `porRecompensa`). */
export const particionRecompensas = { indice: indice('vehiculos', 'porRecompensa'), atributo: 'recompensa', valor: RECOMPENSA_PENDIENTE } as const;
