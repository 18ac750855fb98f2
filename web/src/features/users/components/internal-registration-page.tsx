import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { REGISTRO_MSG } from '../../../../../shared/schemas/messages.js';
import { registroInternoSchema } from '../../../../../shared/schemas/profile.js';
import { EmailField, PasswordField } from '../../../components/form-fields.js';
import { LoadingScreen } from '../../../components/loading-screen.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useFollow } from '../../../lib/navigation.js';
import { toast } from '../../../lib/toast.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';
import { apiFieldErrors, useZodForm } from '../../../lib/use-zod-form.js';
import { isAdmin, useMe } from '../../me/api/get-me.js';
import { useRegisterUser } from '../api/register-user.js';

const TITLE = 'Registra Nuevo Usuario';
export const PERFIL_INCOMPLETO_MSG =
  'Para registrar usuarios primero completa el perfil de la empresa y sube al menos una foto corporativa.';

const EMPTY = { email: '', verifyEmail: '', password: '', verifyPassword: '' };

function RegistrationForm() {
  const navigate = useNavigate();
  const register = useRegisterUser();
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
        toast.error(`Error: ${errorMessage(error)}`);
      },
    });
  }

  const busy = register.isPending;
  return (
    <form className="form-column" onSubmit={submit} noValidate>
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
              description="La persona recibirá un código en su correo para verificar la cuenta. Tendrá el rol de usuario de tu empresa."
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

/** Spec 01 "Internal registration": admins only, once the company profile is complete. */
export function InternalRegistrationPage() {
  useDocumentTitle(TITLE);
  const follow = useFollow();
  const { data: me, isPending, isError, refetch } = useMe();

  let body;
  if (isPending) body = <LoadingScreen />;
  else if (isError || !me)
    body = (
      <Alert type="error" action={<Button onClick={() => void refetch()}>Reintentar</Button>}>
        No se pudo obtener los datos del usuario
      </Alert>
    );
  else if (!isAdmin(me))
    body = (
      <Container>
        <Box textAlign="center" padding={{ vertical: 'l' }}>
          <SpaceBetween size="s">
            <Box variant="h2" tagOverride="p">
              No tienes permiso para ver esta sección
            </Box>
            <Box variant="p" color="text-body-secondary">
              {REGISTRO_MSG.soloAdmin}
            </Box>
          </SpaceBetween>
        </Box>
      </Container>
    );
  else if (!me.perfilCompleto)
    body = (
      <Alert
        type="warning"
        header="Completa tu perfil"
        action={
          <Button href="/panel-control/perfil" onFollow={follow}>
            Ir a Perfil de Usuario
          </Button>
        }
      >
        {PERFIL_INCOMPLETO_MSG}
      </Alert>
    );
  else body = <RegistrationForm />;

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description="Crea el acceso de una persona de tu empresa al Panel de Control">
        {TITLE}
      </Header>
      {body}
    </SpaceBetween>
  );
}
