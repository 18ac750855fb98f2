import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LIMITES_SERVIDOR } from '../../scripts/local/stack.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { stack } from '../support/clients.js';

/**
 * A client that sends its request a byte at a time holds a connection; the local API cuts it as API
 * Gateway would (scripts/local/stack.ts LIMITES_SERVIDOR): slow headers after 4 s, a slow body after 8 s.
 */

/** Sends `inicio`, then one byte of `goteo` every 300 ms; resolves with what the server answered and when it closed. */
function enviarGoteando(inicio: string, goteo: string): Promise<{ respuesta: string; ms: number }> {
  const { port } = new URL(stack().apiUrl);
  const socket = connect(Number(port), '127.0.0.1');
  const t0 = performance.now();
  let respuesta = '';
  let i = 0;
  const gotero = setInterval(() => {
    if (i < goteo.length && socket.writable) socket.write(goteo[i++]!);
  }, 300);
  socket.write(inicio);
  socket.on('data', (d) => (respuesta += d.toString()));
  return new Promise((resolve) => {
    socket.on('close', () => {
      clearInterval(gotero);
      resolve({ respuesta, ms: performance.now() - t0 });
    });
    socket.on('error', () => undefined);
  });
}

describe('requests that trickle in', () => {
  it('are cut with a 408: headers after a few seconds, a whole request soon after, and the API still answers others', async () => {
    const relleno = 'x'.repeat(200);
    const [cabeceras, cuerpo] = await Promise.all([
      enviarGoteando('GET /health HTTP/1.1\r\nHost: localhost\r\n', `X-Lento: ${relleno}\r\n\r\n`),
      // A route that reads the body (an app's signature covers it), signed with anything: it must wait for the body.
      enviarGoteando(
        'POST /integracion/cliente/servicios HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n' +
          `x-app-id: cliente\r\nx-app-timestamp: 1\r\nx-app-nonce: ${'n'.repeat(20)}\r\nx-app-signature: f\r\n\r\n`,
        relleno,
      ),
      // Meanwhile another client is served at once.
      fetch(`${stack().apiUrl}/health`).then((r) => expect(r.status).toBe(200)),
    ]);
    // Cut by the server (it would have taken 60 s to send), within its check interval after the limit.
    const margen = LIMITES_SERVIDOR.connectionsCheckingInterval + 1500;
    expect(cabeceras.respuesta).toMatch(/^HTTP\/1\.1 408/);
    expect(cabeceras.ms).toBeGreaterThanOrEqual(LIMITES_SERVIDOR.headersTimeout - 100);
    expect(cabeceras.ms).toBeLessThan(LIMITES_SERVIDOR.headersTimeout + margen);
    expect(cuerpo.respuesta).toMatch(/^HTTP\/1\.1 408/);
    // With the API's JSON error, in Spanish.
    expect(JSON.parse(cuerpo.respuesta.split('\r\n\r\n')[1]!)).toEqual({ error: { code: 'deadline-exceeded', message: API_MSG.solicitudLenta } });
    expect(cuerpo.ms).toBeGreaterThanOrEqual(LIMITES_SERVIDOR.requestTimeout - 100);
    expect(cuerpo.ms).toBeLessThan(LIMITES_SERVIDOR.requestTimeout + margen);
  });

  it('answers an address or headers past the limit with a Spanish 431 and the API’s JSON error', async () => {
    const res = await fetch(`${stack().apiUrl}/mapa?filtro=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ error: { code: 'invalid-argument', message: API_MSG.encabezadosGrandes } });
    expect((await fetch(`${stack().apiUrl}/health`)).status).toBe(200);
  });
});
