import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { loginSchema, type LoginInput } from '../../../../../shared/schemas/auth.js';
import { useFollow } from '../../../lib/navigation.js';

type FieldErrors = Partial<Record<keyof LoginInput, string>>;

function validate(values: LoginInput): { data?: { email: string; password: string }; errors: FieldErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginInput;
    errors[field] ??= issue.message;
  }
  return { errors };
}

interface LoginFormProps {
  /** Prefilled after sign-up, verification or recovery. */
  initialEmail?: string;
  submitting: boolean;
  onSubmit: (email: string, password: string) => void;
}

/** E-mail and password, checked with the same schema the spec's messages come from. */
export function LoginForm({ initialEmail = '', submitting, onSubmit }: LoginFormProps) {
  const follow = useFollow();
  const [values, setValues] = useState<LoginInput>({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // Errors appear on the first submit, then follow each edit.
  const [attempted, setAttempted] = useState(false);

  function change(field: keyof LoginInput, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validate(next).errors);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (data && !submitting) onSubmit(data.email, data.password);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting} loadingText="Iniciando sesión">
            Iniciar sesión
          </Button>
        }
      >
        <SpaceBetween size="l">
          <FormField label="Correo electrónico" errorText={errors.email} stretch>
            <Input
              type="email"
              inputMode="email"
              autoComplete="username"
              placeholder="nombre@empresa.com"
              value={values.email}
              onChange={({ detail }) => change('email', detail.value)}
              invalid={!!errors.email}
              disabled={submitting}
            />
          </FormField>
          <FormField label="Contraseña" errorText={errors.password} stretch>
            <Input
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={({ detail }) => change('password', detail.value)}
              invalid={!!errors.password}
              disabled={submitting}
            />
          </FormField>
        </SpaceBetween>
      </Form>
      <Box padding={{ top: 'l' }}>
        <SpaceBetween size="xs">
          <Link href="/cambiar-password" onFollow={follow}>
            ¿Olvidaste tu contraseña?
          </Link>
          <Box variant="span">
            ¿No tienes una cuenta?{' '}
            <Link href="/registro" onFollow={follow}>
              Crea tu cuenta
            </Link>
          </Box>
        </SpaceBetween>
      </Box>
    </form>
  );
}
