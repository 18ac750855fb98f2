import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.js';
import { localCredentials, once } from './shared.js';

// One file per SDK client, so a function bundles only the clients it calls (see the bundle budgets).
export const ddb = once(() => {
  const { region, endpoints } = config();
  const client = new DynamoDBClient(
    endpoints.dynamodb ? { region, endpoint: endpoints.dynamodb, credentials: localCredentials } : { region },
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
});

export { tableName } from '../../config.js';
