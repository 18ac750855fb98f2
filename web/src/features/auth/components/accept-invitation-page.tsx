import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { invitacionValidadaSchema, validarInvitacionSchema } from '@shared/schemas/auth.js';
import { INVITACION_MSG } from '@shared/schemas/messages.js';
import { EmailField, PasswordField } from '../../../components/form-fields.js';
import { ApiError, errorMessage, llamar } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { AuthCard, PieIniciaSesion } from './auth-card.js';

/** The link's part that says which invitation: its fragment, which the browser never sends to a server. */
function leerEnlace(hash: string) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const enlace = { empresa: p.get('empresa') ?? '', correo: p.get('correo') ?? '', token: p.get('t') ?? '' };
  return { ...enlace, vacio: !hash.replace(/^#/, ''), completo: validarInvitacionSchema.safeParse({ ...enlace, password: '-' }).success };
}

/**
 * `/validar-cuenta#empresa=…&correo=…&t=…`: a staff member opens the link of the invitation their
 * company's admin sent (internal registration) and types the password the admin gave them; the API
 * then makes the account, verified (docs/decisions/0011).
 */
export function AcceptInvitationPage() {
  const navigate = useNavigate();
  const enlace = leerEnlace(useLocation().hash);
  const form = useZodForm(validarInvitacionSchema, { ...enlace, password: '' });
  const [shown, setShown] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(enlace.completo ? undefined : enlace.vacio ? INVITACION_MSG.sinEnlace : INVITACION_MSG.invalida);
  // A link the API no longer takes (used, expired, its tries spent): nothing left to type.
  const [agotado, setAgotado] = useState(!enlace.completo);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check();
    if (!data || sending) return;
    setSending(true);
    setFailure(undefined);
    try {
      await llamar('POST /registro/invitacion', { body: data, schema: invitacionValidadaSchema, sinSesion: true });
      toast.success(INVITACION_MSG.validada);
      navigate('/login', { replace: true, state: { email: data.correo } });
    } catch (error) {
      // A wrong password is the field's problem; a link that no longer works, the whole screen's.
      if (error instanceof ApiError && error.code === 'contrasena-incorrecta') form.addErrors({ password: error.message });
      else setFailure(errorMessage(error));
      if (error instanceof ApiError && (error.code === 'invitacion-invalida' || error.code === 'cuenta-existente' || (error.code === 'contrasena-incorrecta' && error.message === INVITACION_MSG.contrasena(0)))) setAgotado(true);
      setSending(false);
    }
  }

  return (
    <AuthCard
      title="Valida tu cuenta"
      subtitle="Escribe la contraseña que te dio quien te registró para activar tu cuenta"
      notice={failure && <Alert type="error">{failure}</Alert>}
      footer={<PieIniciaSesion pregunta="¿Ya validaste tu cuenta?" />}
    >
      <form ref={form.ref} onSubmit={(event) => void submit(event)} noValidate>
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={sending} loadingText="Validando" disabled={agotado}>
              Validar cuenta
            </Button>
          }
        >
          <SpaceBetween size="l">
            <EmailField form={form} field="correo" label="Correo electrónico" readOnly />
            <PasswordField
              form={form}
              field="password"
              label="Contraseña"
              autoComplete="new-password"
              shown={shown}
              onShownChange={setShown}
              disabled={sending || agotado}
            />
          </SpaceBetween>
        </Form>
      </form>
    </AuthCard>
  );
}
