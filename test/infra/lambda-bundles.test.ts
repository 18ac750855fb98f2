import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ESBUILD_OPTIONS } from '../../infra/bundling.js';
import { ENTRIES, fromRoot } from '../../infra/paths.js';

/*
 * Bundle budgets of the Lambda functions, built with the very settings the CDK construct uses
 * (infra/bundling.ts). Cold starts pay for every byte parsed and every module loaded, so each
 * function has a size budget and the exact list of AWS SDK clients it loads at start (the SDK comes
 * from the runtime; a client imported but never called still costs its load time). A failure names
 * the function and its biggest inputs, so the cause of growth is in the message.
 */

const KB = 1024;
const DYNAMODB = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'];
const BUDGETS: Record<keyof typeof ENTRIES, { maxBytes: number; sdk: string[] }> = {
  api: {
    maxBytes: 600 * KB,
    sdk: [...DYNAMODB, '@aws-sdk/client-s3', '@aws-sdk/s3-presigned-post', '@aws-sdk/s3-request-presigner', '@aws-sdk/client-cognito-identity-provider'],
  },
  preSignUp: { maxBytes: 300 * KB, sdk: [] },
  tick: { maxBytes: 300 * KB, sdk: [...DYNAMODB, '@aws-sdk/client-cognito-identity-provider'] },
  // SES is loaded when the first e-mail goes out (lambdas/adapters/correo.ts), not at start.
  avisos: { maxBytes: 300 * KB, sdk: [...DYNAMODB] },
};

async function bundle(entry: string) {
  const result = await build({
    ...ESBUILD_OPTIONS,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    external: [...ESBUILD_OPTIONS.external],
    entryPoints: [fromRoot(entry)],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles![0]!.contents;
  const output = Object.values(result.metafile!.outputs)[0]!;
  return { bytes: code.length, gzip: gzipSync(code).length, output };
}

/** The biggest packages (or source folders) of a bundle, for the failure message. */
function biggest(output: Metafile['outputs'][string], n = 6): string {
  const by = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, 2).join('/');
    by.set(pkg, (by.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, n).map(([p, b]) => `${p} ${(b / KB).toFixed(0)} KB`).join(', ');
}

describe('Lambda bundle budgets', () => {
  for (const [name, entry] of Object.entries(ENTRIES) as [keyof typeof ENTRIES, string][]) {
    it(`${name} stays within ${BUDGETS[name].maxBytes / KB} KB and loads only the SDK clients it calls`, async () => {
      const { bytes, gzip, output } = await bundle(entry);
      console.log(`${name}: ${(bytes / KB).toFixed(0)} KB minified, ${(gzip / KB).toFixed(0)} KB gzip (${biggest(output, 4)})`);

      expect(bytes, `${name} creció a ${(bytes / KB).toFixed(0)} KB: ${biggest(output)}`).toBeLessThanOrEqual(BUDGETS[name].maxBytes);

      // zod's `en` is its built-in default (replaced by shared/schemas/zod-es.ts); no other locale may ride along.
      const locales = Object.keys(output.inputs).filter((p) => /zod\/v4\/locales\/(?!en\.js)/.test(p));
      expect(locales, `${name} lleva idiomas de zod (¿un import { z }?)`).toEqual([]);

      // Loaded at start: static imports only; a dynamic import() loads on first use.
      const atStart = new Set(output.imports.filter((i) => i.external && i.kind === 'import-statement' && i.path.startsWith('@aws-sdk/')).map((i) => i.path));
      expect([...atStart].sort(), `${name} carga clientes del SDK que no usa`).toEqual([...BUDGETS[name].sdk].sort());
    });
  }
});
