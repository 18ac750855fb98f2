import type { Plugin } from 'vite';

/**
 * Cloudscape's AppLayout puts aria-orientation on the phone toolbar's <nav>, where ARIA does not allow
 * it (axe: critical aria-allowed-attr). Until Cloudscape drops it, the attribute is cut from that one
 * element, in the build and in the dev server's pre-bundled dependencies alike (`optimizeDeps` in
 * web/vite.config.ts: the dev server bundles node_modules without the app's plugins, so `npm start`
 * kept the attribute while the tests, which serve the build, never saw it; issue 47).
 * When the source no longer has it, the build says so and this can go.
 */
const FILE = /@cloudscape-design\/components\/app-layout\/visual-refresh\/mobile-toolbar\.js$/;
const NAV_ORIENTATION = /(React\.createElement\("nav", \{[^}]*?)"aria-orientation": "horizontal", /;

/**
 * Cloudscape formats each of its texts with a new IntlMessageFormat, whose constructor asks ICU which
 * locales it supports (Intl.NumberFormat.supportedLocalesOf) every time: 25-67 ms of every panel
 * load, measured in Lighthouse traces. The answer for a given locale never changes, so it is kept.
 */
const MESSAGE_FORMAT = /intl-messageformat\/lib\/src\/core\.js$/;
const EXPORT = 'export { IntlMessageFormat };';
const MEMO_LOCALE = `
var resolveLocaleOnce = IntlMessageFormat.resolveLocale;
var resolvedLocales = new Map();
IntlMessageFormat.resolveLocale = function (locales) {
    var key = String(locales);
    if (!resolvedLocales.has(key)) resolvedLocales.set(key, resolveLocaleOnce(locales));
    return resolvedLocales.get(key);
};
`;

/** Cloudscape's code with the fixes above; null when `file` is none of theirs. */
function arreglar(code: string, file: string, warn: (m: string) => void): string | null {
  if (MESSAGE_FORMAT.test(file)) {
    if (!code.includes(EXPORT) || !code.includes('IntlMessageFormat.resolveLocale(locales)')) {
      warn('cloudscape-fixes: intl-messageformat changed; check whether resolveLocale still needs memoizing.');
      return null;
    }
    return code.replace(EXPORT, `${MEMO_LOCALE}${EXPORT}`);
  }
  if (!FILE.test(file)) return null;
  if (!NAV_ORIENTATION.test(code)) {
    warn('cloudscape-fixes: the phone toolbar <nav> has no aria-orientation any more; remove this plugin.');
    return null;
  }
  return code.replace(NAV_ORIENTATION, '$1');
}

export function cloudscapeFixes(): Plugin {
  return {
    name: 'cloudscape-a11y-fixes',
    enforce: 'pre',
    transform(code, id) {
      const fixed = arreglar(code, id.split('?')[0]!, (m) => this.warn(m));
      return fixed === null ? null : { code: fixed, map: null };
    },
  };
}

/** The same fixes for the dev server's dependency pre-bundling (a rolldown plugin: `optimizeDeps.rolldownOptions.plugins`). */
export function cloudscapeFixesDeps() {
  return {
    name: 'cloudscape-a11y-fixes-deps',
    transform(this: { warn: (m: string) => void }, code: string, id: string) {
      const fixed = arreglar(code, id.split('?')[0]!, (m) => this.warn(m));
      return fixed === null ? null : { code: fixed, map: null };
    },
  };
}
