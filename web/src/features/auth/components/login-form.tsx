import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormEvent } from 'react';
import { loginSchema } from '@shared/schemas/auth.js';
import { EmailField, PasswordField } from '../../../components/form-fields.js';
import { useFollow } from '../../../lib/navigation.js';
import { useZodForm } from '../../../lib/use-zod-form.js';

interface LoginFormProps {
  /** Prefilled after sign-up, verification or recovery. */
  initialEmail?: string;
  submitting: boolean;
  onSubmit: (email: string, password: string) => void;
}

/** E-mail and password, checked with the same schema the spec's messages come from. */
export function LoginForm({ initialEmail = '', submitting, onSubmit }: LoginFormProps) {
  const follow = useFollow();
  const form = useZodForm(loginSchema, { email: initialEmail, password: '' });

  function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check();
    if (data && !submitting) onSubmit(data.email, data.password);
  }

  return (
    <form ref={form.ref} onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting} loadingText="Iniciando sesión">
            Iniciar sesión
          </Button>
        }
      >
        <SpaceBetween size="l">
          <EmailField
            form={form}
            field="email"
            label="Correo electrónico"
            autoComplete="username"
            placeholder="nombre@empresa.com"
            disabled={submitting}
          />
          <PasswordField form={form} field="password" label="Contraseña" autoComplete="current-password" disabled={submitting} />
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
