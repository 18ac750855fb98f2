import { BOGOTA_TZ } from '@shared/constants.js';

/** Formatting for later screens: Colombian Spanish, pesos without cents, times in Bogotá. */
const LOCALE = 'es-CO';

/**
 * Each formatter is built on first use, not when the module loads: building one (ICU locale and zone
 * data) is several milliseconds of a page's first render, and most pages use one or two of them.
 */
const perezoso = <T>(crear: () => T): (() => T) => {
  let valor: T | undefined;
  return () => (valor ??= crear());
};

const cop = perezoso(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'COP', minimumFractionDigits: 0, maximumFractionDigits: 0 }));
const number = perezoso(() => new Intl.NumberFormat(LOCALE));
const date = perezoso(() => new Intl.DateTimeFormat(LOCALE, { timeZone: BOGOTA_TZ, dateStyle: 'medium' }));
const dateTime = perezoso(() => new Intl.DateTimeFormat(LOCALE, { timeZone: BOGOTA_TZ, dateStyle: 'medium', timeStyle: 'short' }));
const time = perezoso(() => new Intl.DateTimeFormat(LOCALE, { timeZone: BOGOTA_TZ, timeStyle: 'short' }));
/** A calendar date 'YYYY-MM-DD' (an expiry, say) as a date, the same day wherever the browser is. */
const calendarDate = perezoso(() => new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', dateStyle: 'medium' }));
const fechaLarga = perezoso(() => new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', dateStyle: 'long' }));

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export const formatCOP = (value: number): string => cop().format(value);
export const formatNumber = (value: number): string => number().format(value);
export const formatDate = (value: DateInput): string => date().format(toDate(value));
/** "1:42 a. m." kept on one line: ICU's plain spaces let a narrow cell break it into "1:42 a." and "m.". */
const horaSinCortes = (texto: string): string => texto.replace(/ ([ap])\. m\./g, '\u00a0$1.\u00a0m.');
export const formatDateTime = (value: DateInput): string => horaSinCortes(dateTime().format(toDate(value)));
export const formatTime = (value: DateInput): string => horaSinCortes(time().format(toDate(value)));
export const formatCalendarDate = (fecha: string): string => (fecha ? calendarDate().format(new Date(`${fecha}T00:00:00Z`)) : '');
/** A calendar date in words ('31 de diciembre de 2027'): under a date field, what was kept, whatever order it was typed in. */
export const fechaEnPalabras = (fecha: string): string => (fecha ? fechaLarga().format(new Date(`${fecha}T00:00:00Z`)) : '');

/**
 * A service id in a list's narrow cell: a UUID by its first 8 characters ("3ec39203…", enough to tell
 * rows apart and to search by); its detail shows it whole. Short ids (the demo's) as they are.
 */
export const idCorto = (id: string): string => (id.length > 20 ? `${id.slice(0, 8)}…` : id);
