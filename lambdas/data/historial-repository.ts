import { historialSchema, nuevaEntrada, type Accion, type EntradaHistorial, type Quien } from '@shared/schemas/historial.js';
import { tableName } from '../adapters/clients/dynamodb.js';
import { queryAll } from './query-all.js';

type Estado = EntradaHistorial['antes'];

/** The trail entry of a change, as a transaction item: written with the change or not at all. */
export function entradaHistorial(servicioId: string, accion: Accion, quien: Quien, antes: Estado, despues: Estado, now: Date) {
  return { Put: { TableName: tableName('historial'), Item: nuevaEntrada(servicioId, accion, quien, antes, despues, now) } };
}

export const historialRepository = {
  /** A service's trail, oldest first (one query on its partition). */
  delServicio(servicioId: string): Promise<EntradaHistorial[]> {
    return queryAll({ TableName: tableName('historial'), KeyConditionExpression: 'servicioId = :s', ExpressionAttributeValues: { ':s': servicioId } }, (i) => historialSchema.parse(i));
  },
};
