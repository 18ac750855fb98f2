import type { TestProject } from 'vitest/node';
import { startTestStacks } from './start-test-stack.js';

/** One stack shared by every integration file: their tests make their own data (ids, e-mails, plates). */
export default (project: TestProject) => startTestStacks(project, false, 1);
