/** Local stand-ins accept any credentials; in AWS the function's role is used. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
/** s3rver accepts only its own fixed key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A client made once per process on first use (after the environment is parsed). */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
