import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so synth works from any working directory. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

export const fromRoot = (relative: string): string => resolve(REPO_ROOT, relative);

/** Lambda entry files (esbuild entry points; infra never imports lambda code). */
export const ENTRIES = {
  api: 'lambdas/api/lambda.ts',
  preSignUp: 'lambdas/triggers/pre-sign-up.ts',
  tick: 'lambdas/jobs/tick.ts',
  avisos: 'lambdas/jobs/avisos-vencimiento.ts',
} as const;

/** Where `npm run build` writes the console. */
export const WEB_DIST = 'web/dist';
