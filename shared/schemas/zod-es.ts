import * as z from 'zod';

/**
 * zod's texts in Spanish. Every shared schema imports `z` from here, so no English default
 * ("Invalid input: expected object, received array") can reach a user, from the API or a form.
 * Schemas that carry the spec's own message keep it: this map only fills the gaps. Written by hand
 * rather than with zod's `es` locale, which would ship zod's locale files to every bundle.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  object: 'un objeto',
  array: 'una lista',
  date: 'una fecha',
  null: 'nulo',
  undefined: 'vacío',
};
const typeName = (t: unknown) => TYPE_NAMES[String(t)] ?? 'otro tipo de dato';
const received = (input: unknown) => (input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input);

const FORMATS: Record<string, string> = {
  email: 'un correo electrónico válido',
  url: 'una URL válida',
  uuid: 'un identificador válido',
  datetime: 'una fecha y hora válidas (ISO 8601)',
  date: 'una fecha válida',
  regex: 'un valor con el formato esperado',
};

type Issue = z.core.$ZodRawIssue;

export function spanishMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Este campo es requerido' : `Se esperaba ${typeName(issue.expected)} y se recibió ${typeName(received(issue.input))}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Máximo ${issue.maximum} caracteres`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `Máximo ${issue.maximum} elementos`
          : `Debe ser como máximo ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? 'Este campo es requerido'
          : `Mínimo ${issue.minimum} caracteres`
        : issue.origin === 'array' || issue.origin === 'set'
          ? `Mínimo ${issue.minimum} elementos`
          : `Debe ser como mínimo ${issue.minimum}`;
    case 'invalid_format':
      return `Debe ser ${FORMATS[issue.format] ?? 'un valor con el formato esperado'}`;
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Campos no permitidos: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return 'Selecciona una de las opciones disponibles';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return 'Valor no válido';
  }
}

z.config({ customError: spanishMessage });

// Import as a namespace (`import * as z from './zod-es.js'`): esbuild and Rollup then keep only the
// members used. `import { z }` is zod's whole namespace as one value, locales included (+370 KB).
export * from 'zod';
