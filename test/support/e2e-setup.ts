import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestStacks } from './start-test-stack.js';

/** One stack per e2e worker (vitest.config.ts, E2E_WORKERS), each serving the built console. */
export default (project: TestProject) => {
  if (!existsSync(join(import.meta.dirname, '../../web/dist/index.html')))
    throw new Error('Falta web/dist: ejecuta `npm run build` antes de las pruebas end-to-end (npm test lo hace).');
  return startTestStacks(project, 'preview', project.config.maxWorkers);
};
