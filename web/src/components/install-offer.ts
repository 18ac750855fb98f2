/** Chromium's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Until when "Más tarde" keeps the install dialog away (ms since epoch, in localStorage). */
export const POSPUESTA_HASTA = 'instalacion-pospuesta-hasta';
