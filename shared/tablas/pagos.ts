import { indice } from '../tables.js';

/** The ledger's rows of one kind, latest registered first (index `porTipo`): what the repository reads and a cursor names. */
export const particionDeTipo = (tipo: string) => ({ indice: indice('pagos', 'porTipo'), atributo: 'tipo', valor: tipo });
