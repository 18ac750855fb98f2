import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { REGISTRO_MSG } from '@shared/schemas/messages.js';
import { registroInternoSchema } from '@shared/schemas/profile.js';
import { EmailField, PasswordField } from '../../../components/form-fields.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { apiFieldErrors, useZodForm } from '../../../lib/use-zod-form.js';
import { useRegistrarUsuario } from '../api/registrar-usuario.js';

const EMPTY = { email: '', verifyEmail: '', password: '', verifyPassword: '' };

function RegistrationForm() {
  const navigate = useNavigate();
  const register = useRegistrarUsuario();
  const form = useZodForm(registroInternoSchema, EMPTY);
  const [showPasswords, setShowPasswords] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check();
    if (!data || register.isPending) return;
    register.mutate(data, {
      onSuccess: () => {
        toast.success(REGISTRO_MSG.exito);
        navigate('/panel-control/monitor-map');
      },
      onError: (error) => {
        if (error instanceof ApiError) form.addErrors(apiFieldErrors(error.fields));
        // Under the e-mail too, which gets the focus: the toast alone left it on the page's body.
        if (error instanceof ApiError && error.status === 409 && error.message === REGISTRO_MSG.yaEnEmpresa) form.addErrors({ email: error.message });
        toast.error(`Error: ${errorMessage(error)}`);
      },
    });
  }

  const busy = register.isPending;
  return (
    <form ref={form.ref} className="form-column" onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={busy} loadingText="Registrando">
            Registrar
          </Button>
        }
      >
        <Container
          header={
            <Header
              variant="h2"
              description="La persona recibirá en su correo un enlace para validar su cuenta, donde escribirá la contraseña que elijas aquí: dásela tú. Tendrá el rol de usuario de tu empresa."
            >
              Datos de acceso
            </Header>
          }
        >
          <SpaceBetween size="l">
            <EmailField form={form} field="email" label="Correo electrónico" autoComplete="off" placeholder="nombre@empresa.com" disabled={busy} />
            <EmailField form={form} field="verifyEmail" label="Verificar correo electrónico" autoComplete="off" disabled={busy} />
            <PasswordField
              form={form}
              field="password"
              label="Contraseña"
              autoComplete="new-password"
              shown={showPasswords}
              onShownChange={setShowPasswords}
              hint
              disabled={busy}
            />
            <PasswordField form={form} field="verifyPassword" label="Verificar contraseña" autoComplete="new-password" shown={showPasswords} disabled={busy} />
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

/**
 * docs/spec/01.md "Internal registration". Admins with a complete profile only: the panel's route checks that
 * before this screen opens, and the API checks it again.
 */
export function RegistroInternoPage({ title }: { title: string }) {
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description="Crea el acceso de una persona de tu empresa al Panel de Control">
        {title}
      </Header>
      <RegistrationForm />
    </SpaceBetween>
  );
}
