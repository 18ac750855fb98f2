import type { Plugin } from 'vite';

/**
 * Cloudscape's AppLayout puts aria-orientation on the phone toolbar's <nav>, where ARIA does not allow
 * it (axe: critical aria-allowed-attr). Until Cloudscape drops it, the attribute is cut from that one
 * element at build time; when the source no longer has it, the build says so and this can go.
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

export function cloudscapeFixes(): Plugin {
  return {
    name: 'cloudscape-a11y-fixes',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (MESSAGE_FORMAT.test(file)) {
        if (!code.includes(EXPORT) || !code.includes('IntlMessageFormat.resolveLocale(locales)')) {
          this.warn('cloudscape-fixes: intl-messageformat changed; check whether resolveLocale still needs memoizing.');
          return null;
        }
        return { code: code.replace(EXPORT, `${MEMO_LOCALE}${EXPORT}`), map: null };
      }
      if (!FILE.test(file)) return null;
      if (!NAV_ORIENTATION.test(code)) {
        this.warn('cloudscape-fixes: the phone toolbar <nav> has no aria-orientation any more; remove this plugin.');
        return null;
      }
      return { code: code.replace(NAV_ORIENTATION, '$1'), map: null };
    },
  };
}
