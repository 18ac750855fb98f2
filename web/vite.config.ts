import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import * as z from 'zod';
import { brandTheme } from './build/brand-theme.js';
import { cloudscapeFixes, cloudscapeFixesDeps } from './build/cloudscape-fixes.js';
import { cloudscapeFonts } from './build/cloudscape-fonts.js';
import { cloudscapeMessages } from './build/cloudscape-messages.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(5173),
    CONSOLE_CONFIG_FILE: z.string().min(1).optional(),
  })
  .parse(process.env);

const THEME_COLOR = '#0f766e';

/**
 * Serves `GET /config.json` from the file named by CONSOLE_CONFIG_FILE, in the dev and preview
 * servers alike. The file is read on every request because the local stack rewrites it on start
 * (ports, pool ids), and `no-store` keeps both the browser and the service worker from holding on
 * to an old copy. In AWS the same path is served by CloudFront from the bucket.
 */
function runtimeConfigPlugin(): Plugin {
  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  };
  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/config.json' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    // Read the variable per request so a server started before the stack still picks it up.
    const file = process.env.CONSOLE_CONFIG_FILE ?? env.CONSOLE_CONFIG_FILE;
    if (!file) {
      send(res, 404, 'text/plain; charset=utf-8',
        '/config.json is not available: CONSOLE_CONFIG_FILE is not set. Start the console with `npm start` ' +
          '(it writes the file and sets the variable) or point CONSOLE_CONFIG_FILE at a runtime config JSON.\n');
      return;
    }
    readFile(file, 'utf8').then(
      (body) => send(res, 200, 'application/json; charset=utf-8', body),
      (error: NodeJS.ErrnoException) =>
        send(res, 404, 'text/plain; charset=utf-8',
          `/config.json is not available: cannot read CONSOLE_CONFIG_FILE=${file} (${error.code ?? error.message}).\n`),
    );
  };
  return {
    name: 'console-runtime-config',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

/**
 * Keeps in the service worker's precache only the shell: index.html, the files it references
 * (entry chunk, its static imports, first-load CSS) and the icons outside /assets/.
 */
const shellOnly: ManifestTransform = async (entries) => {
  const html = await readFile(fileURLToPath(new URL('dist/index.html', import.meta.url)), 'utf8');
  const shell = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)) };
};

/**
 * Long-lived libraries in their own chunks, so an app release does not invalidate them in caches.
 * Cloudscape is left to the automatic split on purpose: its per-component modules then follow the
 * lazy routes (the panel's AppLayout never loads with the landing). Forcing its internals into one
 * chunk was measured at +34 KiB gzip on the landing's first load.
 */
function chunkGroup(id: string): string | null {
  if (!id.includes('/node_modules/')) return null;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'react';
  if (/\/node_modules\/(aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)\//.test(id)) return 'amplify';
  if (/\/node_modules\/@tanstack\//.test(id)) return 'query';
  return null;
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    runtimeConfigPlugin(),
    cloudscapeFonts(fileURLToPath(new URL('../node_modules/.cache/cloudscape-fonts', import.meta.url))),
    brandTheme(),
    cloudscapeFixes(),
    cloudscapeMessages(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the console itself, after its first screen (web/src/lib/service-worker.ts).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'logo.svg', 'default-avatar.svg', 'default-photo.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'BackOffice Transportadoras Aliadas',
        short_name: 'TransAliadas',
        description: 'Monitoreo de Servicios y Flotas',
        lang: 'es-CO',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // The shell only: what index.html loads. Lazy chunks (the panel, later the map's MapLibre and
        // its worker) and the fonts are cached on first use below, not pushed to every first visit.
        manifestTransforms: [shellOnly],
        // Runtime settings differ per environment and change on every local start: never precache them…
        globIgnores: ['**/config.json'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/config\.json$/],
        // …and never answer them from a cache either.
        runtimeCaching: [
          { urlPattern: ({ url }) => url.pathname === '/config.json', handler: 'NetworkOnly' },
          // Hashed file names never change content: the first copy fetched is good forever.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 200, purgeOnQuotaError: true } },
          },
          // The offline map (style and GeoJSON, not hashed): the last copy at once, refreshed behind.
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/map/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'mapa', expiration: { maxEntries: 10, purgeOnQuotaError: true } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    // `@shared/…` is shared/ (tsconfig.json `paths`; docs/architecture.md).
    tsconfigPaths: true,
    alias: [
      // Cloudscape ships its messages already parsed (ICU ASTs), so the browser needs no ICU parser:
      // formatjs' own no-parser entry saves about 15 KB gzip on every first load.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' },
    ],
  },
  // The dev server pre-bundles node_modules without the plugins above: Cloudscape's fixes again there.
  optimizeDeps: { rolldownOptions: { plugins: [cloudscapeFixesDeps()] } },
  server: {
    host: '127.0.0.1',
    port: env.PORT,
    strictPort: true,
    // The console imports zod schemas from shared/, outside web/.
    fs: { allow: [repoRoot] },
  },
  preview: { host: '127.0.0.1', port: env.PORT, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // index.html keeps its <link rel=modulepreload> tags (the browser's preload scanner reads them for
    // free), but a lazy chunk's JavaScript imports get none (their CSS is still added): the helper
    // appended ~100 links in one 100-180 ms task on every panel load, and over HTTP/2 the browser
    // fetches the imports as it parses. Measured with Lighthouse: fleet 86 -> 91, LCP -200 ms.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: chunkGroup }] },
      },
    },
  },
});
