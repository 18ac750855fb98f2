import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { accionDe, BOTON_ACCION, listaDe, listaPorId, sinCalificacion, type AccionProveedor, type TipoProveedor } from '@shared/domain/proveedores.js';
import { PROVEEDOR_MSG, suspensionBodySchema } from '@shared/schemas/proveedores.js';
import { HistorialLista } from '../../../components/historial-lista.js';
import { SafeImage } from '../../../components/safe-image.js';
import { StatusText } from '../../../components/status-text.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { useAccionProveedor, useProveedor, type AccionPanel } from '../api/proveedores.js';
import { Pares } from '../../../components/pares.js';
import { Reintentar } from '../../../components/reintentar.js';
import { VistaArchivos } from '../../../components/vista-archivos.js';

/** docs/spec/01.md section 2: the rating as stars, at most five. */
export function Estrellas({ valor }: { valor: number }) {
  const llenas = Math.max(0, Math.min(5, Math.round(valor)));
  const texto = `Calificación ${valor.toLocaleString('es-CO', { maximumFractionDigits: 1 })} de 5`;
  return (
    <span className="estrellas" role="img" aria-label={texto} title={texto}>
      {'★'.repeat(llenas)}
      <span className="estrellas__vacias">{'★'.repeat(5 - llenas)}</span>
    </span>
  );
}

/** The stars, or 'Sin calificaciones aún' for a provider nobody has rated (shared/domain/proveedores.ts `sinCalificacion`). */
export function Calificacion({ fila }: { fila: Parameters<typeof sinCalificacion>[0] }) {
  if (sinCalificacion(fila))
    return (
      <Box variant="small" color="text-body-secondary">
        Sin calificaciones aún
      </Box>
    );
  return <Estrellas valor={fila.rating} />;
}

const TEXTO_EXITO: Record<AccionPanel['que'], (tipo: TipoProveedor, suspendido?: boolean) => string> = {
  validar: (tipo) => (tipo === 'conductor' ? PROVEEDOR_MSG.validadoConductor : PROVEEDOR_MSG.validadoGuia),
  bienvenida: () => PROVEEDOR_MSG.bienvenidaEnviada,
  suspension: (_, suspendido) => (suspendido ? PROVEEDOR_MSG.suspendido : PROVEEDOR_MSG.reactivado),
};

const CONFIRMAR: Record<AccionProveedor, string> = { validar: 'Confirmar validación', bienvenida: 'Confirmar envío' };

/**
 * The provider's detail (docs/spec/01.md section 2, "Admin users panel"): photo (default picture when there
 * is none), rating, name and key data, its files, its trail; the action its list offers, and
 * suspending or reactivating with a reason. After an action the panel goes back to its start.
 */
export function ProveedorDetalleModal({ tipo, id, onClose, onDone }: { tipo: TipoProveedor; id: string | null; onClose: () => void; onDone: () => void }) {
  const detalle = useProveedor(tipo, id);
  const accion = useAccionProveedor();
  const [suspendiendo, setSuspendiendo] = useState(false);
  // Validating and welcoming cannot be undone (a list change, an e-mail sent once): a second click confirms.
  const [confirmando, setConfirmando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [motivoError, setMotivoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const d = detalle.data;
  const lista = d?.lista ? listaPorId(d.lista) : null;
  const disponible = d ? accionDe(tipo, lista?.estado ?? null) : null;
  const yaEnviada = disponible === 'bienvenida' && !!d?.fila.bienvenidaEnviada;

  const cerrar = () => {
    setSuspendiendo(false);
    setConfirmando(false);
    setMotivo('');
    setMotivoError(null);
    setError(null);
    onClose();
  };

  const ejecutar = (a: AccionPanel) => {
    setError(null);
    accion.mutate(a, {
      onSuccess: (r) => {
        toast.success(TEXTO_EXITO[a.que](tipo, r.fila.suspendido));
        cerrar();
        onDone();
      },
      onError: (err) => {
        setError(errorMessage(err));
        // The detail is asked again (it may have changed): staff look at it before confirming again.
        setConfirmando(false);
      },
    });
  };

  const suspender = () => {
    const body = suspensionBodySchema.safeParse({ suspendido: true, motivo });
    if (!body.success) return setMotivoError(body.error.issues[0]!.message);
    ejecutar({ tipo, id: id!, que: 'suspension', body: body.data });
  };

  const footer = d && (
    <Box float="right">
      {/* Each pair of buttons in its own row group: as a fragment they were one child, wrapping with no gap on a phone. */}
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={cerrar}>
          Cerrar
        </Button>
        {suspendiendo ? (
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => (setSuspendiendo(false), setMotivo(''), setMotivoError(null))}>Cancelar suspensión</Button>
            <Button variant="primary" loading={accion.isPending} onClick={suspender}>
              Confirmar suspensión
            </Button>
          </SpaceBetween>
        ) : confirmando && disponible ? (
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => setConfirmando(false)}>Cancelar</Button>
            <Button
              variant="primary"
              loading={accion.isPending}
              onClick={() => ejecutar(disponible === 'validar' ? { tipo, id: id!, que: 'validar', body: { version: d.version } } : { tipo, id: id!, que: disponible })}
            >
              {CONFIRMAR[disponible]}
            </Button>
          </SpaceBetween>
        ) : (
          <SpaceBetween direction="horizontal" size="xs">
            {d.fila.suspendido ? (
              <Button loading={accion.isPending} onClick={() => ejecutar({ tipo, id: id!, que: 'suspension', body: { suspendido: false } })}>
                Reactivar
              </Button>
            ) : (
              <Button onClick={() => setSuspendiendo(true)}>Suspender</Button>
            )}
            {disponible && !yaEnviada && (
              <Button variant="primary" onClick={() => setConfirmando(true)}>
                {BOTON_ACCION[tipo][disponible]}
              </Button>
            )}
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Box>
  );

  return (
    <Modal visible={!!id} onDismiss={cerrar} header={d?.fila.nombre ?? 'Detalle del proveedor'} size="large" footer={footer}>
      {detalle.isPending ? (
        <Spinner size="large" />
      ) : detalle.isError ? (
        <Alert type="error" action={<Reintentar consulta={detalle} />}>
          {errorMessage(detalle.error)}
        </Alert>
      ) : (
        d && (
          <SpaceBetween size="l">
            {error && <Alert type="error">{error}</Alert>}
            <div className="proveedor-cabecera">
              <SafeImage className="proveedor-foto" src={d.imagenUrl} alt={`Foto de ${d.fila.nombre}`} />
              <SpaceBetween size="xxs">
                <Box variant="h2" tagOverride="p">
                  {d.fila.nombre}
                </Box>
                <Calificacion fila={d.fila} />
                <SpaceBetween direction="horizontal" size="xs">
                  {lista ? <Badge color={lista.estado === 'activo' ? 'green' : lista.estado === 'nuevo' ? 'blue' : 'severity-medium'}>{lista.titulo}</Badge> : <Badge>Sin lista</Badge>}
                  {d.fila.suspendido && <Badge color="red">Suspendido</Badge>}
                </SpaceBetween>
                <Box variant="small" color="text-body-secondary">
                  Registrado el {formatDateTime(d.fila.fechaCreacion)}
                  {d.viajesRealizados !== undefined ? ` · ${d.viajesRealizados} viajes realizados` : ''}
                </Box>
              </SpaceBetween>
            </div>
            {/* Read out as it appears: the button that asked for it is gone, the focus on 'Cancelar'. */}
            <div aria-live="polite">
              {confirmando && disponible && (
                <Alert type="warning" header={disponible === 'validar' ? `¿Validar a ${d.fila.nombre}?` : `¿Enviar el correo de bienvenida a ${d.fila.nombre}?`}>
                  {disponible === 'validar'
                    ? `Pasará a ${listaDe(tipo, 'activo')?.titulo ?? 'los activos'} y podrá recibir servicios de la plataforma.`
                    : 'El correo de bienvenida se envía una sola vez.'}
                </Alert>
              )}
            </div>
            {d.fila.suspendido && d.motivoSuspension && <Alert type="warning" header="Suspendido">{d.motivoSuspension}</Alert>}
            {yaEnviada && <StatusText type="info">{`Correo de bienvenida enviado el ${formatDateTime(d.fila.bienvenidaEnviada!)}`}</StatusText>}
            <Pares columns={2} items={d.datos.map((x) => ({ label: x.etiqueta, value: x.valor }))} />
            <div>
              <Box variant="h3">Fotos y documentos</Box>
              {d.documentos.length ? (
                <VistaArchivos archivos={d.documentos} etiqueta={`Fotos y documentos de ${d.fila.nombre}`} />
              ) : (
                <Box color="text-body-secondary">Aún no ha enviado fotos ni documentos.</Box>
              )}
            </div>
            {suspendiendo && (
              <FormField label="Motivo de la suspensión" errorText={motivoError} description="Queda en el historial del proveedor.">
                <Textarea autoFocus value={motivo} onChange={({ detail }) => (setMotivo(detail.value), setMotivoError(null))} ariaRequired rows={3} />
              </FormField>
            )}
            <ExpandableSection headerText="Historial" variant="container">
              <HistorialLista entradas={d.historial} etiqueta="Historial del proveedor" />
            </ExpandableSection>
          </SpaceBetween>
        )
      )}
    </Modal>
  );
}
