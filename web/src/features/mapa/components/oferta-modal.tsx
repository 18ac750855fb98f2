import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useRef, useState, type FormEvent } from 'react';
import { OFERTA_MAXIMA, precioDeTexto, redondearOferta } from '@shared/domain/ofertas.js';
import type { ServicioDetalle } from '@shared/schemas/mapa.js';
import { OFERTA_MSG } from '@shared/schemas/messages-servicios.js';
import { UploadProgress } from '../../../components/upload-progress.js';
import { useDescarte } from '../../../components/descarte.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useEnfocarAlAbrir } from '../../../lib/foco.js';
import { formatCOP, formatDate, formatDateTime, formatTime } from '../../../lib/format.js';
import { useMe } from '../../../lib/me/get-me.js';
import { toast } from '../../../lib/toast.js';
import { acceptFor, checkFile, uploadErrorMessage, uploadFile } from '../../../lib/uploads/upload-files.js';
import { useOfertar } from '../api/mapa.js';
import { Pares } from '../../../components/pares.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';

type Pdf = { name: string; progress: number; uploadId: string | null };

/** The cap's digits: typing stops there, so the box never shows an amount it would refuse. */
const MAX_DIGITOS = String(OFERTA_MAXIMA).length;

export interface OfferModalProps {
  servicio: ServicioDetalle;
  onClose: () => void;
  /** After the offer is stored: back to the map (docs/spec/02.md section 4.4). */
  onSent: () => void;
}

/**
 * docs/spec/02.md sections 2.3, 4.4 and 5.1: 'Realiza tu oferta por este servicio'. The price is typed as
 * digits, confirmed rounded up to the next 1000 ('Si' locks it, 'No' starts over), then sent. The
 * server rounds and checks again; these checks are for comfort.
 */
export function OfertaModal({ servicio, onClose, onSent }: OfferModalProps) {
  const me = useMe();
  const ofertar = useOfertar(servicio.id);
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string>();
  const [confirmando, setConfirmando] = useState(false);
  const [bloqueado, setBloqueado] = useState<number | null>(null);
  const [conPdf, setConPdf] = useState(false);
  const [pdf, setPdf] = useState<Pdf | null>(null);
  const [pdfError, setPdfError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const precioRef = useRef<InputProps.Ref>(null);
  // A comma starts cents in Colombia, which a price in pesos has not: kept in sight with its message until
  // taken out ("850.000,50" read 85000050 when the comma was dropped, or when only the comma was refused).
  const conCentavos = texto.includes(',');
  const precio = conCentavos ? null : precioDeTexto(texto);
  const faltaPdf = conPdf && !pdf?.uploadId;
  const redondeado = precio ? redondearOferta(precio) : 0;
  // The one thing to type takes the focus once the dialog is up, not its X.
  useEnfocarAlAbrir(precioRef);
  // A typed price or a chosen PDF is not lost to a stray Escape: it asks first (a sent offer closes at once).
  const descarte = useDescarte(onClose, 'La oferta que preparaste no se enviará.', texto !== '' || bloqueado !== null || pdf !== null);

  function confirmar(event?: FormEvent) {
    event?.preventDefault();
    if (faltaPdf) return setPdfError(OFERTA_MSG.pdfRequerido);
    const problema = conCentavos ? OFERTA_MSG.sinCentavos : !precio || precio <= 0 ? OFERTA_MSG.valorInvalido : redondeado > OFERTA_MAXIMA ? OFERTA_MSG.maximo : undefined;
    setError(problema);
    // The field in error takes the focus, as in every other form, so its message is read.
    if (problema) return precioRef.current?.focus();
    setConfirmando(true);
  }

  async function elegirPdf(file: File | undefined) {
    if (!file) return;
    const problema = await checkFile('cotizacion', file);
    // Messages stay inside the dialog (a toast would cover its header).
    if (problema) {
      setPdf(null);
      setPdfError(problema);
      return;
    }
    setPdfError(undefined);
    setPdf({ name: file.name, progress: 0, uploadId: null });
    try {
      const uploadId = await uploadFile('cotizacion', file, (progress) => setPdf((p) => p && { ...p, progress }));
      setPdf({ name: file.name, progress: 100, uploadId });
    } catch (err) {
      setPdf(null);
      setPdfError(uploadErrorMessage(err));
    }
  }

  async function enviar() {
    if (bloqueado === null || bloqueado <= 0) return toast.error(OFERTA_MSG.registreValida);
    if (faltaPdf) return toast.error(OFERTA_MSG.pdfRequerido);
    try {
      await ofertar.mutateAsync({ precio: bloqueado, ...(pdf?.uploadId ? { cotizacion: pdf.uploadId } : {}) });
      toast.success(OFERTA_MSG.enviada);
      onSent();
    } catch (err) {
      toast.error(errorMessage(err), OFERTA_MSG.error);
    }
  }

  const soloLectura: [string, string][] = [
    ['Empresa', me.data?.empresa?.empresa ?? ''],
    // docs/spec/02.md section 5.1: who asked for the service, read-only.
    ['Solicitante', servicio.solicitante],
    ['Tipo de vehículo', textoTipoVehiculo(servicio.tipo)],
    ['Pasajeros', String(servicio.pasajeros)],
    ['Fecha de salida', formatDate(servicio.fechaSalida)],
    ['Hora de salida', formatTime(servicio.fechaSalida)],
    ['Regreso', servicio.fechaRegreso ? formatDateTime(servicio.fechaRegreso) : 'No contrató retorno'],
    ['Origen', servicio.origen],
    ['Destino', servicio.destino],
  ];

  return (
    <>
      {/* Escape in the confirmation closes it, not the offer underneath. */}
      <div onKeyDown={(e) => e.key === 'Escape' && confirmando && e.stopPropagation()}>
        <Modal
          visible
          onDismiss={descarte.pedirCierre}
          size="medium"
          header={<Header variant="h2">Realiza tu oferta por este servicio</Header>}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" onClick={descarte.pedirCierre}>
                  Cancelar
                </Button>
                {bloqueado === null ? (
                  <Button variant="primary" formAction="none" disabled={faltaPdf} disabledReason={OFERTA_MSG.subePdfPrimero} onClick={() => confirmar()}>
                    Confirme su Oferta
                  </Button>
                ) : (
                  <Button variant="primary" formAction="none" loading={ofertar.isPending} onClick={() => void enviar()}>
                    Enviar Oferta
                  </Button>
                )}
              </SpaceBetween>
            </Box>
          }
        >
          <form onSubmit={(e) => (bloqueado === null ? confirmar(e) : (e.preventDefault(), void enviar()))} noValidate>
            <Form header={<Header variant="h3">Envía tu oferta</Header>}>
              <SpaceBetween size="m">
                <FormField
                  label="Valor de la oferta (COP)"
                  description={bloqueado !== null ? OFERTA_MSG.valorConfirmado : faltaPdf ? OFERTA_MSG.subePdfPrimero : 'Solo números; se redondea al siguiente múltiplo de $\u00a01.000'}
                  constraintText={precio && bloqueado === null && !error ? `Se ofertará ${formatCOP(redondeado)}` : undefined}
                  errorText={error}
                >
                  <Input
                    ref={precioRef}
                    value={bloqueado !== null ? formatCOP(bloqueado) : texto}
                    onChange={({ detail }) => {
                      // Dots, spaces and letters go; a comma stays, said at once (see `conCentavos`).
                      const limpio = detail.value.replace(/[^\d,]+/g, '');
                      const coma = limpio.includes(',');
                      setTexto(limpio.slice(0, coma ? MAX_DIGITOS + 3 : MAX_DIGITOS));
                      setError(coma ? OFERTA_MSG.sinCentavos : undefined);
                    }}
                    onKeyDown={(e) => {
                      // Its default would reach the confirmation's focused button and answer it at once.
                      if (e.detail.key !== 'Enter' || bloqueado !== null) return;
                      e.preventDefault();
                      confirmar();
                    }}
                    inputMode="numeric"
                    placeholder="Ej. 850000"
                    readOnly={bloqueado !== null}
                    disabled={faltaPdf && bloqueado === null}
                    ariaRequired
                  />
                </FormField>
                <Checkbox
                  checked={conPdf}
                  disabled={bloqueado !== null}
                  onChange={({ detail }) => {
                    setConPdf(detail.checked);
                    if (!detail.checked) {
                      setPdf(null);
                      setPdfError(undefined);
                    }
                  }}
                >
                  Adjuntar PDF de cotización
                </Checkbox>
                {conPdf && (
                  <FormField label="PDF de cotización" description="Solo PDF, máximo 2 MB" errorText={pdfError}>
                    <SpaceBetween size="xs">
                      <input
                        ref={fileInput}
                        type="file"
                        accept={acceptFor('cotizacion')}
                        hidden
                        onChange={(e) => {
                          void elegirPdf(e.target.files?.[0]);
                          e.target.value = '';
                        }}
                      />
                      <Button formAction="none" iconName="upload" disabled={bloqueado !== null} onClick={() => fileInput.current?.click()}>
                        {pdf ? 'Cambiar PDF' : 'Elegir PDF'}
                      </Button>
                      {pdf && <UploadProgress item={{ name: pdf.name, phase: pdf.uploadId ? 'done' : 'uploading', progress: pdf.progress }} />}
                      {pdf?.uploadId && <StatusIndicator type="success">{OFERTA_MSG.pdfSubido}</StatusIndicator>}
                    </SpaceBetween>
                  </FormField>
                )}
                {/* The service's data, read-only (docs/spec/02.md section 5.1), below the one thing to type. */}
                <Pares columns={2} items={soloLectura.map(([label, value]) => ({ label, value }))} />
              </SpaceBetween>
            </Form>
          </form>
          {descarte.pregunta}
        </Modal>
      </div>
      <Modal
        visible={confirmando}
        onDismiss={() => setConfirmando(false)}
        header={<Header variant="h2">Confirme su oferta</Header>}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                onClick={() => {
                  setTexto('');
                  setError(undefined);
                  setConfirmando(false);
                }}
              >
                No
              </Button>
              <Button
                variant="primary"
                onClick={() => {
                  setBloqueado(redondeado);
                  setConfirmando(false);
                }}
              >
                Si
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="s">
          <Box variant="p">
            El valor de su oferta, redondeado al siguiente múltiplo de $&nbsp;1.000, es <strong>{formatCOP(redondeado)}</strong>.
          </Box>
          <Box variant="p">¿Está de acuerdo con este valor?</Box>
        </SpaceBetween>
      </Modal>
    </>
  );
}
