import S3rver from 's3rver';
import { PENDING_PREFIX } from '../../shared/domain/uploads.js';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver with the app's bucket (and its CORS for browser uploads) created on start. */
export async function startS3(opts: { port: number; directory: string; bucket: string }): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.directory,
    silent: true,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}

/**
 * The AWS bucket's lifecycle rule for waiting uploads (infra/stacks/edge-stack.ts: `uploads/` expire
 * after a day), which s3rver does not have: without it, uploads never confirmed and re-posts after a
 * confirm would pile up in `.local/s3`. Deletes the objects under `prefix` older than `dias`; returns
 * how many. Run with the scheduled jobs.
 */
export async function expirarEsperando(opts: { endpoint: string; bucket: string; prefix?: string; now?: Date; dias?: number }): Promise<number> {
  const { S3Client, ListObjectsV2Command, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ region: 'local', endpoint: opts.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const limite = (opts.now ?? new Date()).getTime() - (opts.dias ?? 1) * 86_400_000;
  let borrados = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: opts.prefix ?? PENDING_PREFIX, ContinuationToken: token }));
    const viejos = (page.Contents ?? []).filter((o) => o.Key && o.LastModified && o.LastModified.getTime() < limite).map((o) => ({ Key: o.Key! }));
    if (viejos.length) await s3.send(new DeleteObjectsCommand({ Bucket: opts.bucket, Delete: { Objects: viejos, Quiet: true } }));
    borrados += viejos.length;
    token = page.NextContinuationToken;
  } while (token);
  s3.destroy();
  return borrados;
}
