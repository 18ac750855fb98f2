import { defineConfig } from 'vitest/config';

/**
 * E2E files run two at a time by default, each worker on a stack of its own (test/support/e2e-setup.ts):
 * the browser waits on the API far more than it computes, so two use the machine's 2 cores.
 * `E2E_WORKERS=1` runs them one after another.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** Four levels; `npm test` (scripts/test.sh) runs them with lint, types and the build. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // One local stack (DynamoDB Local, s3rver, cognito-local, the API) for the whole run. Its files
          // wait on the stack, not the CPU: three at a time.
          globalSetup: ['test/support/integration-setup.ts'],
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // Files of a worker share test/infra/support.ts, so each stage is synthesized once per run.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/e2e-setup.ts'],
          maxWorkers: E2E_WORKERS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a user would wait for, on a machine whose other core may be busy (vitest's default: 1 s).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
