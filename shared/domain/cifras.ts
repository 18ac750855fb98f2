/**
 * The company's figures ('Resumen', issue 48, docs/decisions/0016): counters per company and month,
 * added in the same transactions that change the data (an offer sent, an offer won, a payment, a payout,
 * a trip's end), so the screen reads at most twelve items, never the services.
 */
import type { Service } from '../schemas/service.js';
import { hoyEnBogota } from './vencimientos.js';

/** Months the screen shows, this one included. */
export const MESES_RESUMEN = 12;

/** The counters of one company-month item. Trips by vehicle and by route are attributes `v#<placas>` and `r#<ruta>`. */
export const CONTADORES = ['ofertas', 'ganadas', 'minutosHastaOferta', 'cobrado', 'pagadoConductores', 'viajes'] as const;
export type Contador = (typeof CONTADORES)[number];
export type Sumas = Partial<Record<Contador, number>> & Record<string, number>;

/** The month (Bogotá) an instant falls in, 'YYYY-MM'. */
export const mesDe = (at: Date): string => hoyEnBogota(at).slice(0, 7);

/** The twelve months up to `now`'s, oldest first. */
export function ultimosMeses(now: Date, n = MESES_RESUMEN): string[] {
  const [anio, mes] = mesDe(now).split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(anio, mes - 1 - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The longest route name kept, in characters. */
export const RUTA_MAX = 120;

/** Colombia's departments and the country: an address's trailing parts that name no town. */
const NO_MUNICIPIOS = new Set(
  [
    'Amazonas', 'Antioquia', 'Arauca', 'Atlántico', 'Bolívar', 'Boyacá', 'Caldas', 'Caquetá', 'Casanare', 'Cauca', 'Cesar', 'Chocó', 'Córdoba',
    'Cundinamarca', 'Guainía', 'Guaviare', 'Huila', 'La Guajira', 'Magdalena', 'Meta', 'Nariño', 'Norte de Santander', 'Putumayo', 'Quindío',
    'Risaralda', 'San Andrés', 'San Andrés y Providencia', 'Santander', 'Sucre', 'Tolima', 'Valle del Cauca', 'Valle', 'Vaupés', 'Vichada', 'Colombia',
  ].map((n) => sinTildes(n)),
);

function sinTildes(texto: string): string {
  return texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * A trip's route as the figures group it: the origin's city to the destination's town, its last part
 * that is no department ('Cali → Palmira'; 'Tuluá, Valle del Cauca' is Tuluá, not 'Valle del Cauca',
 * which would put Tuluá, Ginebra and Jamundí on one route).
 */
export function rutaDe(s: Pick<Service, 'ciudad' | 'destino'>): string {
  const partes = s.destino.split(',').map((p) => p.trim()).filter(Boolean);
  while (partes.length > 1 && NO_MUNICIPIOS.has(sinTildes(partes.at(-1)!))) partes.pop();
  const destino = partes.pop() ?? s.destino;
  // Cut by characters, not UTF-16 units: half an emoji is an attribute name DynamoDB refuses (invalid UTF-8).
  return [...`${s.ciudad} → ${destino}`].slice(0, RUTA_MAX).join('');
}

/** The update that adds `sumas` to a month's counters (`ADD`: made on first use): the transaction item's and the seed's. */
export function expresionSuma(sumas: Sumas) {
  const claves = Object.keys(sumas);
  return {
    UpdateExpression: `ADD ${claves.map((_, i) => `#c${i} :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(claves.map((k, i) => [`#c${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(claves.map((k, i) => [`:v${i}`, sumas[k]])),
  };
}

export const claveVehiculo = (placas: string) => `v#${placas}`;
export const claveRuta = (ruta: string) => `r#${ruta}`;

/** What each change adds to its company's month. */
export const sumasDe = {
  /** An offer sent: one more, and the minutes since the client published the request. */
  oferta: (publicadoEn: string, now: Date): Sumas => ({ ofertas: 1, minutosHastaOferta: Math.max(0, Math.round((now.getTime() - Date.parse(publicadoEn)) / 60_000)) }),
  /** The client accepted the company's offer. */
  ganada: (): Sumas => ({ ganadas: 1 }),
  /** Money recorded in the ledger: what the client paid, or what a driver was paid (advance, balance). */
  movimiento: (tipo: string, monto: number): Sumas | null =>
    tipo === 'pago-cliente' ? { cobrado: monto } : tipo === 'anticipo' || tipo === 'saldo' ? { pagadoConductores: monto } : null,
  /** A trip ended: by its vehicle and its route. */
  viaje: (s: Pick<Service, 'placas' | 'ciudad' | 'destino'>): Sumas => ({ viajes: 1, [claveVehiculo(s.placas)]: 1, [claveRuta(rutaDe(s))]: 1 }),
};

export type MesResumen = { mes: string; ofertas: number; ganadas: number; cobrado: number; pagadoConductores: number; viajes: number; minutosHastaOferta: number };

export type Resumen = {
  meses: MesResumen[];
  totales: Omit<MesResumen, 'mes'> & { tasaExito: number | null; minutosPromedioHastaOferta: number | null };
  porVehiculo: { placas: string; viajes: number }[];
  porRuta: { ruta: string; viajes: number }[];
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The screen's figures from the stored month items (`mes` and the counters), every month of the range present. */
export function resumenDe(items: readonly Record<string, unknown>[], meses: readonly string[]): Resumen {
  const porMes = new Map(items.map((i) => [String(i.mes), i]));
  const filas = meses.map((mes) => {
    const i = porMes.get(mes) ?? {};
    return { mes, ...Object.fromEntries(CONTADORES.map((c) => [c, num(i[c])])) } as MesResumen;
  });
  const suma = (c: Contador) => filas.reduce((t, f) => t + f[c], 0);
  const agrupar = (prefijo: string) => {
    const total = new Map<string, number>();
    for (const i of items) for (const [k, v] of Object.entries(i)) if (k.startsWith(prefijo)) total.set(k.slice(prefijo.length), (total.get(k.slice(prefijo.length)) ?? 0) + num(v));
    return [...total].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  const ofertas = suma('ofertas');
  return {
    meses: filas,
    totales: {
      ofertas,
      ganadas: suma('ganadas'),
      cobrado: suma('cobrado'),
      pagadoConductores: suma('pagadoConductores'),
      viajes: suma('viajes'),
      minutosHastaOferta: suma('minutosHastaOferta'),
      tasaExito: ofertas ? suma('ganadas') / ofertas : null,
      minutosPromedioHastaOferta: ofertas ? Math.round(suma('minutosHastaOferta') / ofertas) : null,
    },
    porVehiculo: agrupar('v#').map(([placas, viajes]) => ({ placas, viajes })),
    porRuta: agrupar('r#').map(([ruta, viajes]) => ({ ruta, viajes })),
  };
}
