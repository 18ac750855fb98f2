/** Modules made at build time by the plugins in web/build. */
declare module 'virtual:cloudscape-messages/*' {
  import type { I18nProviderProps } from '@cloudscape-design/components/i18n';
  const messages: I18nProviderProps.Messages;
  export default messages;
}
