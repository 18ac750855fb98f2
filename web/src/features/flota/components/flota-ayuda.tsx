import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';

const HELP = {
  fotos: {
    title: '¿Por qué subir fotos del vehículo?',
    link: '¿Por qué fotos?',
    body: [
      'Los clientes eligen con más confianza cuando ven el vehículo que los va a transportar: las fotos te ayudan a conseguir más clientes.',
      'Los vehículos con fotos completas tienen hasta un 70% más de probabilidad de ser seleccionados.',
      'Consejos: usa fotos nítidas y bien iluminadas, tomadas desde varios ángulos (frente, lateral, interior, perspectiva y tablero), con el vehículo limpio.',
    ],
  },
  documentos: {
    title: '¿Por qué subir los documentos?',
    link: '¿Por qué documentos?',
    body: [
      'Los documentos demuestran que el vehículo y su conductor operan dentro de la ley.',
      'Dan confianza a los clientes corporativos, que exigen transporte legal y asegurado.',
      'Son obligatorios para operar: la licencia de conducción, el RUT, el SOAT y la tarjeta de propiedad deben estar vigentes.',
    ],
  },
} as const;

/** The help dialogs of the fleet form (docs/spec/02.md section 2.7), opened from a link beside each upload section. */
export function FlotaAyuda({ topic }: { topic: keyof typeof HELP }) {
  const [open, setOpen] = useState(false);
  const help = HELP[topic];
  return (
    <>
      <Link variant="info" onFollow={() => setOpen(true)}>
        {help.link}
      </Link>
      {/* React events bubble through portals: Escape closes this dialog, not the form it was opened from. */}
      <div onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}>
      <Modal
        visible={open}
        onDismiss={() => setOpen(false)}
        header={help.title}
        footer={
          <Box float="right">
            <Button variant="primary" onClick={() => setOpen(false)}>
              Entendido
            </Button>
          </Box>
        }
      >
        <SpaceBetween size="s">
          {help.body.map((text) => (
            <Box variant="p" key={text}>
              {text}
            </Box>
          ))}
        </SpaceBetween>
      </Modal>
      </div>
    </>
  );
}
