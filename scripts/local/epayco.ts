import { createServer, type Server } from 'node:http';

/**
 * The local stand-in for ePayco's public transaction lookup, which the API asks before it trusts a
 * confirmation: GET /validation/v1/reference/{x_ref_payco} answers `{ success, data }` as ePayco does.
 * What ePayco would know (the transactions a client paid) is told to it with POST /local/transacciones
 * (the client simulator and the tests do, right before sending the confirmation). Kept in memory: a
 * confirmation replayed after a restart is looked up in vain and refused, which is the safe side.
 */
export async function startEpayco(opts: { port: number }) {
  const transacciones = new Map<string, Record<string, string>>();
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const ref = url.pathname.match(/^\/validation\/v1\/reference\/([^/]+)$/)?.[1];
    if (req.method === 'GET' && ref) {
      const data = transacciones.get(decodeURIComponent(ref));
      json(res, 200, data ? { success: true, title_response: 'Ok', text_response: 'Transacción encontrada', data } : { success: false, title_response: 'Error', text_response: 'Transacción no encontrada', data: {} });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/local/transacciones') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      try {
        const t = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>;
        if (typeof t.x_ref_payco !== 'string') throw new Error('x_ref_payco');
        transacciones.set(t.x_ref_payco, t);
        json(res, 201, { ok: true });
      } catch {
        json(res, 400, { message: 'Transacción inválida' });
      }
      return;
    }
    json(res, 404, { message: 'No encontrado' });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Tells the stand-in about a transaction (what ePayco would then answer for its reference). */
export async function registrarTransaccionEpayco(endpoint: string, t: Record<string, string>): Promise<void> {
  const res = await fetch(`${endpoint}/local/transacciones`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(t), signal: AbortSignal.timeout(5000) });
  if (res.status !== 201) throw new Error(`El sustituto de ePayco respondió ${res.status}`);
}
