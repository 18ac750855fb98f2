import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { passwordRecoverySchema, newPasswordStepSchema } from '@shared/schemas/auth.js';
import { RECUPERAR_MSG } from '@shared/schemas/messages.js';
import { EmailField, PasswordField, TextField } from '../../../components/form-fields.js';
import { useFollow } from '../../../lib/navigation.js';
import { toast } from '../../../lib/toast.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { sendRecoveryCode, setNewPassword } from '../api/password-recovery.js';
import { AuthCard } from './auth-card.js';

export const PASSWORD_CHANGED_MSG = 'Tu contraseña se cambió correctamente. Inicia sesión con la nueva contraseña.';

/** Step 1: the address that receives the code ('Enviar instrucciones'). */
function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const form = useZodForm(passwordRecoverySchema, { email: '' });
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check();
    if (!data || sending) return;
    setSending(true);
    try {
      await sendRecoveryCode(data.email);
      toast.success(RECUPERAR_MSG.exito);
      onSent(data.email);
    } catch (error) {
      console.error(error);
      toast.error(RECUPERAR_MSG.error);
      setSending(false);
    }
  }

  return (
    <form ref={form.ref} onSubmit={(event) => void submit(event)} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={sending} loadingText="Enviando">
            Enviar instrucciones
          </Button>
        }
      >
        <EmailField
          form={form}
          field="email"
          label="Correo electrónico"
          description="Te enviaremos un código para que puedas elegir una nueva contraseña."
          autoComplete="email"
          placeholder="nombre@empresa.com"
          disabled={sending}
        />
      </Form>
    </form>
  );
}

/** Step 2: the code from the e-mail and the new password. */
function NewPasswordStep({ email, onRestart }: { email: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const form = useZodForm(newPasswordStepSchema, { codigo: '', password: '' });
  const [showPassword, setShowPassword] = useState(false);
  const [saving, setSaving] = useState(false);
  const [resending, setResending] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check();
    if (!data || saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      await setNewPassword(email, data.codigo, data.password);
      toast.success(PASSWORD_CHANGED_MSG);
      navigate('/login', { replace: true, state: { email } });
    } catch (error) {
      setFailure((error as Error).message);
      setSaving(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await sendRecoveryCode(email);
      toast.success(RECUPERAR_MSG.exito);
    } catch (error) {
      console.error(error);
      toast.error(RECUPERAR_MSG.error);
    } finally {
      setResending(false);
    }
  }

  return (
    <form ref={form.ref} onSubmit={(event) => void submit(event)} noValidate>
      <Form
        errorText={failure}
        errorIconAriaLabel="Error"
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" onClick={() => void resend()} loading={resending} disabled={saving}>
              Reenviar código
            </Button>
            <Button variant="primary" formAction="submit" loading={saving} loadingText="Guardando">
              Cambiar contraseña
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Alert type="info">
            Enviamos un código de verificación a <strong>{email}</strong>.{' '}
            <Link variant="primary" onFollow={onRestart}>
              Usar otro correo
            </Link>
          </Alert>
          <TextField
            form={form}
            field="codigo"
            label="Código de verificación"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            disabled={saving}
            autoFocus
          />
          <PasswordField
            form={form}
            field="password"
            label="Nueva contraseña"
            autoComplete="new-password"
            shown={showPassword}
            onShownChange={setShowPassword}
            hint
            disabled={saving}
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}

/** docs/spec/01.md "Password recovery" (`/cambiar-password`), with Cognito's code step on the same screen. */
export function PasswordRecoveryPage() {
  const follow = useFollow();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle={email ? 'Ingresa el código y tu nueva contraseña' : 'Ingresa tu correo y te enviaremos las instrucciones'}
      footer={
        <Link href="/login" onFollow={follow}>
          Inicia sesión
        </Link>
      }
    >
      {email ? <NewPasswordStep email={email} onRestart={() => setEmail(null)} /> : <EmailStep onSent={setEmail} />}
    </AuthCard>
  );
}
