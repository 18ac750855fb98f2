import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { stack } from './clients.js';

/** How long a file waits for its turn: the group's other files may each run before it, one at a time. */
const ESPERA_MAXIMA_MS = 300_000;

/**
 * Files split from one file run one at a time, as that file's tests did: some of their tests read what
 * any of them could be writing at that moment (every vehicle's files in the bucket, a list's ETag
 * across two requests). Each file takes its group's turn before its first hook and gives it back after
 * its last; files of other groups run beside it as before. A file that compares what another group
 * writes takes that group's turn too: it gets all of them at once or none (so no file holds one while
 * it waits). A turn is a folder beside the stack's data (mkdir makes it or fails: one holder), so it
 * goes away with the stack. Call it before any other hook.
 */
export function turnoDe(...grupos: string[]): void {
  const carpetas = () => [...grupos].sort().map((g) => join(dirname(stack().outboxDir), `turno-${g}`));
  let tomadas: string[] = [];
  const soltar = async () => {
    await Promise.all(tomadas.map((c) => rm(c, { recursive: true, force: true })));
    tomadas = [];
  };
  beforeAll(async () => {
    const limite = Date.now() + ESPERA_MAXIMA_MS - 5_000;
    for (;;) {
      try {
        for (const carpeta of carpetas()) {
          await mkdir(carpeta);
          tomadas.push(carpeta);
        }
        return;
      } catch (err) {
        await soltar();
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        if (Date.now() > limite) throw new Error(`Sin turno para los archivos de ${grupos.join(' y ')}: otro de ellos no lo devolvió en ${ESPERA_MAXIMA_MS / 1000} s.`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }, ESPERA_MAXIMA_MS);
  afterAll(soltar);
}
