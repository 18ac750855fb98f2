import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../lib/use-zod-form.js';
import { PASSWORD_HINT, PasswordToggle } from './password-toggle.js';

/**
 * The text fields of every form. SelectField lives in its own module so the sign-in page, which has no
 * select, does not download Cloudscape's Select and dropdown (about 20 KB gzip).
 */

/** The part of `useZodForm`'s answer a field needs (every value of these forms is a string). */
export interface FieldForm<F extends string> {
  values: Record<F, string>;
  errors: FieldErrors;
  setField: (field: F, value: string) => void;
}

export interface FieldProps<F extends string> {
  form: FieldForm<F>;
  field: F;
  label: string;
  description?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

type TextFieldProps<F extends string> = FieldProps<F> &
  Pick<InputProps, 'type' | 'inputMode' | 'autoComplete' | 'placeholder' | 'autoFocus'> & {
    constraintText?: string;
    /** FormField's `info` slot, beside the label. */
    info?: ReactNode;
  };

/** A stretched FormField with an Input bound to one field: its value, its error and `invalid`. */
export function TextField<F extends string>({ form, field, label, description, constraintText, info, ...input }: TextFieldProps<F>) {
  const error = form.errors[field];
  return (
    <FormField label={label} errorText={error} description={description} constraintText={constraintText} info={info} stretch>
      <Input {...input} value={form.values[field]} onChange={({ detail }) => form.setField(field, detail.value)} invalid={!!error} />
    </FormField>
  );
}

/** An e-mail address: `type="email"` and the e-mail keyboard on phones. */
export function EmailField<F extends string>(props: Omit<TextFieldProps<F>, 'type' | 'inputMode'>) {
  return <TextField type="email" inputMode="email" {...props} />;
}

type PasswordFieldProps<F extends string> = FieldProps<F> &
  Pick<InputProps, 'autoComplete'> & {
    /** Shown as text instead of dots. */
    shown?: boolean;
    /** Puts the show/hide control beside the label. */
    onShownChange?: (shown: boolean) => void;
    /** The password policy under the field while it has no error. */
    hint?: boolean;
  };

/** A password, optionally with the show/hide control and the policy hint of new passwords. */
export function PasswordField<F extends string>({ shown = false, onShownChange, hint, ...props }: PasswordFieldProps<F>) {
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      constraintText={hint && !props.form.errors[props.field] ? PASSWORD_HINT : undefined}
      info={onShownChange && <PasswordToggle shown={shown} onChange={onShownChange} />}
    />
  );
}
