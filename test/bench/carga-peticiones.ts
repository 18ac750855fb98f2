/**
 * The load test's requests (test/bench/carga.ts): each route's count, answers and latencies, and its
 * errors outside the restart window.
 */

type Ruta = { n: number; ok: number; noModificado: number; errores: number; sinConexion: number; tiempos: number[]; ejemplos: string[] };
export const rutas = new Map<string, Ruta>();
const ruta = (nombre: string): Ruta => {
  let r = rutas.get(nombre);
  if (!r) rutas.set(nombre, (r = { n: 0, ok: 0, noModificado: 0, errores: 0, sinConexion: 0, tiempos: [], ejemplos: [] }));
  return r;
};
/**
 * Set by the run: `reiniciando` from the kill until the app answers again (refused connections then are
 * the restart, not errors), `detenido` once the run ends.
 */
export const estado = { reiniciando: false, detenido: false };

export async function pedir(nombre: string, url: string, init: RequestInit, esperado: number[]): Promise<Response | null> {
  const r = ruta(nombre);
  const t = performance.now();
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    await res.clone().arrayBuffer();
  } catch (err) {
    if (estado.reiniciando) r.sinConexion++;
    else {
      r.n++;
      r.errores++;
      if (r.ejemplos.length < 5) r.ejemplos.push(`sin respuesta: ${(err as Error).cause ?? (err as Error).message}`);
    }
    return null;
  }
  r.n++;
  r.tiempos.push(performance.now() - t);
  if (res.status === 304) r.noModificado++;
  else if (esperado.includes(res.status)) r.ok++;
  else {
    r.errores++;
    if (r.ejemplos.length < 5) r.ejemplos.push(`${res.status}: ${(await res.clone().text()).slice(0, 200)}`);
  }
  return res;
}

export const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
export const ms = (v: number) => `${v.toFixed(0)} ms`;
