import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';

/** Local stand-ins accept any credentials; in AWS the function's role is used. */
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
/** s3rver accepts only its own fixed key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** SDK clients, created once per process on first use (after the environment is parsed). */
export const ddb = once(() => {
  const { region, endpoints } = config();
  const client = new DynamoDBClient(
    endpoints.dynamodb ? { region, endpoint: endpoints.dynamodb, credentials: localCredentials } : { region },
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
});

export const s3 = once(() => {
  const { region, endpoints } = config();
  return new S3Client(
    endpoints.s3
      ? {
          region,
          endpoint: endpoints.s3,
          credentials: S3RVER_CREDENTIALS,
          forcePathStyle: true,
          // s3rver stores aws-chunked framing verbatim when the SDK adds checksums by default.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : { region },
  );
});

export const cognito = once(() => {
  const { region, endpoints } = config();
  return new CognitoIdentityProviderClient(
    endpoints.cognito ? { region, endpoint: endpoints.cognito, credentials: localCredentials } : { region },
  );
});

export { tableName } from '../config.js';
