import { createServer } from 'node:net';

/** Listens on `port` on loopback (0: one the system picks) and closes again: the port, or null when it is taken. */
function probar(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    srv.listen(port, '127.0.0.1', () => {
      const { port: elegido } = srv.address() as { port: number };
      srv.close(() => resolve(elegido));
    });
  });
}

/** Whether `port` is free on loopback (a server on every interface takes it too). */
export const puertoLibre = async (port: number): Promise<boolean> => (await probar(port)) !== null;

/** A free TCP port on loopback (0 in the options means "pick one"). */
export async function freePort(): Promise<number> {
  return (await probar(0))!;
}

/**
 * A free port below Linux's ephemeral range (32768 and up), for a server stopped and started again on
 * the same port: meanwhile no outgoing connection of this machine can take it as its own port.
 */
export async function freeStablePort(): Promise<number> {
  for (let intento = 0; intento < 100; intento++) {
    const port = await probar(20_000 + Math.floor(Math.random() * 12_000));
    if (port) return port;
  }
  throw new Error('No hay puertos libres entre 20000 y 32000');
}

export async function waitFor(what: string, check: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await check();
      return;
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${what} no respondió en ${timeoutMs} ms: ${String(last)}`);
}
