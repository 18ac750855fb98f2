import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO } from '@shared/domain/uploads.js';
import { esFechaValida, hoyEnBogota } from '@shared/domain/vencimientos.js';
import { onlyDigits } from '@shared/schemas/digits.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { cuentaDestinoSchema } from '@shared/schemas/pagos.js';
import { AMENIDADES, VEHICLE_TYPES, VEHICULO_CAMPOS, type Amenidad, type DocumentoVehiculo, type FotoVehiculo, type Vehiculo, type VehiculoDetalle } from '@shared/schemas/vehiculo.js';
import { FECHAS_FUTURAS, problemasDeFechas, SOLO_LECTURA, vehiculoEdicionSchema, vehiculoNuevoSchema } from '@shared/schemas/vehiculo-formulario.js';
import { TextField, type FieldForm } from '../../../components/form-fields.js';
import { SelectField } from '../../../components/select-field.js';
import { useDescarte } from '../../../components/descarte.js';
import { ApiError } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { useMe } from '../../../lib/me/get-me.js';
import { uploadErrorMessage } from '../../../lib/uploads/upload-files.js';
import { apiFieldErrors, useZodForm, type FieldErrors } from '../../../lib/use-zod-form.js';
import { FileSlots } from './file-slots.js';
import { FlotaAyuda } from './flota-ayuda.js';
import { Section } from './section.js';
import { DOCUMENTO_LABELS, FOTO_LABELS } from '../labels.js';
import { archivosRechazados, FechaDeDocumento, uploadSlots, usePlacaCheck } from './vehiculo-form-campos.js';
import { CampoFecha } from '../../../components/campo-fecha.js';
import { BANCOS_OFRECIDOS, CIUDADES, opcionesDe, textoBanco, textoTipoCuenta, textoTipoVehiculo, TIPOS_CUENTA, type Banco } from '@shared/domain/etiquetas.js';
import { RUT_AYUDA } from '@shared/schemas/rut.js';

const FOTO_SLOTS = FOTOS_VEHICULO.map((slot) => ({ slot, label: FOTO_LABELS[slot] }));

const DOC_SLOTS = DOCUMENTOS_VEHICULO.map((slot) => ({ slot, label: DOCUMENTO_LABELS[slot] }));

// Stored values, shown by their labels; the profile's same lists (shared/domain/etiquetas.ts).
const TIPO_OPTIONS: SelectProps.Option[] = opcionesDe(VEHICLE_TYPES, textoTipoVehiculo);

const CIUDAD_OPTIONS: SelectProps.Option[] = CIUDADES.map(({ value, label }) => ({ value, label }));

/** Today's banks; a vehicle that keeps one no longer offered (Nequi, say) shows it too, so its edit keeps it. */
const bancoOptions = (actual: string): SelectProps.Option[] => opcionesDe(actual && !BANCOS_OFRECIDOS.includes(actual as Banco) ? [...BANCOS_OFRECIDOS, actual] : BANCOS_OFRECIDOS, textoBanco);

const TIPO_CUENTA_OPTIONS: SelectProps.Option[] = opcionesDe(TIPOS_CUENTA, textoTipoCuenta);

type TextKey = keyof typeof VEHICULO_CAMPOS;

type Values = Record<TextKey, string> & Record<Amenidad, boolean> & { terminos: boolean };

const TEXT_KEYS = Object.keys(VEHICULO_CAMPOS) as TextKey[];

/** A calendar's day ('YYYY-MM-DD'): the picker gives it as local midnight. */
const diaLocal = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const AMENIDAD_KEYS = Object.keys(AMENIDADES) as Amenidad[];

const CUENTA_CAMPOS = cuentaDestinoSchema.shape;

function initialValues(vehiculo?: Vehiculo): Values {
  const text = Object.fromEntries(TEXT_KEYS.map((k) => [k, vehiculo ? String(vehiculo[k] ?? '') : ''])) as Record<TextKey, string>;
  const amenidades = Object.fromEntries(AMENIDAD_KEYS.map((k) => [k, vehiculo?.[k] ?? false])) as Record<Amenidad, boolean>;
  return { ...text, ...amenidades, terminos: !!vehiculo };
}

/** What the schemas take: the read-only fields are never sent on an edit. */
function toInput(values: Values, mode: Mode) {
  if (mode === 'crear') return values;
  const rest: Partial<Values> = { ...values };
  for (const k of SOLO_LECTURA) delete rest[k];
  delete rest.terminos;
  return rest;
}

type Mode = 'crear' | 'editar';

interface VehicleFormProps {
  mode: Mode;
  /** Editing: the vehicle and its files' URLs. */
  detalle?: VehiculoDetalle;
  /** Sends the checked data with the upload ids of the new files; rejects with the API's error. */
  save: (body: Record<string, unknown>) => Promise<unknown>;
  onSaved: () => void;
  onDismiss: () => void;
}

/**
 * 'Agregar Nuevo Vehículo' and 'Editar Información del Vehículo' (docs/spec/02.md sections 2.7, 5.2, 5.3):
 * the same sections; on an edit plate, brand, model, type, capacity, colour, driver e-mail and
 * property card are read-only and the terms are already accepted. Files upload when the form is
 * saved, with their progress, and the API checks them again.
 */
export function VehiculoFormModal({ mode, detalle, save, onSaved, onDismiss }: VehicleFormProps) {
  const formId = useId();
  const vehiculo = detalle?.vehiculo;
  const schema = mode === 'crear' ? vehiculoNuevoSchema : vehiculoEdicionSchema;
  const form = useZodForm(schema, () => initialValues(vehiculo), (v: Values) => toInput(v, mode));
  const [fotos, setFotos] = useState<Partial<Record<FotoVehiculo, File>>>({});
  const [documentos, setDocumentos] = useState<Partial<Record<DocumentoVehiculo, File>>>({});
  const [progress, setProgress] = useState<Partial<Record<FotoVehiculo | DocumentoVehiculo, number>>>({});
  /** Files the API refused on saving (a PDF cut off, say), each under its slot until another is chosen there. */
  const [rechazados, setRechazados] = useState<Partial<Record<FotoVehiculo | DocumentoVehiculo, string>>>({});
  // The save button is at the bottom and the slots further up: the first refused file is brought into view.
  useEffect(() => {
    if (Object.keys(rechazados).length) document.querySelector('.file-slots__error')?.scrollIntoView({ block: 'center' });
  }, [rechazados]);
  const elegir =
    <S extends FotoVehiculo | DocumentoVehiculo>(set: (next: Partial<Record<S, File>>) => void, antes: Partial<Record<S, File>>) =>
    (next: Partial<Record<S, File>>) => {
      const cambiados = (Object.keys(next) as S[]).filter((s) => next[s] !== antes[s]);
      if (cambiados.length) setRechazados((r) => Object.fromEntries(Object.entries(r).filter(([s]) => !cambiados.includes(s as S))));
      set(next);
    };
  const [busy, setBusy] = useState(false);
  const [initial] = useState(() => JSON.stringify(initialValues(vehiculo)));
  const dirty = JSON.stringify(form.values) !== initial || Object.keys(fotos).length > 0 || Object.keys(documentos).length > 0;
  /** A long form is not thrown away by a stray Escape or click outside: it asks first. */
  const descarte = useDescarte(onDismiss, 'Los datos y archivos que agregaste en este formulario no se guardarán.', dirty);
  const requestClose = () => {
    if (!busy) descarte.pedirCierre();
  };
  const placa = usePlacaCheck(mode === 'crear' ? form.values.placas : '');

  // The driver's payout account: only the company's admins change it (the API refuses anyone else).
  const me = useMe();
  const cuentaFija = mode === 'editar' && me.data?.usuario.role !== 'admin';
  const readOnly = (k: TextKey) => mode === 'editar' && ((SOLO_LECTURA as readonly string[]).includes(k) || (cuentaFija && Object.hasOwn(CUENTA_CAMPOS, k)));
  const textForm = form as unknown as FieldForm<TextKey>;
  const digitsForm: FieldForm<TextKey> = { ...textForm, setField: (field, value) => form.setField(field, onlyDigits(value)) };
  // Plates show upper case as they are typed (docs/spec/02.md section 5.3).
  const upperForm: FieldForm<TextKey> = { ...textForm, setField: (field, value) => form.setField(field, value.toUpperCase()) };
  const errors: FieldErrors = { ...form.errors, ...(placa.error && !form.errors.placas ? { placas: placa.error } : {}) };
  const field = (k: TextKey, extra: { digits?: boolean; upper?: boolean; type?: 'number' | 'email'; description?: string } = {}) => (
    <TextField
      key={k}
      form={{ ...(extra.digits ? digitsForm : extra.upper ? upperForm : textForm), errors }}
      field={k}
      label={VEHICULO_CAMPOS[k]}
      description={readOnly(k) ? undefined : extra.description}
      readOnly={readOnly(k)}
      disabled={busy}
      type={extra.type === 'number' ? 'number' : extra.type === 'email' ? 'email' : 'text'}
      inputMode={extra.digits || extra.type === 'number' ? 'numeric' : extra.type === 'email' ? 'email' : undefined}
    />
  );
  const select = (k: TextKey, opts: SelectProps.Option[], placeholder: string) => (
    <SelectField key={k} form={{ ...textForm, errors }} field={k} label={VEHICULO_CAMPOS[k]} options={opts} placeholder={placeholder} disabled={busy || readOnly(k)} />
  );
  const date = (k: TextKey) => (
    // Typed day first or year first, or picked; under it the date in words as it is kept.
    <CampoFecha
      key={k}
      label={VEHICULO_CAMPOS[k]}
      value={form.values[k]}
      onChange={(v) => form.setField(k, v)}
      errorText={errors[k]}
      constraintText={form.values[k] && esFechaValida(form.values[k]) ? <FechaDeDocumento campo={k} fecha={form.values[k]} conError={!!errors[k]} /> : undefined}
      disabled={busy}
      // The days the schema refuses (a future date, docs/spec/02.md section 5) are not offered in the calendar.
      isDateEnabled={k in FECHAS_FUTURAS ? (d) => diaLocal(d) > hoyEnBogota() : undefined}
      dateDisabledReason={k in FECHAS_FUTURAS ? () => VEHICULO_MSG.fechaFutura(FECHAS_FUTURAS[k as keyof typeof FECHAS_FUTURAS]) : undefined}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (mode === 'editar' && !dirty) {
      toast.neutral(VEHICULO_MSG.sinCambios);
      return;
    }
    const data = form.check();
    const fechas = mode === 'editar' && data && vehiculo ? problemasDeFechas(data, vehiculo, documentos) : [];
    if (fechas.length) form.addErrors(Object.fromEntries(fechas.map((f) => [f.path[0], f.message])));
    if (!data || fechas.length || placa.error) {
      toast.error(data && fechas.length ? fechas[0]!.message : VEHICULO_MSG.incompleto);
      return;
    }
    setBusy(true);
    // The slots sent, in the API's order of files (photos, then documents, each in the spec's order).
    const enviados = [...FOTOS_VEHICULO.filter((s) => fotos[s]), ...DOCUMENTOS_VEHICULO.filter((s) => documentos[s])];
    try {
      const [fotoIds, docIds] = await Promise.all([
        uploadSlots('fotoVehiculo', fotos, setProgress),
        uploadSlots('documentoVehiculo', documentos, setProgress),
      ]);
      await save({ ...data, fotos: fotoIds, documentos: docIds });
      toast.success(mode === 'crear' ? VEHICULO_MSG.creado : VEHICULO_MSG.actualizado);
      onSaved();
    } catch (error) {
      setProgress({});
      if (error instanceof ApiError) {
        form.addErrors(apiFieldErrors(error.fields));
        const rechazo = archivosRechazados(error, enviados);
        setRechazados(rechazo);
        if (error.status === 409 && error.message === VEHICULO_MSG.correoConductorEnUso) form.addErrors({ email: error.message });
        // Only the plate's own conflict marks the plate (an edit's 409 is another person saving at once).
        else if (error.status === 409 && error.message.startsWith(VEHICULO_MSG.placaDuplicada(''))) form.addErrors({ placas: VEHICULO_MSG.placaRegistrada });
        // Said under its slot, brought into view: a toast would repeat it, and outlive the file's replacement.
        if (Object.keys(rechazo).length) return;
      }
      const message = error instanceof ApiError ? error.message : uploadErrorMessage(error, mode === 'crear' ? VEHICULO_MSG.errorCrear : 'No se pudo actualizar el vehículo');
      toast.error(mode === 'crear' ? VEHICULO_MSG.noCreado(message) : message);
    } finally {
      setBusy(false);
    }
  }

  const mustAccept = mode === 'crear' && !form.values.terminos;
  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={requestClose} disabled={busy}>
          Cancelar
        </Button>
        {/* Outside the <form>: it submits it by its id. */}
        <Button variant="primary" form={formId} formAction="submit" loading={busy} loadingText="Procesando..." disabled={mustAccept} disabledReason="Acepta los términos y condiciones para agregar el vehículo.">
          {/* docs/spec/02.md section 2.7: the button itself reads 'Procesando...' while busy (loadingText is only announced). */}
          {busy ? 'Procesando...' : mode === 'crear' ? 'Agregar Vehículo' : 'Modificar'}
        </Button>
      </SpaceBetween>
    </Box>
  );

  return (
    <Modal
      visible
      size="max"
      header={mode === 'crear' ? 'Agregar Nuevo Vehículo' : 'Editar Información del Vehículo'}
      // A save in progress is not abandoned by a click outside.
      onDismiss={requestClose}
      footer={footer}
    >
    <form id={formId} ref={form.ref} onSubmit={(event) => void submit(event)} noValidate>
      <SpaceBetween size="l">
        <Section columns={3} title="Información básica del vehículo">
          {field('placas', { upper: true, description: mode === 'crear' ? '6 caracteres, letras y números.' : undefined })}
          {field('marca')}
          {field('modelo', { description: 'Año del modelo, por ejemplo 2022.' })}
          {select('tipo', TIPO_OPTIONS, 'Selecciona el tipo')}
          {field('capacidad', { type: 'number', description: 'Pasajeros, de 1 a 50.' })}
          {field('color')}
          {field('numeroInterno')}
        </Section>

        <SpaceBetween size="s">
          <Header variant="h3">Características</Header>
          <ColumnLayout columns={3} minColumnWidth={180}>
            {AMENIDAD_KEYS.map((k) => (
              <Checkbox key={k} checked={form.values[k]} onChange={({ detail }) => form.setField(k, detail.checked)} disabled={busy}>
                {AMENIDADES[k]}
              </Checkbox>
            ))}
          </ColumnLayout>
        </SpaceBetween>

        <Section columns={3} title="Información del conductor">
          {field('nombre')}
          {field('cedula', { digits: true })}
          {field('email', { type: 'email', description: mode === 'crear' ? 'Le enviaremos su acceso a la aplicación de conductores.' : undefined })}
          {field('telefono', { digits: true })}
          {field('direccion')}
          {select('ciudad', CIUDAD_OPTIONS, 'Selecciona la ciudad')}
          {field('licenciaDeConducir')}
          {date('vencimientoLicenciaDeConducir')}
        </Section>

        <Section columns={3} title="Documentación del vehículo">
          {field('propietario')}
          {field('licencia')}
          {field('soat')}
          {date('fechasoat')}
          {field('numeroRevisionTecnica')}
          {date('vencimientoRevisionTecnica')}
          {field('tarjetaOperacion')}
          {date('vencimientoTarjetaOperacion')}
        </Section>

        <Section columns={3} title="Información bancaria" description={cuentaFija ? VEHICULO_MSG.soloAdminCuenta : mode === 'editar' ? VEHICULO_MSG.cambioDeCuenta : undefined}>
          {select('banco', bancoOptions(vehiculo?.banco ?? ''), 'Selecciona el banco')}
          {select('tipocuenta', TIPO_CUENTA_OPTIONS, 'Selecciona el tipo de cuenta')}
          {field('cuenta', { digits: true })}
          {field('titular')}
          {field('rut', { description: RUT_AYUDA })}
        </Section>

        <FileSlots
          kind="fotoVehiculo"
          title="Fotos del vehículo"
          info={<FlotaAyuda topic="fotos" />}
          slots={FOTO_SLOTS}
          chosen={fotos}
          onChange={elegir(setFotos, fotos)}
          current={detalle?.archivos.fotos}
          progress={progress}
          errors={rechazados}
          disabled={busy}
        />
        <FileSlots
          kind="documentoVehiculo"
          title="Documentos"
          info={<FlotaAyuda topic="documentos" />}
          slots={DOC_SLOTS}
          chosen={documentos}
          onChange={elegir(setDocumentos, documentos)}
          current={detalle?.archivos.documentos}
          progress={progress}
          errors={rechazados}
          disabled={busy}
        />

        <FormField errorText={form.errors.terminos}>
          <Checkbox checked={form.values.terminos} onChange={({ detail }) => form.setField('terminos', detail.checked)} disabled={busy || mode === 'editar'}>
            Acepto los términos y condiciones y declaro que la información y los documentos del vehículo son verídicos.
          </Checkbox>
        </FormField>
        {mode === 'editar' && (
          <Box variant="small" color="text-body-secondary">
            Las placas, la marca, el modelo, el tipo, la capacidad, el color, el correo del conductor y la tarjeta de propiedad no se pueden cambiar.
          </Box>
        )}
      </SpaceBetween>
    </form>
    {descarte.pregunta}
    </Modal>
  );
}
