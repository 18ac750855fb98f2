import { useRef, useState } from 'react';
import type { z } from 'zod';
import type { ApiFieldError } from './api-client.js';

/** The first message for each top-level field, as forms show one message per field. */
export type FieldErrors = Partial<Record<string, string>>;

export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field !== undefined) errors[String(field)] ??= issue.message;
  }
  return errors;
}

/** The API's `details.fields` (paths such as `movil` or `uploadIds.2`) as form errors. */
export function apiFieldErrors(fields: readonly ApiFieldError[]): FieldErrors {
  return issuesToErrors(fields.map((f) => ({ path: f.path.split('.'), message: f.message })));
}

export function validateWith<S extends z.ZodType>(schema: S, input: unknown): { data?: z.output<S>; errors: FieldErrors } {
  const result = schema.safeParse(input);
  return result.success ? { data: result.data, errors: {} } : { errors: issuesToErrors(result.error.issues) };
}

/**
 * Form state checked with the same zod schema as the API (CONVENTIONS, habit 2). Errors appear on the
 * first submit, then are re-evaluated on each edit (docs/spec/01.md section 5). `toInput` adapts the form's
 * strings to what the schema takes (an empty Select as `undefined`, say).
 */
export function useZodForm<S extends z.ZodType, V extends Record<string, unknown>>(
  schema: S,
  initial: V | (() => V),
  toInput: (values: V) => unknown = (values) => values,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  // The <form> the fields live in: a refused submit takes the person to the first field in error
  // (on a phone it is often off screen, under the toast that says something is wrong).
  const ref = useRef<HTMLFormElement>(null);

  /** Several fields in one change: two `setField` calls in a row would each start from the same values, the second undoing the first. */
  function setFields(patch: Partial<V>): void {
    const next = { ...values, ...patch };
    setValues(next);
    if (attempted) setErrors(validateWith(schema, toInput(next)).errors);
  }

  function setField<K extends keyof V>(field: K, value: V[K]): void {
    setFields({ [field]: value } as unknown as Partial<V>);
  }

  /** Marks the form as attempted and answers the parsed data, or `undefined` with the errors shown. */
  function check(): z.output<S> | undefined {
    setAttempted(true);
    const result = validateWith(schema, toInput(values));
    setErrors(result.errors);
    if (!result.data) requestAnimationFrame(() => focusFirstInvalid(ref.current));
    return result.data;
  }

  /** Adds errors the server found (they last until the next edit re-checks the form). */
  function addErrors(more: FieldErrors): void {
    setAttempted(true);
    setErrors((current) => ({ ...current, ...more }));
    if (Object.keys(more).length) requestAnimationFrame(() => focusFirstInvalid(ref.current));
  }

  return { ref, values, errors, setField, setFields, check, addErrors };
}

/** Cloudscape marks an input or select trigger in error with aria-invalid. */
function focusFirstInvalid(form: HTMLFormElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.scrollIntoView({ block: 'center' });
  first.focus({ preventScroll: true });
}
