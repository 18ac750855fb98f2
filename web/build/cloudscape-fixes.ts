import type { Plugin } from 'vite';

/**
 * Cloudscape's AppLayout puts aria-orientation on the phone toolbar's <nav>, where ARIA does not allow
 * it (axe: critical aria-allowed-attr). Until Cloudscape drops it, the attribute is cut from that one
 * element at build time; when the source no longer has it, the build says so and this can go.
 */
const FILE = /@cloudscape-design\/components\/app-layout\/visual-refresh\/mobile-toolbar\.js$/;
const NAV_ORIENTATION = /(React\.createElement\("nav", \{[^}]*?)"aria-orientation": "horizontal", /;

export function cloudscapeFixes(): Plugin {
  return {
    name: 'cloudscape-a11y-fixes',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0]!)) return null;
      if (!NAV_ORIENTATION.test(code)) {
        this.warn('cloudscape-fixes: the phone toolbar <nav> has no aria-orientation any more; remove this plugin.');
        return null;
      }
      return { code: code.replace(NAV_ORIENTATION, '$1'), map: null };
    },
  };
}
