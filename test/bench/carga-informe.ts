/**
 * The load test's report (test/bench/carga.ts): per route, per phase of memory and for the offers;
 * test-results/load.json; and the limits, any of them broken makes the run fail.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { muestras, pendiente, root } from './carga-app.js';
import { ms, pct, rutas } from './carga-peticiones.js';

/** Limits: any of them broken makes the run fail. */
const LIMITES = {
  /** p95 of any route, in ms, outside the restart. */
  p95Ms: 1000,
  /** Growth of the app's resident memory in the second phase (after its warm-up), in MB per minute. */
  pendienteMbMin: 10,
  /** The app must answer again within this long after the kill. */
  reinicioMs: 120_000,
};
/** The first minute of each phase (start-up, caches filling) is left out of the memory's slope. */
const CALENTAMIENTO_MS = 60_000;

export type Reinicio = { caidaMs: number; arranqueMs: number; ofertasAntes: number; faltantesTrasReinicio: string[] };

/** Prints the figures of a run of `segundos`, writes test-results/load.json and returns the limits broken. */
export function informe(segundos: number, reconocidas: unknown[], reinicio: Reinicio, faltanAlFinal: string[]): string[] {
  const fallos: string[] = [];
  const filas = [...rutas.entries()].map(([nombre, r]) => {
    const t = [...r.tiempos].sort((a, b) => a - b);
    return { ruta: nombre, peticiones: r.n, porSegundo: +(r.n / segundos).toFixed(2), ok: r.ok, noModificado: r.noModificado, errores: r.errores, sinConexionEnElReinicio: r.sinConexion, p50Ms: +pct(t, 50).toFixed(1), p95Ms: +pct(t, 95).toFixed(1), p99Ms: +pct(t, 99).toFixed(1), maxMs: +(t.at(-1) ?? 0).toFixed(1), ejemplosDeError: r.ejemplos };
  });
  for (const f of filas) {
    console.log(
      `  ${f.ruta.padEnd(38)} ${String(f.peticiones).padStart(6)} (${f.porSegundo}/s) · ${f.ok} ok, ${f.noModificado} × 304, ${f.errores} errores, ${f.sinConexionEnElReinicio} sin conexión en el reinicio · ` +
        `p50 ${ms(f.p50Ms)}, p95 ${ms(f.p95Ms)}, p99 ${ms(f.p99Ms)}, máx ${ms(f.maxMs)}`,
    );
    for (const e of f.ejemplosDeError) console.log(`      ${e}`);
  }
  const fases = ([1, 2] as const).map((n) => {
    const deFase = muestras.filter((m) => m.fase === n);
    const estable = deFase.filter((m) => m.t - deFase[0]!.t >= CALENTAMIENTO_MS);
    const p = pendiente(estable);
    return {
      fase: n,
      muestras: deFase.length,
      appMbInicio: +(deFase[0]?.appMb ?? 0).toFixed(0),
      appMbFin: +(deFase.at(-1)?.appMb ?? 0).toFixed(0),
      appMbMax: +Math.max(0, ...deFase.map((m) => m.appMb)).toFixed(0),
      javaMbFin: +(deFase.at(-1)?.javaMb ?? 0).toFixed(0),
      pendienteMbMin: p === null ? null : +p.toFixed(2),
    };
  });
  for (const f of fases) {
    console.log(
      `  memoria, fase ${f.fase} (${f.fase === 1 ? 'antes' : 'después'} del reinicio): app ${f.appMbInicio} → ${f.appMbFin} MB (máx ${f.appMbMax}), ` +
        `pendiente tras el primer minuto ${f.pendienteMbMin ?? '?'} MB/min; DynamoDB Local ${f.javaMbFin} MB`,
    );
  }
  console.log(`  ofertas reconocidas: ${reconocidas.length} (${reinicio.ofertasAntes} antes de la caída); faltan al final: ${faltanAlFinal.length}`);

  // The limits.
  for (const f of filas) {
    if (f.errores) fallos.push(`${f.ruta}: ${f.errores} errores fuera del reinicio`);
    if (f.p95Ms > LIMITES.p95Ms) fallos.push(`${f.ruta}: p95 ${ms(f.p95Ms)} > ${LIMITES.p95Ms} ms`);
  }
  if (!reconocidas.length) fallos.push('ninguna oferta fue reconocida: la prueba no probó la persistencia');
  if (reinicio.faltantesTrasReinicio.length) fallos.push(`tras el reinicio faltan ofertas reconocidas: ${reinicio.faltantesTrasReinicio.join('; ')}`);
  if (faltanAlFinal.length) fallos.push(`al final faltan ofertas reconocidas: ${faltanAlFinal.join('; ')}`);
  if (reinicio.caidaMs > LIMITES.reinicioMs) fallos.push(`la API tardó ${(reinicio.caidaMs / 1000).toFixed(0)} s en volver`);
  const p2 = fases[1]!.pendienteMbMin;
  if (p2 !== null && p2 > LIMITES.pendienteMbMin) fallos.push(`la memoria de la app crece ${p2} MB/min tras el reinicio (límite ${LIMITES.pendienteMbMin})`);

  writeFileSync(
    join(root, 'test-results', 'load.json'),
    JSON.stringify({ segundos: +segundos.toFixed(1), limites: LIMITES, rutas: filas, reinicio, ofertas: { reconocidas: reconocidas.length, faltanAlFinal }, memoria: { fases, muestras }, fallos }, null, 2),
  );
  return fallos;
}
