/** The demo accounts `npm start` and the tests sign in with (listed in the README, "Two commands"). */
export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_USERS = {
  admin: 'admin@transvalle.demo',
  staff: 'operador@transvalle.demo',
  admin2: 'admin@expresopacifico.demo',
  plataforma: 'plataforma@transaliadas.demo',
  conductor: 'jhon.paz@transvalle.demo',
  /** A second company with a complete profile: what one company must never see of another. */
  admin3: 'admin@turismoandino.demo',
} as const;
