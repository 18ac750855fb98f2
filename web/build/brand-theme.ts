import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ID = 'virtual:brand-theme.css';
const RESOLVED = `\0${ID}`;

/** The brand's teal (the logo's colour), light and dark; white or near-black text keeps 4.5:1. */
const teal = (light: string, dark: string) => ({ light, dark });
const TOKENS = {
  colorBackgroundButtonPrimaryDefault: teal('#0f766e', '#2dd4bf'),
  colorBackgroundButtonPrimaryHover: teal('#115e59', '#5eead4'),
  colorBackgroundButtonPrimaryActive: teal('#134e4a', '#14b8a6'),
  colorTextButtonPrimaryDefault: teal('#ffffff', '#0f141a'),
  colorTextButtonPrimaryHover: teal('#ffffff', '#0f141a'),
  colorTextButtonPrimaryActive: teal('#ffffff', '#0f141a'),
  colorBorderButtonNormalDefault: teal('#0f766e', '#2dd4bf'),
  colorBorderButtonNormalHover: teal('#115e59', '#5eead4'),
  colorBorderButtonNormalActive: teal('#134e4a', '#14b8a6'),
  colorTextButtonNormalDefault: teal('#0f766e', '#2dd4bf'),
  colorTextButtonNormalHover: teal('#115e59', '#5eead4'),
  colorTextButtonNormalActive: teal('#134e4a', '#14b8a6'),
  colorBackgroundButtonNormalHover: teal('#f0fdfa', '#0f2a28'),
  colorBackgroundButtonNormalActive: teal('#ccfbf1', '#134e4a'),
};

/**
 * `import 'virtual:brand-theme.css'`: Cloudscape's theming as a static stylesheet made at build time
 * (about 5 KB). Its runtime `applyTheme` would ship every token of every theme (96 KB gzip of JS).
 * The theming module is ESM with directory imports Node cannot load, so esbuild bundles it first.
 */
export function brandTheme(): Plugin {
  let css: Promise<string> | undefined;
  const generate = async () => {
    const bundled = await build({
      stdin: { contents: "export { generateThemeStylesheet } from '@cloudscape-design/components/theming';", resolveDir: process.cwd() },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const source = Buffer.from(bundled.outputFiles[0]!.contents).toString('base64');
    const { generateThemeStylesheet } = (await import(`data:text/javascript;base64,${source}`)) as {
      generateThemeStylesheet: (params: { theme: { tokens: typeof TOKENS } }) => string;
    };
    return generateThemeStylesheet({ theme: { tokens: TOKENS } });
  };
  return {
    name: 'cloudscape-brand-theme',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? (css ??= generate()) : null),
  };
}
