import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tripStartCutoff } from '../../shared/domain/trips.js';
import { serviceSchema, type Service } from '../../shared/schemas/service.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { queryAll } from './query-all.js';

export const serviceRepository = {
  /** Confirmed, not yet started trips departing within the start lead (GSI byEstado). */
  listDueTrips(now: Date): Promise<Service[]> {
    return queryAll(
      {
        TableName: tableName('services'),
        IndexName: 'byEstado',
        KeyConditionExpression: 'estado = :e AND fechaSalida <= :cutoff',
        FilterExpression: 'recorridoIniciado = :no',
        ExpressionAttributeValues: { ':e': 'confirmado', ':cutoff': tripStartCutoff(now), ':no': false },
      },
      (i) => serviceSchema.parse(i),
    );
  },

  /** Idempotent: only a confirmed, not started trip changes. Returns whether this call started it. */
  async markTripStarted(id: string): Promise<boolean> {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName('services'),
          Key: { id },
          UpdateExpression: 'SET recorridoIniciado = :yes, recorridoIniciadoEn = :now',
          ConditionExpression: 'estado = :e AND recorridoIniciado = :no',
          ExpressionAttributeValues: { ':yes': true, ':no': false, ':e': 'confirmado', ':now': new Date().toISOString() },
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },
};
