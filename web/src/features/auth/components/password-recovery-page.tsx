import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { passwordRecoverySchema, newPasswordStepSchema } from '../../../../../shared/schemas/auth.js';
import { RECUPERAR_MSG } from '../../../../../shared/schemas/messages.js';
import { PASSWORD_HINT, PasswordToggle } from '../../../components/password-toggle.js';
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
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={sending} loadingText="Enviando">
            Enviar instrucciones
          </Button>
        }
      >
        <FormField
          label="Correo electrónico"
          description="Te enviaremos un código para que puedas elegir una nueva contraseña."
          errorText={form.errors.email}
          stretch
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="nombre@empresa.com"
            value={form.values.email}
            onChange={({ detail }) => form.setField('email', detail.value)}
            invalid={!!form.errors.email}
            disabled={sending}
          />
        </FormField>
      </Form>
    </form>
  );
}

/** Step 2: the code from the e-mail and the new password. */
function NewPasswordStep({ email, onRestart }: { email: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const form = useZodForm(newPasswordStepSchema, { codigo: '', password: '' });
  const { values, errors, setField } = form;
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
    <form onSubmit={(event) => void submit(event)} noValidate>
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
          <FormField label="Código de verificación" errorText={errors.codigo} stretch>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              value={values.codigo}
              onChange={({ detail }) => setField('codigo', detail.value)}
              invalid={!!errors.codigo}
              disabled={saving}
              autoFocus
            />
          </FormField>
          <FormField
            label="Nueva contraseña"
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
              disabled={saving}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/** Spec 01 "Password recovery" (`/cambiar-password`), with Cognito's code step on the same screen. */
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
