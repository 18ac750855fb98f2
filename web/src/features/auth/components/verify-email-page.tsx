import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { verifyEmailSchema } from '@shared/schemas/auth.js';
import { EmailField, TextField } from '../../../components/form-fields.js';
import { useFollow, type FollowEvent } from '../../../lib/navigation.js';
import { toast } from '../../../lib/toast.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../api/auth-context.js';
import { readAccountNavState } from '../api/paths.js';
import { cerrarSesion, resendVerificationCode, verifyEmail } from '../api/sign-up.js';
import { AuthCard, PieIniciaSesion } from './auth-card.js';

export const VERIFIED_MSG = 'Correo verificado correctamente. Ya puedes iniciar sesión.';
export const CODE_SENT_MSG = 'Te enviamos un nuevo código de verificación. Revisa tu correo.';
/** The code is tried in the account's own session (docs/decisions/0010): without one, sign in first. */
export const INICIA_SESION_MSG = 'Inicia sesión con tu correo y tu contraseña para escribir el código: te traeremos de vuelta a esta pantalla.';
const sinSesion = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * `/verificar-correo?email=...`: new accounts confirm their e-mail with the code the API sent (docs/spec/01.md
 * section 4: "New company users must verify their e-mail before access"; docs/decisions/0010), in their own
 * session: the sign-up and the sign-in open one before coming here, and the address shown is its.
 */
const CODE_ERRORS = new Set(['codigo-incorrecto', 'codigo-vencido']);

export function VerifyEmailPage() {
  const follow = useFollow();
  const { markSignedOut } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { notice } = readAccountNavState(useLocation().state);
  const form = useZodForm(verifyEmailSchema, { email: params.get('email') ?? '', codigo: '' });
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check();
    if (!data || verifying) return;
    setVerifying(true);
    setFailure(undefined);
    try {
      await verifyEmail(data.codigo);
      // Signed out already: the screens that follow must not take the old session to the panel.
      markSignedOut();
      toast.success(VERIFIED_MSG);
      navigate('/login', { replace: true, state: { email: data.email } });
    } catch (error) {
      // A wrong or expired code is the code field's problem: said next to it, like its format.
      if (error instanceof ApiError && CODE_ERRORS.has(error.code)) form.addErrors({ codigo: error.message });
      else setFailure(sinSesion(error) ? INICIA_SESION_MSG : errorMessage(error));
      setVerifying(false);
    }
  }

  /** To the sign-in without this screen's session (an unverified account's), so the sign-in starts afresh. */
  async function aLogin(event: FollowEvent) {
    event.preventDefault();
    await cerrarSesion();
    markSignedOut();
    follow(event);
  }

  async function resend() {
    setResending(true);
    setFailure(undefined);
    try {
      await resendVerificationCode();
      toast.success(CODE_SENT_MSG);
    } catch (error) {
      setFailure(sinSesion(error) ? INICIA_SESION_MSG : errorMessage(error));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title="Verifica tu correo"
      subtitle="Ingresa el código de 6 dígitos que enviamos a tu correo electrónico"
      notice={
        (notice || failure) && (
          <SpaceBetween size="s">
            {notice && <Alert type="success">{notice}</Alert>}
            {failure && (
              <Alert type="error" dismissible onDismiss={() => setFailure(undefined)}>
                {failure}
              </Alert>
            )}
          </SpaceBetween>
        )
      }
      footer={<PieIniciaSesion pregunta="¿Ya verificaste tu cuenta?" onFollow={(event) => void aLogin(event)} />}
    >
      <form ref={form.ref} onSubmit={(event) => void submit(event)} noValidate>
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={() => void resend()} loading={resending} disabled={verifying}>
                Reenviar código
              </Button>
              <Button variant="primary" formAction="submit" loading={verifying} loadingText="Verificando">
                Verificar
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <EmailField form={form} field="email" label="Correo electrónico" autoComplete="email" readOnly constraintText="La cuenta con la que iniciaste sesión." />
            <TextField
              form={form}
              field="codigo"
              label="Código de verificación"
              constraintText="Si no lo encuentras, revisa la carpeta de spam o pulsa Reenviar código."
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              disabled={verifying}
              autoFocus={!!form.values.email}
            />
          </SpaceBetween>
        </Form>
      </form>
    </AuthCard>
  );
}
