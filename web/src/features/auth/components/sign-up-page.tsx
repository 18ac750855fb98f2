import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { signUpSchema } from '@shared/schemas/auth.js';
import { PUESTOS } from '@shared/schemas/empresa.js';
import { MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { EmailField, PasswordField, TextField } from '../../../components/form-fields.js';
import { SelectField } from '../../../components/select-field.js';
import { toast } from '../../../lib/toast.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { VERIFICANDO, verifyEmailPath } from '../api/paths.js';
import { signInWithPassword } from '../api/sign-in.js';
import { registerAccount, type SignUpData } from '../api/sign-up.js';
import { AuthCard, PieIniciaSesion } from './auth-card.js';
import { AuthorizationModal } from './authorization-modal.js';

export const PUESTO_OPTIONS: SelectProps.Option[] = Object.entries(PUESTOS).map(([value, label]) => ({ value, label }));

const EMPTY = { nombres: '', apellidos: '', empresa: '', puesto: '', email: '', password: '' };

/** docs/spec/01.md "Sign-up": the form, then the authorization key in a modal, then e-mail verification. */
export function SignUpPage() {
  const navigate = useNavigate();
  const form = useZodForm(signUpSchema, EMPTY, (v) => ({ ...v, puesto: v.puesto || undefined }));
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
    // Signed in at once: the code screen works in the account's own session (docs/decisions/0010).
    sessionStorage.setItem(VERIFICANDO, pending.email);
    await signInWithPassword(pending.email, pending.password);
    navigate(verifyEmailPath(pending.email), { state: { notice: REGISTRO_MSG.exitoRegistro } });
  }

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
      footer={<PieIniciaSesion pregunta="¿Ya tienes una cuenta?" href="/" />}
    >
      <form ref={form.ref} onSubmit={submit} noValidate>
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={submitting} loadingText="Creando cuenta">
              Crear cuenta
            </Button>
          }
        >
          <SpaceBetween size="l">
            <TextField form={form} field="nombres" label="Nombres" autoComplete="given-name" disabled={busy} />
            <TextField form={form} field="apellidos" label="Apellidos" autoComplete="family-name" disabled={busy} />
            <TextField form={form} field="empresa" label="Empresa" autoComplete="organization" disabled={busy} />
            <SelectField form={form} field="puesto" label="Puesto" options={PUESTO_OPTIONS} placeholder="Selecciona un puesto" disabled={busy} />
            <EmailField form={form} field="email" label="Correo electrónico" autoComplete="email" placeholder="nombre@empresa.com" disabled={busy} />
            <PasswordField
              form={form}
              field="password"
              label="Contraseña"
              autoComplete="new-password"
              shown={showPassword}
              onShownChange={setShowPassword}
              hint
              disabled={busy}
            />
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
