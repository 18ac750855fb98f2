import { defineConfig } from 'vitest/config';
import Secuenciador from './test/support/sequencer.js';

/**
 * E2E files run two at a time by default, each worker on a stack of its own (test/support/e2e-setup.ts):
 * the browser waits on the API far more than it computes, so two use the machine's 2 cores.
 * `E2E_WORKERS=1` runs them one after another.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Integration files that must see no other file's writes, run one after another after the others: the
 * fuzzer proves its thousands of malformed bodies wrote nothing by comparing the demo company's records
 * before and after; the payouts test counts the demo company's pending advances (other files confirm
 * reservations of that company: 3 instead of 2 when run beside them).
 */
/** `@shared/…` names shared/ in every layer (tsconfig.json `paths`; docs/architecture.md). */
const ALIAS = { tsconfigPaths: true };

const SOLAS = [
  // Fills the quotas of the demo company and of the apps, which every other file uses.
  'test/integration/cuotas.test.ts',
  'test/integration/malformed-input.test.ts',
  'test/integration/pagos-cancelacion.test.ts',
  'test/integration/pagos-conductor.test.ts',
  'test/integration/pagos-epayco.test.ts',
  'test/integration/pagos-epayco-reembolsos.test.ts',
  'test/integration/pagos-listas.test.ts',
  'test/integration/pagos-recompensas.test.ts',
  'test/integration/pagos-transferencia.test.ts',
  // The demo company's figures move only while this file runs.
  'test/integration/resumen.test.ts',
];

/**
 * Four levels; `npm test` (scripts/test.sh) runs them with lint, types and the build. Each project has a
 * group of its own (groupOrder): one group's files run after the last group's, with its own workers.
 */
export default defineConfig({
  test: {
    // The long e2e files start first (test/support/sequencer.ts).
    sequence: { sequencer: Secuenciador },
    projects: [
      {
        resolve: ALIAS,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          // They share the 2 cores with lint, types and the build (scripts/test.sh): a few decode megabytes.
          testTimeout: 30_000,
        },
      },
      {
        resolve: ALIAS,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...SOLAS],
          environment: 'node',
          // One local stack (DynamoDB Local, s3rver, cognito-local, the API) for the project. Its files
          // wait on the stack, not the CPU: two at a time, each making its own data.
          globalSetup: ['test/support/integration-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: ALIAS,
        test: {
          name: 'integration-sola',
          include: [...SOLAS],
          environment: 'node',
          globalSetup: ['test/support/integration-setup.ts'],
          // After the others, on a stack of its own where nothing else writes, one file at a time (their
          // counts must see no other file's writes; vitest's default would run several on more cores).
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: ALIAS,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // Files of a worker share test/infra/support.ts, so each stage is synthesized once per run.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: ALIAS,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/e2e-setup.ts'],
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 4 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a user would wait for, on a machine whose other core may be busy (vitest's default: 1 s).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
