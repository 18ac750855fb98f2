import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const PREFIX = 'virtual:cloudscape-messages/';

/**
 * The Cloudscape components of the public pages (sign-in, sign-up, recovery, verification) and of the
 * root (toasts, the error page). Their Spanish texts load with the first page; every other
 * component's load with the panel, which nests a second I18nProvider (providers merge). A component
 * added to a public page must be added here, or its screen-reader texts stay in English there.
 */
const PUBLIC_COMPONENTS = new Set(['alert', 'button', 'error-boundary', 'flashbar', 'form', 'form-field', 'input', 'link', 'modal', 'popover', 'select', 'dialog']);

type Messages = Record<string, Record<string, Record<string, unknown>>>;

/**
 * `virtual:cloudscape-messages/public` and `virtual:cloudscape-messages/panel`: Cloudscape's Spanish
 * messages (already parsed ICU ASTs) split in two, so the first load of /login does not carry the
 * texts of the date-range picker, the property filter and thirty other components (60 KB raw).
 */
export function cloudscapeMessages(): Plugin {
  let all: Messages | undefined;
  const part = (keep: (component: string) => boolean): Messages => {
    all ??= JSON.parse(readFileSync(require.resolve('@cloudscape-design/components/i18n/messages/all.es.json'), 'utf8')) as Messages;
    return Object.fromEntries(
      Object.entries(all).map(([namespace, locales]) => [
        namespace,
        Object.fromEntries(
          Object.entries(locales).map(([locale, components]) => [
            locale,
            Object.fromEntries(Object.entries(components).filter(([component]) => keep(component))),
          ]),
        ),
      ]),
    );
  };
  return {
    name: 'cloudscape-messages-es',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (id === `\0${PREFIX}public`) return `export default ${JSON.stringify(part((c) => PUBLIC_COMPONENTS.has(c)))};`;
      if (id === `\0${PREFIX}panel`) return `export default ${JSON.stringify(part((c) => !PUBLIC_COMPONENTS.has(c)))};`;
      return null;
    },
  };
}
