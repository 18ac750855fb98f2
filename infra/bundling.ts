/**
 * How every Lambda function is bundled: one place read by the CDK construct (what ships) and by the
 * bundle budget test (what is measured), so the two never drift apart.
 */

/** esbuild target; follows LAMBDA_RUNTIME (Node 22). */
export const ESBUILD_TARGET = 'node22';

/**
 * esbuild's ESM output has no `require`; bundled CommonJS dependencies that require Node built-ins
 * would throw "Dynamic require is not supported" without this shim.
 */
export const REQUIRE_SHIM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * The AWS SDK v3 comes from the Lambda runtime (CDK's default for Node 18+), not from the bundle.
 * Bundled, the SDK's shared core (protocols, retries, the whole default credential chain) weighed
 * 190 KB before the first client and put every function over its budget; from the runtime it costs
 * nothing to deploy and AWS patches it. Every SDK package comes from the runtime, none from the
 * bundle: mixing a bundled helper with the runtime's client is what breaks (aws-lambda-base-images#115).
 * The runtime's SDK is not the locked one the tests run: we use only long-stable operations.
 */
export const EXTERNAL_MODULES = ['@aws-sdk/*'] as const;

/**
 * Packages a function loads on demand (dynamic import) and that ship as node_modules beside its
 * bundle instead of inside it: unpdf (pdf.js, ~1 MB) reads a FUEC's text, once per upload, and must
 * not weigh on every cold start of the API (NodejsFunction `nodeModules`).
 */
export const LAZY_MODULES = ['unpdf'] as const;

/** The options NodejsFunction passes to esbuild, in esbuild's own terms (for the budget test). */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ESBUILD_TARGET,
  mainFields: ['module', 'main'],
  minify: true,
  external: [...EXTERNAL_MODULES, ...LAZY_MODULES],
  banner: { js: REQUIRE_SHIM },
} as const;
