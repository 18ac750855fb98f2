import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';

const GLOBAL_STYLES = /@cloudscape-design\/global-styles\/index\.css$/;
const FACE = /@font-face\s*\{([^}]*)\}/g;
const PRELOADED = /open-sans-(400|700)-normal-[\w-]+\.woff2$/;
const INLINE_WOFF2 = /url\(['"]?data:font\/woff2;base64,([A-Za-z0-9+/=]+)['"]?\)/;

/**
 * Cloudscape's global styles inline its eight Open Sans faces as base64 (171 KB gzip of first-load
 * CSS that no cache can share across releases and every page pays for, used or not). This writes
 * each face to its own .woff2 once and points the @font-face at it, so Vite emits hashed, long-cached
 * files and the browser fetches only the faces a page renders. `font-display: swap` shows text in the
 * fallback font while a face loads instead of hiding it.
 */
export function cloudscapeFonts(cacheDir: string): Plugin {
  return {
    name: 'cloudscape-fonts-as-files',
    enforce: 'pre',
    transform(code, id) {
      if (!GLOBAL_STYLES.test(id.split('?')[0]!)) return null;
      mkdirSync(cacheDir, { recursive: true });
      let faces = 0;
      const out = code.replace(FACE, (block, body: string) => {
        const data = INLINE_WOFF2.exec(body);
        if (!data) return block;
        const weight = /font-weight:\s*(\d+)/.exec(body)?.[1] ?? '400';
        const style = /font-style:\s*(\w+)/.exec(body)?.[1] ?? 'normal';
        const file = join(cacheDir, `open-sans-${weight}-${style}.woff2`);
        writeFileSync(file, Buffer.from(data[1]!, 'base64'));
        faces++;
        const url = relative(dirname(id), file).split('\\').join('/');
        return `@font-face {${body.replace(INLINE_WOFF2, `url('${url}')`)}  font-display: swap;\n}`;
      });
      // Cloudscape changing how it ships its fonts must fail the build, not silently re-inline them.
      if (faces === 0) this.error('cloudscape-fonts: no inline Open Sans faces found in global-styles/index.css');
      return { code: out, map: null };
    },
    // The regular and bold faces are on every screen: fetched with the page, not after the CSS is
    // parsed, so text does not reflow (layout shift) when they arrive late.
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const faces = Object.keys(ctx.bundle ?? {}).filter((f) => PRELOADED.test(f));
        return faces.map((href) => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${href}`, crossorigin: '' }, injectTo: 'head' as const }));
      },
    },
  };
}
