import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MSG } from '@shared/schemas/messages.js';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'token' } } }) }));
vi.mock('../../web/src/lib/config.js', () => ({ runtimeConfig: () => ({ apiUrl: 'https://api.example.test/' }) }));

const { apiRequest, ApiError, TIEMPO_MAXIMO_MS } = await import('../../web/src/lib/api-client.js');

/** A server that never answers: the request only ends when its signal aborts it. */
const sinRespuesta = vi.fn(
  (_url: string, init: RequestInit) =>
    new Promise<Response>((_, rechazar) => {
      // As fetch does: a signal already aborted rejects at once.
      if (init.signal!.aborted) rechazar(init.signal!.reason);
      init.signal!.addEventListener('abort', () => rechazar(init.signal!.reason));
    }),
);

describe("the console's API calls (docs/spec/01.md section 7)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', sinRespuesta);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('give up after 70 s without an answer, with a Spanish message', async () => {
    const llamada = apiRequest('/mapa');
    const resultado = llamada.then(
      () => 'respondió',
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(TIEMPO_MAXIMO_MS - 100);
    expect(await Promise.race([resultado, Promise.resolve('esperando')])).toBe('esperando');
    await vi.advanceTimersByTimeAsync(100);
    const error = await resultado;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 504, code: 'DEADLINE_EXCEEDED', message: API_MSG.tiempoAgotado });
    expect(TIEMPO_MAXIMO_MS).toBe(70_000);
  });

  it('still end as the caller cancelled them (a screen left), not as a timeout', async () => {
    const corte = new AbortController();
    const llamada = apiRequest('/mapa', { signal: corte.signal }).catch((err: unknown) => err);
    corte.abort();
    const error = await llamada;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('say the same when the API answers 504 without a body of its own', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 504 }));
    await expect(apiRequest('/mapa')).rejects.toMatchObject({ status: 504, message: API_MSG.tiempoAgotado });
  });
});
