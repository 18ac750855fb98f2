import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Toggle from '@cloudscape-design/components/toggle';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meResponseSchema, type MeResponse } from '@shared/schemas/empresa.js';
import { errorMessage, llamar } from '../../../lib/api-client.js';
import { storeMe } from '../../../lib/me/get-me.js';
import { showToast } from '../../../lib/toast.js';

/**
 * The expiry alerts by e-mail (docs/decisions/0015), on by default for company admins and marketplace
 * staff: a switch that saves at once.
 */
export function AvisosVencimiento({ me }: { me: MeResponse }) {
  const queryClient = useQueryClient();
  const [guardando, setGuardando] = useState(false);
  const plataforma = me.usuario.role === 'plataforma';
  async function cambiar(activos: boolean) {
    setGuardando(true);
    try {
      storeMe(queryClient, await llamar('PUT /perfil/avisos', { body: { activos }, schema: meResponseSchema }));
      showToast({ type: 'success', content: activos ? 'Recibirás los avisos de vencimiento por correo.' : 'Ya no recibirás los avisos de vencimiento por correo.' });
    } catch (error) {
      showToast({ type: 'error', content: errorMessage(error) });
    } finally {
      setGuardando(false);
    }
  }
  return (
    <Container header={<Header variant="h2" description={
            plataforma
              ? 'Cada documento de los conductores de todas las empresas se avisa a los 30, 15 y 7 días de vencer y el día que vence, en un solo correo al día.'
              : 'Cada documento de tu flota se avisa a los 30, 15 y 7 días de vencer y el día que vence, en un solo correo al día con las reservas en riesgo.'
          }>Avisos de vencimiento</Header>}>
      <Toggle checked={Boolean(me.usuario.avisos)} disabled={guardando} onChange={({ detail }) => void cambiar(detail.checked)}>
        Recibir los avisos por correo en {me.usuario.email}
      </Toggle>
    </Container>
  );
}
