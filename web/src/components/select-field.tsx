import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { FieldProps } from './form-fields.js';

/** A Select bound to one field; an empty value shows the placeholder. */
export function SelectField<F extends string>({
  form,
  field,
  label,
  description,
  options,
  ...select
}: FieldProps<F> & { options: SelectProps.Option[]; placeholder: string }) {
  const error = form.errors[field];
  return (
    <FormField label={label} errorText={error} description={description} stretch>
      <Select
        {...select}
        selectedOption={options.find((option) => option.value === form.values[field]) ?? null}
        options={options}
        onChange={({ detail }) => form.setField(field, detail.selectedOption.value ?? '')}
        invalid={!!error}
      />
    </FormField>
  );
}
