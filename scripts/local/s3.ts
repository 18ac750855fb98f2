import S3rver, { type S3rverStore } from 's3rver';
import { COTIZACIONES_PREFIX, ETIQUETA_COTIZACION, PENDING_PREFIX } from '@shared/domain/uploads.js';

/** The bucket's rule for quotes of offers never accepted, as `expirarEsperando` options. */
export const COTIZACIONES_ABIERTAS = {
  prefix: COTIZACIONES_PREFIX,
  dias: ETIQUETA_COTIZACION.diasAbierta,
  etiqueta: { clave: ETIQUETA_COTIZACION.clave, valor: ETIQUETA_COTIZACION.abierta },
};

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

type Ctx = { method: string; path: string; query: Record<string, unknown>; headers: Record<string, string | string[] | undefined>; status: number };
const xml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What s3rver lacks of S3's object tags: it ignores PutObject's `x-amz-tagging` header, and a deleted
 * object's tags stay on disk. This stores the one and deletes the other, so tags read back as in AWS
 * (the lifecycle rule for open quotes reads them, see `expirarEsperando`).
 */
function etiquetasComoS3(store: S3rverStore) {
  return async (ctx: Ctx, next: () => Promise<void>) => {
    await next();
    const cabecera = ctx.headers['x-amz-tagging'];
    const conEtiquetas = ctx.method === 'PUT' && ctx.status === 200 && typeof cabecera === 'string' && !ctx.headers['x-amz-copy-source'];
    const borrado = ctx.method === 'DELETE' && ctx.status === 204;
    const m = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    const simple = !('tagging' in ctx.query) && !('uploadId' in ctx.query) && !('uploads' in ctx.query);
    if (!m || !simple || !(conEtiquetas || borrado)) return;
    // The object's key as s3rver stored it (the path was valid: its handler answered 200/204).
    const [bucket, key] = [m[1]!, decodeURIComponent(m[2]!)];
    if (conEtiquetas) {
      const tags = [...new URLSearchParams(cabecera)].map(([k, v]) => `<Tag><Key>${xml(k)}</Key><Value>${xml(v)}</Value></Tag>`).join('');
      await store.putSubresource(bucket, key, { type: 'tagging', toXML: () => `<Tagging><TagSet>${tags}</TagSet></Tagging>` });
    }
    if (borrado) await store.deleteSubresource(bucket, key, 'tagging');
  };
}

/** s3rver with the app's bucket (and its CORS for browser uploads) created on start. */
export async function startS3(opts: { port: number; directory: string; bucket: string }): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.directory,
    silent: true,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  });
  // Ahead of s3rver's own middleware, so it sees each answer (Koa composes on run()).
  server.middleware.unshift(etiquetasComoS3(server.store));
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}

/**
 * The AWS bucket's lifecycle rules (infra/stacks/edge-stack.ts), which s3rver does not have: by default
 * the one for waiting uploads (`uploads/` expire after a day); without it, uploads never confirmed and
 * re-posts after a confirm would pile up in `.local/s3`. Deletes the objects under `prefix` older than
 * `dias`, only those carrying `etiqueta` when given (the rule for open quotes); returns how many. Run
 * with the scheduled jobs.
 */
export async function expirarEsperando(opts: {
  endpoint: string;
  bucket: string;
  prefix?: string;
  now?: Date;
  dias?: number;
  etiqueta?: { clave: string; valor: string };
}): Promise<number> {
  const { S3Client, ListObjectsV2Command, DeleteObjectsCommand, GetObjectTaggingCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ region: 'local', endpoint: opts.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const limite = (opts.now ?? new Date()).getTime() - (opts.dias ?? 1) * 86_400_000;
  let borrados = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: opts.prefix ?? PENDING_PREFIX, ContinuationToken: token }));
    let viejos = (page.Contents ?? []).filter((o) => o.Key && o.LastModified && o.LastModified.getTime() < limite).map((o) => ({ Key: o.Key! }));
    const { etiqueta } = opts;
    if (etiqueta) {
      const conEtiqueta = await Promise.all(
        viejos.map(async (o) => (await s3.send(new GetObjectTaggingCommand({ Bucket: opts.bucket, Key: o.Key }))).TagSet?.some((t) => t.Key === etiqueta.clave && t.Value === etiqueta.valor)),
      );
      viejos = viejos.filter((_, i) => conEtiqueta[i]);
    }
    if (viejos.length) await s3.send(new DeleteObjectsCommand({ Bucket: opts.bucket, Delete: { Objects: viejos, Quiet: true } }));
    borrados += viejos.length;
    token = page.NextContinuationToken;
  } while (token);
  s3.destroy();
  return borrados;
}
