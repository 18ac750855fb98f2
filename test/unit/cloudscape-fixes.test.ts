import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local/ports.js';

/*
 * The dev server (`npm start`) pre-bundles node_modules with rolldown, without the app's Vite plugins:
 * the fix of web/build/cloudscape-fixes.ts reached the build the e2e tests serve but not the dev server,
 * where axe found a critical aria-allowed-attr on every phone screen (issue 47). This asks the dev
 * server for Cloudscape's AppLayout as the browser would.
 */

const vite = join(import.meta.dirname, '../../web/vite.config.ts');
// A cache of its own: node_modules/.vite is the developer's (and a running `npm start`'s).
const cacheDir = mkdtempSync(join(tmpdir(), 'vite-deps-'));
let server: ViteDevServer;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  server = await createServer({ configFile: vite, cacheDir, server: { port, strictPort: true, host: '127.0.0.1' }, logLevel: 'error' });
  await server.listen();
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe("the dev server's Cloudscape", () => {
  it('has no aria-orientation on the phone toolbar’s <nav>, as the build', async () => {
    const layout = await (await fetch(`${base}/src/app/shell/panel-layout.tsx`)).text();
    const dep = /from "([^"]*\/deps\/[^"]*app-layout[^"]*)"/.exec(layout)?.[1];
    expect(dep, 'panel-layout.tsx imports the pre-bundled AppLayout').toBeTruthy();
    const code = await (await fetch(`${base}${dep}`)).text();
    // The toolbar is there (so the check below looks at it), without the attribute.
    expect(code).toContain('"mobile-toolbar-nav"');
    expect(code).not.toMatch(/createElement\("nav", \{[^}]*"aria-orientation"/);
  }, 60_000);
});
