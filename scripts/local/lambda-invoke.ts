import { createServer, type Server } from 'node:http';

type Handler = (event: never) => Promise<unknown>;

/**
 * The local stand-in for Lambda's Invoke API, just enough for cognito-local's triggers:
 * POST /2015-03-31/functions/{name}/invocations runs the real handler; a thrown error is answered the
 * way Lambda does (X-Amz-Function-Error: Unhandled), which Cognito turns into a refused operation.
 */
export async function startLambdaInvoke(opts: { port: number; handlers: Record<string, Handler>; log: (line: string) => void }) {
  const server: Server = createServer(async (req, res) => {
    const name = req.url?.match(/^\/2015-03-31\/functions\/([^/]+)\/invocations/)?.[1];
    const handler = name ? opts.handlers[decodeURIComponent(name)] : undefined;
    if (req.method !== 'POST' || !handler) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Función no encontrada: ${name}` }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const result = await handler(JSON.parse(Buffer.concat(chunks).toString() || '{}') as never);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
    } catch (err) {
      const e = err as Error;
      opts.log(`función ${name} falló: ${e.message}`);
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
        .end(JSON.stringify({ errorMessage: e.message, errorType: e.name }));
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
