/**
 * Quotas on what callers may ask for per hour and per day (docs/architecture.md, "Untrusted input"):
 * upload tickets per console user and per company, and each of the marketplace's apps' tickets and
 * signed writes (an app answers for all its users). Counted in fixed UTC windows: an hour
 * (`2026120717`) and a day (`20261207`). The figures leave room for a busy day's real work (a vehicle's
 * registration is 9 files; a company adds a few vehicles and FUECs a day), not for a loop.
 */
export const CUOTAS = {
  subidasUsuario: { hora: 120, dia: 600 },
  subidasEmpresa: { hora: 300, dia: 1500 },
  subidasApp: { hora: 2000, dia: 20000 },
  escriturasApp: { hora: 5000, dia: 50000 },
  /** Staff accounts a company registers (`POST /usuarios`): a team's growth, not a probe of addresses (docs/decisions/0009). */
  registrosPersonal: { hora: 20, dia: 60 },
  /** New verification codes asked for one address (anyone may ask, so they are few). */
  codigosCorreo: { hora: 5, dia: 20 },
} as const;
export type ReglaCuota = keyof typeof CUOTAS;
export type VentanaCuota = 'hora' | 'dia';

const SEGUNDOS: Record<VentanaCuota, number> = { hora: 3600, dia: 86400 };

/** The window `now` falls in: its key and when it ends (epoch seconds). */
export function ventanaCuota(ventana: VentanaCuota, now: Date): { clave: string; finS: number } {
  const inicioS = Math.floor(now.getTime() / 1000 / SEGUNDOS[ventana]) * SEGUNDOS[ventana];
  const iso = new Date(inicioS * 1000).toISOString().replace(/\D/g, '');
  return { clave: iso.slice(0, ventana === 'hora' ? 10 : 8), finS: inicioS + SEGUNDOS[ventana] };
}

/** The counter of one rule, for one caller, in one window: `<regla>#<quien>#<ventana>`. */
export const contadorCuota = (regla: ReglaCuota, quien: string, ventana: VentanaCuota, now: Date) => `${regla}#${quien}#${ventanaCuota(ventana, now).clave}`;

/** 'en 1 minuto', 'en 23 minutos', 'en 5 horas': how long until a window ends, rounded up. */
export function enCuanto(segundos: number): string {
  const minutos = Math.max(1, Math.ceil(segundos / 60));
  if (minutos < 90) return minutos === 1 ? 'en 1 minuto' : `en ${minutos} minutos`;
  return `en ${Math.ceil(minutos / 60)} horas`;
}
