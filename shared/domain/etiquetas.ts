import type { ServiceState, VehicleType } from '../schemas/service.js';

/**
 * What people read for each stored enumeration (docs/decisions/0012). The stored values stay the
 * specification's (API contracts and data); every screen, dialog, marker, e-mail and CSV export shows
 * them through these maps, so one thing is said one way everywhere and in correct Spanish.
 */

/** A value's text, or the value itself when the map does not know it (data written before a list changed). */
const textoDe =
  <K extends string>(mapa: Record<K, string>) =>
  (valor: string | null | undefined): string =>
    valor ? (Object.hasOwn(mapa, valor) ? mapa[valor as K] : valor) : '';

/** Vehicle types (docs/spec/02.md section 3.5), stored as the spec writes them. */
export const TIPO_VEHICULO_TEXTO: Record<VehicleType, string> = {
  '4x4 Platon': '4x4 Platón',
  Automovil: 'Automóvil',
  Suv: 'SUV',
  Bus: 'Bus',
  Buseton: 'Busetón',
  Buseta: 'Buseta',
  Chiva: 'Chiva',
  Minivan: 'Minivan',
  Van: 'Van',
};
export const textoTipoVehiculo = textoDe(TIPO_VEHICULO_TEXTO);

/**
 * The one list of cities, for the company's profile and the vehicle form alike: the spec's two lists
 * (docs/spec/01.md section 3 and 02.md section 3.5) joined. Values are what is stored ('Santa Martha' and
 * 'Bogota' as the spec wrote them); labels what is shown; the department fills in the profile's.
 */
export const CIUDADES = [
  { value: 'Armenia', label: 'Armenia', departamento: 'Quindío' },
  { value: 'Barranquilla', label: 'Barranquilla', departamento: 'Atlántico' },
  { value: 'Bogota', label: 'Bogotá', departamento: 'Bogotá D.C.' },
  { value: 'Buenaventura', label: 'Buenaventura', departamento: 'Valle del Cauca' },
  { value: 'Buga', label: 'Buga', departamento: 'Valle del Cauca' },
  { value: 'Cali', label: 'Santiago de Cali', departamento: 'Valle del Cauca' },
  { value: 'Cartagena', label: 'Cartagena', departamento: 'Bolívar' },
  { value: 'Manizales', label: 'Manizales', departamento: 'Caldas' },
  { value: 'Medellin', label: 'Medellín', departamento: 'Antioquia' },
  { value: 'Palmira', label: 'Palmira', departamento: 'Valle del Cauca' },
  { value: 'Pasto', label: 'Pasto', departamento: 'Nariño' },
  { value: 'Pereira', label: 'Pereira', departamento: 'Risaralda' },
  { value: 'Popayan', label: 'Popayán', departamento: 'Cauca' },
  { value: 'Santa Martha', label: 'Santa Marta', departamento: 'Magdalena' },
] as const;
export type Ciudad = (typeof CIUDADES)[number]['value'];
export const CIUDAD_VALORES = CIUDADES.map((c) => c.value) as [Ciudad, ...Ciudad[]];
export const CIUDAD_TEXTO = Object.fromEntries(CIUDADES.map((c) => [c.value, c.label])) as Record<Ciudad, string>;
export const textoCiudad = textoDe(CIUDAD_TEXTO);

/** The department of a listed city (the profile fills it in when the city changes); undefined otherwise. */
export const departamentoDe = (ciudad: string): string | undefined => CIUDADES.find((c) => c.value === ciudad)?.departamento;

/**
 * Banks. The spec's values stay stored and accepted (docs/spec/01.md section 3 and 02.md section 3.5);
 * the forms offer today's Colombian banks (establecimientos bancarios, plus Nu Colombia, whose savings
 * accounts have numbers), each by its name. Granahorrar (merged into BBVA in 2006), Nequi and Daviplata
 * (low-amount deposits kept under a phone number, not bank accounts) are no longer offered; records that
 * hold them still validate and read as before.
 */
export const BANCO_TEXTO = {
  // The spec's values.
  Agrario: 'Banco Agrario de Colombia',
  AVvillas: 'Banco AV Villas',
  Bancolombia: 'Bancolombia',
  BBVA: 'BBVA Colombia',
  Bogota: 'Banco de Bogotá',
  'Caja Social': 'Banco Caja Social',
  Colpatria: 'Scotiabank Colpatria',
  Daviplata: 'Daviplata',
  Davivienda: 'Davivienda',
  Granahorrar: 'Granahorrar',
  Itau: 'Banco Itaú',
  Nequi: 'Nequi',
  Nubank: 'Nu Colombia',
  Occidente: 'Banco de Occidente',
  Pichincha: 'Banco Pichincha',
  Popular: 'Banco Popular',
  // Today's other banks, stored by these values.
  Bancamia: 'Bancamía',
  Bancoomeva: 'Bancoomeva',
  'Banco W': 'Banco W',
  Ban100: 'Ban100',
  Coopcentral: 'Banco Coopcentral',
  Falabella: 'Banco Falabella',
  Finandina: 'Banco Finandina',
  'GNB Sudameris': 'Banco GNB Sudameris',
  'Lulo Bank': 'Lulo Bank',
  Mibanco: 'Mibanco',
  'Mundo Mujer': 'Banco Mundo Mujer',
  Serfinanza: 'Banco Serfinanza',
  Union: 'Banco Unión',
} as const;
export type Banco = keyof typeof BANCO_TEXTO;
/** Every value accepted and stored: the spec's and today's. */
export const BANCOS = Object.keys(BANCO_TEXTO) as [Banco, ...Banco[]];
/** Accepted, never offered again (what the comment above says why). */
export const BANCOS_ANTERIORES: readonly Banco[] = ['Daviplata', 'Granahorrar', 'Nequi'];
/** What the forms offer, by name. */
export const BANCOS_OFRECIDOS: readonly Banco[] = BANCOS.filter((b) => !BANCOS_ANTERIORES.includes(b)).sort((a, b) => BANCO_TEXTO[a].localeCompare(BANCO_TEXTO[b], 'es'));
export const textoBanco = textoDe(BANCO_TEXTO);

/** Account types (docs/spec/01.md section 3). */
export const TIPOS_CUENTA = ['ahorros', 'corriente'] as const;
export type TipoCuenta = (typeof TIPOS_CUENTA)[number];
export const TIPO_CUENTA_TEXTO: Record<TipoCuenta, string> = { ahorros: 'Ahorros', corriente: 'Corriente' };
export const textoTipoCuenta = textoDe(TIPO_CUENTA_TEXTO);

/** A bank account as every view says it: 'Banco de Bogotá, cuenta de ahorros 0123456789' (empty parts left out). */
export function textoCuentaBancaria({ banco, tipocuenta, cuenta }: { banco?: string; tipocuenta?: string; cuenta?: string }): string {
  const tipo = tipocuenta === 'ahorros' ? 'cuenta de ahorros' : tipocuenta === 'corriente' ? 'cuenta corriente' : tipocuenta ? `cuenta ${tipocuenta}` : 'cuenta';
  const numero = cuenta ? `${tipo} ${cuenta}` : tipocuenta ? tipo : '';
  return [textoBanco(banco), numero].filter(Boolean).join(', ');
}

/**
 * One word per service state, on the map, its markers and dialogs, every list, the trail and the
 * exports. 'validar' reads 'Validando pago' (the spec's 'validando', saying what is being validated);
 * a confirmed trip that has started reads 'En curso'.
 */
export const ESTADO_SERVICIO_TEXTO: Record<ServiceState, string> = {
  pendiente: 'Pendiente',
  validar: 'Validando pago',
  reservado: 'Reservado',
  confirmado: 'Confirmado',
  finalizado: 'Finalizado',
  cancelado: 'Cancelado',
};
export const EN_CURSO_TEXTO = 'En curso';
/** A service's state as every screen says it. */
export const textoDeEstado = (estado: ServiceState, enCurso?: boolean): string => (enCurso && estado === 'confirmado' ? EN_CURSO_TEXTO : ESTADO_SERVICIO_TEXTO[estado]);

/** Options of a Select: the value stored, the text shown. */
export const opcionesDe = <V extends string>(valores: readonly V[], texto: (v: V) => string): { value: V; label: string }[] => valores.map((value) => ({ value, label: texto(value) }));
