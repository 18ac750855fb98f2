import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../../config.js';
import { once, S3RVER_CREDENTIALS } from './shared.js';

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
