import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import { useBorrador, useDescarte } from '../../../components/descarte.js';
import { esFechaValida, hoyEnBogota } from '@shared/domain/vencimientos.js';
import { CampoFecha } from '../../../components/campo-fecha.js';
import { pagoConductorBodySchema, recompensaBodySchema, reembolsoBodySchema, cuentaCambiadaHace, cuentaDe, textoCuenta, type CuentaCambiada, type CuentaDestino, type RecompensaFila } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG, PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { errorMessage } from '../../../lib/api-client.js';
import { fechaEnPalabras, formatCOP, formatCalendarDate, formatDateTime } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { useEnfocarAlAbrir } from '../../../lib/foco.js';
import { checkFile, uploadErrorMessage, uploadFile } from '../../../lib/uploads/upload-files.js';
import { usePagarConductor, usePagarRecompensa, useUltimaRecompensa } from '../api/pagos.js';

/** Where a payout goes: the account of the driver (advance, balance) or of the referrer (reward), with its last change when the list row has it. */
export type Cuenta = CuentaDestino & { cuentaCambiada?: CuentaCambiada | null; telefonoConductor?: string };
export const pagarA = (c: Cuenta | null | undefined): string => (c?.cuenta ? `Pagar a ${textoCuenta(c)}` : 'Sin datos bancarios registrados');
/** Said above a payout form when the account changed lately: the account before, and whom to confirm it with. */
export const avisoCuenta = (c: Cuenta | null | undefined, telefono: string | undefined): string | undefined => {
  const cambio = c?.cuentaCambiada;
  if (!cambio || !cuentaCambiadaHace(cambio, new Date())) return undefined;
  return PAGO_MSG.cuentaReciente(formatDateTime(cambio.en), cambio.por, cambio.anterior ? textoCuenta(cambio.anterior) : null, telefono || null);
};

/** The calendar's day as the user picked it ('YYYY-MM-DD'), whatever the browser's time zone. */
const diaDelCalendario = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The payout form: the day it was paid, the bank's reference, the receipt if there is one. */
export function FormularioPago({
  titulo,
  descripcion,
  conValor,
  ayudaValor,
  aviso,
  enviando,
  onEnviar,
  onCancelar,
  reembolso,
  enfocar,
  desde,
}: {
  titulo: string;
  descripcion?: string;
  conValor?: boolean;
  /** Under the value: what was paid last time (the spec sets no amount). */
  ayudaValor?: string;
  /** A warning above the fields (a recently changed account). */
  aviso?: string;
  enviando: boolean;
  onEnviar: (datos: { fecha: string; referencia: string; valor?: number; comprobante?: string }) => Promise<void>;
  onCancelar?: () => void;
  /** A refund to the client (the same fields, named for what they are). */
  reembolso?: boolean;
  /** The form is the whole dialog: the reference (the day is today's) takes the focus, not the dialog's X. */
  enfocar?: boolean;
  /** The first day that may be chosen ('YYYY-MM-DD'; a refund's, the day it was charged). */
  desde?: string;
}) {
  const referenciaRef = useRef<InputProps.Ref>(null);
  useEnfocarAlAbrir(referenciaRef, !!enfocar);
  // The account is not typed: it is the one shown, sent by the caller.
  const schema = conValor ? recompensaBodySchema.omit({ cuentaVista: true }) : reembolso ? reembolsoBodySchema : pagoConductorBodySchema.omit({ tipo: true, cuentaVista: true });
  // Checked with the API's schema; after the first try each edit checks again (a corrected date clears its message).
  const form = useZodForm(schema, { fecha: hoyEnBogota(), referencia: '', valor: '' }, (v) => ({
    fecha: v.fecha,
    referencia: v.referencia,
    ...(conValor ? { valor: v.valor.trim() === '' ? undefined : Number(v.valor) } : {}),
  }));
  const { fecha, referencia, valor } = form.values;
  const [archivos, setArchivos] = useState<File[]>([]);
  useBorrador(referencia.trim() !== '' || !!valor || archivos.length > 0 || fecha !== hoyEnBogota());
  const [errorComprobante, setErrorComprobante] = useState<string>();
  const [subiendo, setSubiendo] = useState(false);

  // A double click sends once: the second waits for nothing (the button shows 'loading' a render later).
  const enCurso = useRef(false);
  const enviar = async () => {
    if (enCurso.current) return;
    enCurso.current = true;
    try {
      await intentar();
    } finally {
      enCurso.current = false;
    }
  };
  const intentar = async () => {
    const datos = form.check();
    // A refund dated before its charge: said on the day's field, as the API would refuse it.
    if (datos && desde && datos.fecha < desde) return form.addErrors({ fecha: EPAYCO_MSG.reembolsoAntesDelCobro(desde) });
    const archivo = archivos[0];
    const problema = archivo ? await checkFile('comprobantePago', archivo) : null;
    setErrorComprobante(problema ?? undefined);
    if (!datos || problema) return;
    let comprobante: string | undefined;
    try {
      setSubiendo(true);
      if (archivo) comprobante = await uploadFile('comprobantePago', archivo, () => undefined);
    } catch (err) {
      setErrorComprobante(uploadErrorMessage(err));
      return;
    } finally {
      setSubiendo(false);
    }
    await onEnviar({ fecha, referencia: referencia.trim(), ...(conValor ? { valor: Number(valor) } : {}), ...(comprobante ? { comprobante } : {}) });
  };

  return (
    // A real form: Enter in a field registers, and a refused try takes the person to the first field in error.
    <form ref={form.ref} noValidate onSubmit={(e) => (e.preventDefault(), void enviar())}>
      <Form
        header={
          <Header variant="h3" description={descripcion}>
            {titulo}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {onCancelar && (
              <Button formAction="none" onClick={onCancelar}>
                Cancelar
              </Button>
            )}
            <Button variant="primary" loading={enviando || subiendo}>
              {reembolso ? 'Registrar reembolso' : 'Registrar pago'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="s">
          {aviso && <Alert type="warning">{aviso}</Alert>}
          <CampoFecha
            label={reembolso ? 'Fecha del reembolso' : 'Fecha del pago'}
            value={fecha}
            onChange={(v) => form.setField('fecha', v)}
            errorText={form.errors.fecha}
            constraintText={esFechaValida(fecha) ? fechaEnPalabras(fecha) : undefined}
            isDateEnabled={(d) => diaDelCalendario(d) <= hoyEnBogota() && (!desde || diaDelCalendario(d) >= desde)}
          />
          <FormField
            label={reembolso ? 'Referencia del reembolso' : 'Referencia del pago'}
            description={reembolso ? 'La de la devolución en el panel de ePayco, o el número de la transferencia.' : 'El número de la transferencia o consignación.'}
            errorText={form.errors.referencia}
          >
            <Input ref={referenciaRef} value={referencia} onChange={({ detail }) => form.setField('referencia', detail.value)} />
          </FormField>
          {conValor && (
            <FormField label="Valor pagado (COP)" description={ayudaValor} errorText={form.errors.valor} constraintText={valor ? formatCOP(Number(valor)) : undefined}>
              <Input value={valor} inputMode="numeric" onChange={({ detail }) => form.setField('valor', detail.value.replace(/\D/g, ''))} />
            </FormField>
          )}
          <FormField label="Comprobante (opcional)" description="PDF, JPG o PNG de máximo 2MB." errorText={errorComprobante}>
            <FileUpload
              value={archivos}
              onChange={({ detail }) => (setArchivos(detail.value.slice(-1)), setErrorComprobante(undefined))}
              accept="application/pdf,image/jpeg,image/png"
              i18nStrings={{
                uploadButtonText: () => 'Elegir archivo',
                dropzoneText: () => 'Suelta el comprobante aquí',
                removeFileAriaLabel: () => 'Quitar archivo',
                limitShowFewer: 'Ver menos',
                limitShowMore: 'Ver más',
                errorIconAriaLabel: 'Error',
              }}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/**
 * Answers after which a payout form has nothing left to send: it closes, and the refreshed list shows
 * the new account before anything is paid, or the row gone because a colleague registered it (the form
 * stayed open, ready to send again).
 */
const YA_NO_SE_PAGA: readonly string[] = [PAGO_MSG.cuentaCambio, PAGO_MSG.anticipoYaPagado, PAGO_MSG.saldoYaPagado, PAGO_MSG.recompensaYaPagada, PAGO_MSG.recompensaNoDebida];
const cierraElPago = (err: unknown) => YA_NO_SE_PAGA.includes(errorMessage(err));

export function RegistrarPago({ tipo, id, monto, cuenta, onDone }: { tipo: 'anticipo' | 'saldo'; id: string; monto: number; cuenta?: Cuenta | null; onDone: () => void }) {
  const pagar = usePagarConductor();
  return (
    <FormularioPago
      titulo={`Registrar ${tipo === 'anticipo' ? 'anticipo' : 'saldo'} de ${formatCOP(monto)}`}
      // The account is in the list's row; on a phone that column is hidden, so the form says it too.
      descripcion={cuenta === undefined ? undefined : pagarA(cuenta)}
      aviso={avisoCuenta(cuenta, cuenta?.telefonoConductor)}
      enviando={pagar.isPending}
      onEnviar={async (datos) => {
        try {
          // The account shown goes along: the API refuses the payout if it changed meanwhile.
          await pagar.mutateAsync({ id, body: { tipo, fecha: datos.fecha, referencia: datos.referencia, comprobante: datos.comprobante, cuentaVista: cuentaDe(cuenta) } });
          toast.success(PAGO_MSG.pagoRegistrado(`${tipo === 'anticipo' ? 'Anticipo' : 'Saldo'} de ${formatCOP(monto)} registrado`, cuenta?.cuenta ? textoCuenta(cuenta) : null));
          onDone();
        } catch (err) {
          toast.error(errorMessage(err));
          if (cierraElPago(err)) onDone();
        }
      }}
    />
  );
}

/** The referral reward's payout, from the rewards list. */
export function PagoRecompensaModal({ vehiculo, onClose }: { vehiculo: RecompensaFila | null; onClose: () => void }) {
  const pagar = usePagarRecompensa();
  const ultima = useUltimaRecompensa(!!vehiculo).data;
  const r = vehiculo?.referente;
  const referente = r ? `referido por ${r.nombre} (${r.placas})` : `referido por ${vehiculo?.referidoPor ?? ''}`;
  const descarte = useDescarte(onClose, 'Los datos del pago que escribiste no se guardarán.');
  return (
    <Modal visible={!!vehiculo} onDismiss={descarte.pedirCierre} header={<Header variant="h2" description={vehiculo ? `${vehiculo.placas} · ${vehiculo.nombre} · ${referente}` : undefined}>Pagar recompensa por referido</Header>}>
      {descarte.pregunta}
      {vehiculo &&
        descarte.con(
          <FormularioPago
            titulo={r ? pagarA(r) : 'Datos del pago al referente'}
            conValor
            enfocar
            aviso={avisoCuenta(r, r?.telefono)}
            ayudaValor={ultima ? `La última recompensa registrada fue de ${formatCOP(ultima.pago.monto)} (${formatCalendarDate(ultima.pago.fecha)}, ${ultima.placas}).` : undefined}
            onCancelar={descarte.pedirCierre}
            enviando={pagar.isPending}
            onEnviar={async (datos) => {
              try {
                await pagar.mutateAsync({ id: vehiculo.id, body: { fecha: datos.fecha, referencia: datos.referencia, valor: datos.valor!, comprobante: datos.comprobante, cuentaVista: cuentaDe(r) } });
                toast.success(PAGO_MSG.pagoRegistrado(`Recompensa de ${formatCOP(datos.valor!)} registrada`, r?.cuenta ? textoCuenta(r) : null));
                onClose();
              } catch (err) {
                toast.error(errorMessage(err));
                if (cierraElPago(err)) onClose();
              }
            }}
          />,
        )}
    </Modal>
  );
}
