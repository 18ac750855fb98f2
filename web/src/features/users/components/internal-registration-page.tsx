import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { REGISTRO_MSG } from '../../../../../shared/schemas/messages.js';
import { registroInternoSchema } from '../../../../../shared/schemas/profile.js';
import { LoadingScreen } from '../../../components/loading-screen.js';
import { PASSWORD_HINT, PasswordToggle } from '../../../components/password-toggle.js';
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
  const { values, errors, setField } = form;
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
            <FormField label="Correo electrónico" errorText={errors.email} stretch>
              <Input
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="nombre@empresa.com"
                value={values.email}
                onChange={({ detail }) => setField('email', detail.value)}
                invalid={!!errors.email}
                disabled={busy}
              />
            </FormField>
            <FormField label="Verificar correo electrónico" errorText={errors.verifyEmail} stretch>
              <Input
                type="email"
                inputMode="email"
                autoComplete="off"
                value={values.verifyEmail}
                onChange={({ detail }) => setField('verifyEmail', detail.value)}
                invalid={!!errors.verifyEmail}
                disabled={busy}
              />
            </FormField>
            <FormField
              label="Contraseña"
              errorText={errors.password}
              constraintText={errors.password ? undefined : PASSWORD_HINT}
              info={<PasswordToggle shown={showPasswords} onChange={setShowPasswords} />}
              stretch
            >
              <Input
                type={showPasswords ? 'text' : 'password'}
                autoComplete="new-password"
                value={values.password}
                onChange={({ detail }) => setField('password', detail.value)}
                invalid={!!errors.password}
                disabled={busy}
              />
            </FormField>
            <FormField label="Verificar contraseña" errorText={errors.verifyPassword} stretch>
              <Input
                type={showPasswords ? 'text' : 'password'}
                autoComplete="new-password"
                value={values.verifyPassword}
                onChange={({ detail }) => setField('verifyPassword', detail.value)}
                invalid={!!errors.verifyPassword}
                disabled={busy}
              />
            </FormField>
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
