import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestStack } from './start-test-stack.js';

export default (project: TestProject) => {
  if (!existsSync(join(import.meta.dirname, '../../web/dist/index.html')))
    throw new Error('Falta web/dist: ejecuta `npm run build` antes de las pruebas end-to-end (npm test lo hace).');
  return startTestStack(project, 'preview');
};
