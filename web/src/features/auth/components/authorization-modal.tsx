import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useId, useState, type FormEvent } from 'react';

interface AuthorizationModalProps {
  visible: boolean;
  submitting: boolean;
  /** 'Clave de autorización incorrecta' after the server refused the key. */
  error?: string;
  onCancel: () => void;
  onAccept: (key: string) => void;
}

/** docs/spec/01.md "Sign-up": the staff's authorization key, asked for after the form is valid. */
export function AuthorizationModal({ visible, submitting, error, onCancel, onAccept }: AuthorizationModalProps) {
  const formId = useId();
  const [key, setKey] = useState('');

  // A new opening starts empty; the key is never kept around.
  useEffect(() => {
    if (!visible) setKey('');
  }, [visible]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onAccept(key);
  }

  return (
    <Modal
      visible={visible}
      onDismiss={onCancel}
      header="Autorización Requerida"
      closeAriaLabel="Cerrar"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel} disabled={submitting}>
              Cancelar
            </Button>
            <Button variant="primary" form={formId} formAction="submit" loading={submitting} loadingText="Verificando clave">
              Aceptar
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <SpaceBetween size="m">
          <Box variant="p">Para crear una cuenta de empresa ingresa la clave que te entregó el equipo de TransAliadas.</Box>
          <FormField label="Clave de autorización" errorText={error} stretch>
            <Input
              type="password"
              autoComplete="off"
              autoFocus
              value={key}
              onChange={({ detail }) => setKey(detail.value)}
              invalid={!!error}
              disabled={submitting}
            />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
