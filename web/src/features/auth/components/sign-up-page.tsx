import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { signUpSchema } from '../../../../../shared/schemas/auth.js';
import { PUESTOS } from '../../../../../shared/schemas/empresa.js';
import { MSG, REGISTRO_MSG } from '../../../../../shared/schemas/messages.js';
import { PASSWORD_HINT, PasswordToggle } from '../../../components/password-toggle.js';
import { useFollow } from '../../../lib/navigation.js';
import { toast } from '../../../lib/toast.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { verifyEmailPath } from '../api/paths.js';
import { registerAccount, type SignUpData } from '../api/sign-up.js';
import { AuthCard } from './auth-card.js';
import { AuthorizationModal } from './authorization-modal.js';

export const PUESTO_OPTIONS: SelectProps.Option[] = Object.entries(PUESTOS).map(([value, label]) => ({ value, label }));

const EMPTY = { nombres: '', apellidos: '', empresa: '', puesto: '', email: '', password: '' };

/** Spec 01 "Sign-up": the form, then the authorization key in a modal, then e-mail verification. */
export function SignUpPage() {
  const follow = useFollow();
  const navigate = useNavigate();
  const form = useZodForm(signUpSchema, EMPTY, (v) => ({ ...v, puesto: v.puesto || undefined }));
  const { values, errors, setField } = form;
  const [showPassword, setShowPassword] = useState(false);
  // The checked data waiting for the key; the modal is open while it is set.
  const [pending, setPending] = useState<SignUpData | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [keyError, setKeyError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const data = form.check();
    if (!data) return;
    setKeyError(undefined);
    setPending(data);
  }

  async function accept(key: string) {
    if (!pending || submitting) return;
    if (!key.trim()) {
      setKeyError(MSG.claveIncorrecta);
      return;
    }
    setSubmitting(true);
    setKeyError(undefined);
    const result = await registerAccount(pending, key);
    setSubmitting(false);
    if (result.kind === 'wrongKey') {
      setKeyError(MSG.claveIncorrecta);
      return;
    }
    setPending(null);
    if (result.kind === 'failed') {
      setFailure(`Error: ${result.message}`);
      return;
    }
    if (result.confirmed) {
      toast.success('Usuario creado correctamente. Ya puedes iniciar sesión.');
      navigate('/login', { state: { email: pending.email } });
      return;
    }
    navigate(verifyEmailPath(pending.email), { state: { notice: REGISTRO_MSG.exitoRegistro } });
  }

  const selectedPuesto = PUESTO_OPTIONS.find((option) => option.value === values.puesto) ?? null;
  const busy = submitting || pending !== null;

  return (
    <AuthCard
      title="Crea tu cuenta"
      subtitle="Completa el formulario para comenzar"
      notice={
        failure && (
          <Alert type="error" dismissible onDismiss={() => setFailure(undefined)}>
            {failure}
          </Alert>
        )
      }
      footer={
        <Box variant="span">
          ¿Ya tienes una cuenta?{' '}
          <Link href="/" onFollow={follow}>
            Inicia sesión
          </Link>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={submitting} loadingText="Creando cuenta">
              Crear cuenta
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label="Nombres" errorText={errors.nombres} stretch>
              <Input
                autoComplete="given-name"
                value={values.nombres}
                onChange={({ detail }) => setField('nombres', detail.value)}
                invalid={!!errors.nombres}
                disabled={busy}
              />
            </FormField>
            <FormField label="Apellidos" errorText={errors.apellidos} stretch>
              <Input
                autoComplete="family-name"
                value={values.apellidos}
                onChange={({ detail }) => setField('apellidos', detail.value)}
                invalid={!!errors.apellidos}
                disabled={busy}
              />
            </FormField>
            <FormField label="Empresa" errorText={errors.empresa} stretch>
              <Input
                autoComplete="organization"
                value={values.empresa}
                onChange={({ detail }) => setField('empresa', detail.value)}
                invalid={!!errors.empresa}
                disabled={busy}
              />
            </FormField>
            <FormField label="Puesto" errorText={errors.puesto} stretch>
              <Select
                selectedOption={selectedPuesto}
                options={PUESTO_OPTIONS}
                placeholder="Selecciona un puesto"
                onChange={({ detail }) => setField('puesto', detail.selectedOption.value ?? '')}
                invalid={!!errors.puesto}
                disabled={busy}
              />
            </FormField>
            <FormField label="Correo electrónico" errorText={errors.email} stretch>
              <Input
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="nombre@empresa.com"
                value={values.email}
                onChange={({ detail }) => setField('email', detail.value)}
                invalid={!!errors.email}
                disabled={busy}
              />
            </FormField>
            <FormField
              label="Contraseña"
              errorText={errors.password}
              constraintText={errors.password ? undefined : PASSWORD_HINT}
              stretch
              info={<PasswordToggle shown={showPassword} onChange={setShowPassword} />}
            >
              <Input
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                value={values.password}
                onChange={({ detail }) => setField('password', detail.value)}
                invalid={!!errors.password}
                disabled={busy}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
      <AuthorizationModal
        visible={pending !== null}
        submitting={submitting}
        error={keyError}
        onCancel={() => {
          if (submitting) return;
          setPending(null);
          setKeyError(undefined);
        }}
        onAccept={(key) => void accept(key)}
      />
    </AuthCard>
  );
}
