import type { TestProject } from 'vitest/node';
import { startTestStack } from './start-test-stack.js';

export default (project: TestProject) => startTestStack(project, false);
