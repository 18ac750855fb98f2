import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileDropzone from '@cloudscape-design/components/file-dropzone';
import FileInput, { type FileInputProps } from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useRef, useState } from 'react';
import { useDescarte } from '../../../components/descarte.js';
import type { ServicioDetalle } from '@shared/schemas/mapa.js';
import { FUEC_MSG, MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { UploadProgress } from '../../../components/upload-progress.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { formatCOP, formatDateTime } from '../../../lib/format.js';
import { useMe } from '../../../lib/me/get-me.js';
import { toast } from '../../../lib/toast.js';
import { acceptFor, checkFile, uploadErrorMessage, uploadFile } from '../../../lib/uploads/upload-files.js';
import { diferenciasFuec, useSubirFuec } from '../api/mapa.js';
import { Pares } from '../../../components/pares.js';
import { megabytes } from '@shared/domain/uploads.js';

export interface FuecModalProps {
  servicio: ServicioDetalle;
  onClose: () => void;
  /** After the FUEC is stored: to the reservations (docs/spec/02.md section 2.5). */
  onDone: () => void;
}

const VERIFICACION_TEXTO = { coincide: FUEC_MSG.verificado, 'sin-verificar': FUEC_MSG.sinVerificar, 'no-coincide': FUEC_MSG.conDiferencias } as const;

const con = (...partes: (string | null | undefined)[]) => partes.filter(Boolean).join(' · ') || MAPA_MSG.noRegistrado;

/**
 * docs/spec/02.md section 2.5: 'Información FUEC'. What the affiliating company needs to issue the FUEC, and
 * the file (PDF, JPG or PNG, 2 MB) by drag and drop or click, with its upload percentage. The server
 * checks the file's bytes and the reservation again.
 */
export function FuecModal({ servicio: s, onClose, onDone }: FuecModalProps) {
  const me = useMe();
  const subir = useSubirFuec(s.id);
  const [archivo, setArchivo] = useState<File | null>(null);
  const entrada = useRef<FileInputProps.Ref>(null);
  // Asked after a refusal; done once React has put the chooser back (it is hidden while a file uploads).
  const [enfocarEntrada, setEnfocarEntrada] = useState(0);
  useEffect(() => {
    if (enfocarEntrada) entrada.current?.focus();
  }, [enfocarEntrada]);
  const [progreso, setProgreso] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  // The check found differences: the uploaded file waits (its ticket) for 'Confirmar de todas formas'.
  const [diferencias, setDiferencias] = useState<{ uploadId: string; problemas: string[] } | null>(null);
  const empresa = me.data?.empresa;

  async function elegir(file: File | undefined) {
    // Not while one uploads: the upload under way would be stored as the FUEC, not the file now shown.
    if (!file || progreso !== null) return;
    const problema = await checkFile('fuec', file);
    setError(problema ?? undefined);
    setArchivo(problema ? null : file);
    setProgreso(null);
    setDiferencias(null);
  }

  async function enviar(confirmarDiferencias = false) {
    if (!archivo) return setError(FUEC_MSG.archivoRequerido);
    setError(undefined);
    let uploadId = diferencias?.uploadId;
    try {
      if (!uploadId) {
        setCierrePedido(false);
        setProgreso(0);
        uploadId = await uploadFile('fuec', archivo, setProgreso);
      }
      const res = await subir.mutateAsync({ archivo: uploadId, ...(confirmarDiferencias ? { confirmarDiferencias } : {}) });
      // Stored either way; one that could not be checked, or differs, is said as something to look at.
      (res.verificacion.estado === 'coincide' ? toast.success : toast.warning)(VERIFICACION_TEXTO[res.verificacion.estado], FUEC_MSG.agregado);
      onDone();
    } catch (err) {
      setProgreso(null);
      const problemas = diferenciasFuec(err);
      if (problemas && uploadId) setDiferencias({ uploadId, problemas });
      else {
        setError(uploadErrorMessage(err, errorMessage(err)));
        // Refused for its bytes or its reading, the file is gone from the server too: another is asked for,
        // the focus on its button (the disabled 'Subir FUEC' would leave it nowhere).
        if (err instanceof ApiError && err.status === 400) {
          setArchivo(null);
          setEnfocarEntrada((n) => n + 1);
        }
      }
    }
  }

  const ocupado = progreso !== null;
  // A chosen file is not dropped by a stray Escape (it asks first), nor the dialog closed mid-upload:
  // the X or Escape then says why nothing happens.
  const descarte = useDescarte(onClose, 'El FUEC que elegiste no se subirá.', !!archivo);
  const [cierrePedido, setCierrePedido] = useState(false);
  const cerrar = () => (ocupado ? setCierrePedido(true) : descarte.pedirCierre());
  return (
    <Modal
      visible
      onDismiss={cerrar}
      size="large"
      header={<Header variant="h2">{FUEC_MSG.titulo}</Header>}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={cerrar} disabled={ocupado}>
              Cancelar
            </Button>
            {diferencias ? (
              <Button variant="primary" loading={subir.isPending} onClick={() => void enviar(true)}>
                Confirmar de todas formas
              </Button>
            ) : (
              <Button variant="primary" loading={ocupado} disabled={!archivo} onClick={() => void enviar()}>
                Subir FUEC
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Pares
          columns={2}
          items={[
            { label: 'Empresa de transporte', value: con(empresa?.empresa, empresa?.rut && `NIT ${empresa.rut}`) },
            { label: 'Contratante', value: con(s.operador?.empresa, s.operador?.rut && `NIT ${s.operador.rut}`) },
            { label: 'Objeto del contrato', value: con(s.operador?.nombre, s.clase) },
            { label: 'Ruta', value: [s.origen, ...s.paradas.map((p) => p.location), s.destino].join(' → ') },
            { label: 'Fecha del contrato', value: s.fechaRegreso ? `${formatDateTime(s.fechaSalida)} a ${formatDateTime(s.fechaRegreso)}` : formatDateTime(s.fechaSalida) },
            { label: 'Vehículo', value: con(s.placas, s.marca && `${s.marca} ${s.modelo ?? ''}`.trim(), s.numeroInterno && `N.º interno ${s.numeroInterno}`) },
            { label: 'Conductor', value: con(s.conductor, s.cedulaConductor && `C.C. ${s.cedulaConductor}`, s.licenciaDeConducir && `Licencia ${s.licenciaDeConducir}`) },
            { label: 'Responsable del contratante', value: con(s.operador?.solicitante, s.operador?.telefono) },
            { label: 'Valor de la oferta', value: s.valorOferta === null ? MAPA_MSG.noRegistrado : formatCOP(s.valorOferta) },
          ]}
        />
        <Alert type="info">{FUEC_MSG.nota}</Alert>
        <FormField label="Archivo del FUEC" description="PDF, JPG o PNG, máximo 2 MB" errorText={error}>
          {/* Hidden while the chosen file uploads (Cloudscape's file input has no disabled state). */}
          {!ocupado && (
            <FileDropzone onChange={({ detail }) => void elegir(detail.value[0])}>
              <SpaceBetween size="xs" alignItems="center">
                <Box>{FUEC_MSG.arrastra}</Box>
                <Box variant="small" color="text-body-secondary">
                  {FUEC_MSG.formatos}
                </Box>
                <FileInput ref={entrada} value={archivo ? [archivo] : []} accept={acceptFor('fuec')} onChange={({ detail }) => void elegir(detail.value[0])}>
                  Elegir archivo
                </FileInput>
              </SpaceBetween>
            </FileDropzone>
          )}
        </FormField>
        {diferencias && (
          <Alert type="warning" header={FUEC_MSG.noCoincide}>
            <ul className="fuec-diferencias">
              {diferencias.problemas.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        )}
        {archivo && progreso === null && (
          // Beside the differences too: which file 'Confirmar de todas formas' stores.
          <StatusIndicator type="info">
            {archivo.name} ({archivo.size < 1024 * 1024 ? `${Math.ceil(archivo.size / 1024)} KB` : `${megabytes(archivo.size)} MB`}){' '}
            {diferencias ? 'subido, espera tu confirmación' : 'listo para subir'}
          </StatusIndicator>
        )}
        {archivo && progreso !== null && <UploadProgress item={{ name: archivo.name, phase: 'uploading', progress: progreso }} />}
        <div role="status">{ocupado && cierrePedido && <StatusIndicator type="info">{FUEC_MSG.esperaSubida}</StatusIndicator>}</div>
      </SpaceBetween>
      {descarte.pregunta}
    </Modal>
  );
}
