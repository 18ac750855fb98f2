import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PUESTOS, type MeResponse } from '@shared/schemas/empresa.js';
import { PERFIL_MSG } from '@shared/schemas/messages.js';
import { perfilPersonalSchema, perfilSchema } from '@shared/schemas/profile.js';
import { BANCOS_OFRECIDOS, CIUDADES, departamentoDe, opcionesDe, textoBanco, textoTipoCuenta, TIPOS_CUENTA, type Banco } from '@shared/domain/etiquetas.js';
import { RUT_AYUDA } from '@shared/schemas/rut.js';
import { onlyDigits } from '@shared/schemas/digits.js';
import { TextField, type FieldForm } from '../../../components/form-fields.js';
import { SelectField } from '../../../components/select-field.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { toast } from '../../../lib/toast.js';
import { apiFieldErrors, useZodForm } from '../../../lib/use-zod-form.js';
import { canEditEmpresa } from '../../../lib/me/get-me.js';
import { useUpdatePerfil } from '../api/update-perfil.js';
import { CORPORATE_PHOTOS_ID } from './fotos-corporativas.js';

/** docs/spec/01.md section 9: the panel opens 2000 ms after a successful save. */
export const REDIRECT_AFTER_SAVE_MS = 2000;
export const FALTA_FOTO_MSG = 'Perfil guardado. Sube al menos una foto corporativa para habilitar el Panel de Control.';

const PUESTO_OPTIONS: SelectProps.Option[] = Object.entries(PUESTOS).map(([value, label]) => ({ value, label }));
// The vehicle form's same lists, by their labels (shared/domain/etiquetas.ts).
const CIUDAD_OPTIONS: SelectProps.Option[] = CIUDADES.map(({ value, label }) => ({ value, label }));
/** Today's banks; a company that keeps one no longer offered (Nequi, say) sees it too, so a save keeps it. */
const bancoOptions = (actual: string): SelectProps.Option[] => opcionesDe(actual && !BANCOS_OFRECIDOS.includes(actual as Banco) ? [...BANCOS_OFRECIDOS, actual] : BANCOS_OFRECIDOS, textoBanco);
const TIPO_CUENTA_OPTIONS: SelectProps.Option[] = opcionesDe(TIPOS_CUENTA, textoTipoCuenta);

type Values = {
  nombres: string;
  apellidos: string;
  movil: string;
  puesto: string;
  empresa: string;
  ciudad: string;
  departamento: string;
  pais: string;
  direccion: string;
  banco: string;
  tipocuenta: string;
  cuenta: string;
  titular: string;
  rut: string;
};

function initialValues({ usuario, empresa }: MeResponse): Values {
  return {
    nombres: usuario.nombres,
    apellidos: usuario.apellidos,
    movil: usuario.movil,
    puesto: usuario.puesto in PUESTOS ? usuario.puesto : '',
    empresa: empresa?.empresa ?? '',
    ciudad: empresa?.ciudad ?? '',
    departamento: empresa?.departamento || 'Valle del Cauca',
    pais: empresa?.pais || 'Colombia',
    direccion: empresa?.direccion ?? '',
    banco: empresa?.banco ?? '',
    tipocuenta: empresa?.tipocuenta ?? '',
    cuenta: empresa?.cuenta ?? '',
    titular: empresa?.titular ?? '',
    rut: empresa?.rut ?? '',
  };
}

/** An empty Select means "not chosen" to the schema. */
const toInput = (values: Values) => ({ ...values, puesto: values.puesto || undefined });

/**
 * docs/spec/01.md "Account": the personal part (every user) and the company part (admins edit it, a `user`
 * sees it read-only). Saved with `PUT /perfil`; the answer refreshes `/me`.
 */
export function PerfilForm({ me }: { me: MeResponse }) {
  const navigate = useNavigate();
  const update = useUpdatePerfil();
  const editEmpresa = canEditEmpresa(me);
  const schema = editEmpresa ? perfilSchema : perfilPersonalSchema;
  const form = useZodForm(schema, () => initialValues(me), toInput);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const saving = update.isPending;
  const common = { form, disabled: saving };
  const empresaProps = { ...common, readOnly: !editEmpresa };
  // Phone and account take digits only: whatever else is typed or pasted is dropped as it comes.
  const digitsForm: FieldForm<keyof Values> = { ...form, setField: (field, value) => form.setField(field, onlyDigits(value)) };
  const digits = { ...common, form: digitsForm, type: 'text', inputMode: 'numeric' } as const;
  // Choosing a city fills in its department, which stays editable (the default is Cali's).
  const ciudadForm: FieldForm<keyof Values> = {
    ...form,
    setField: (field, value) => {
      const departamento = departamentoDe(value);
      form.setFields(departamento ? { [field]: value, departamento } : { [field]: value });
    },
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check();
    if (!data) {
      toast.error(PERFIL_MSG.incompleto);
      return;
    }
    if (saving) return;
    update.mutate(data, {
      onSuccess: (saved) => {
        toast.success(PERFIL_MSG.actualizado);
        // Without a corporate photo the panel stays closed: leaving would hide the uploader.
        if (saved.perfilCompleto) {
          redirect.current = setTimeout(() => navigate('/panel-control/monitor-map'), REDIRECT_AFTER_SAVE_MS);
        } else if (editEmpresa) {
          toast.neutral(FALTA_FOTO_MSG);
          document.getElementById(CORPORATE_PHOTOS_ID)?.scrollIntoView({ block: 'center' });
        }
      },
      onError: (error) => {
        if (error instanceof ApiError) form.addErrors(apiFieldErrors(error.fields));
        toast.error(error instanceof ApiError ? errorMessage(error) : PERFIL_MSG.errorActualizar, PERFIL_MSG.errorActualizar);
      },
    });
  }

  return (
    <form ref={form.ref} onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={saving} loadingText="Guardando">
            Guardar cambios
          </Button>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">Datos personales</Header>}>
            <ColumnLayout columns={2}>
              <TextField label="Nombres" field="nombres" autoComplete="given-name" {...common} />
              <TextField label="Apellidos" field="apellidos" autoComplete="family-name" {...common} />
              <FormField label="Correo electrónico" description="El correo no se puede cambiar." stretch>
                <Input type="email" value={me.usuario.email} readOnly />
              </FormField>
              <TextField label="Teléfono móvil" field="movil" autoComplete="tel-national" {...digits} />
              <SelectField label="Puesto" field="puesto" options={PUESTO_OPTIONS} placeholder="Selecciona un puesto" {...common} />
            </ColumnLayout>
          </Container>
          {me.empresa && (
            <Container
              header={
                <Header variant="h2" description={editEmpresa ? undefined : 'Solo un administrador de la empresa puede cambiar estos datos.'}>
                  Datos de la empresa
                </Header>
              }
            >
              <ColumnLayout columns={2}>
                <TextField label="Empresa" field="empresa" autoComplete="organization" {...empresaProps} />
                <SelectField label="Ciudad" field="ciudad" options={CIUDAD_OPTIONS} placeholder="Selecciona una ciudad" {...empresaProps} form={ciudadForm} />
                <TextField label="Departamento" field="departamento" {...empresaProps} />
                <TextField label="País" field="pais" autoComplete="country-name" {...empresaProps} />
                <TextField label="Dirección" field="direccion" autoComplete="street-address" {...empresaProps} />
              </ColumnLayout>
            </Container>
          )}
          {/* The payment data is the admins' alone: the API does not even send it to staff. */}
          {me.empresa && editEmpresa && (
            <Container header={<Header variant="h2" description="La cuenta en la que se pagan los servicios de la empresa. Solo la ven sus administradores.">Cuenta bancaria</Header>}>
              <ColumnLayout columns={2}>
                <SelectField label="Banco" field="banco" options={bancoOptions(me.empresa.banco ?? '')} placeholder="Selecciona un banco" {...common} />
                <SelectField label="Tipo de cuenta" field="tipocuenta" options={TIPO_CUENTA_OPTIONS} placeholder="Selecciona el tipo de cuenta" {...common} />
                <TextField label="Número de cuenta" field="cuenta" autoComplete="off" {...digits} />
                <TextField label="Titular de la cuenta" field="titular" {...common} />
                <TextField label="RUT o cédula" field="rut" description={RUT_AYUDA} {...common} />
              </ColumnLayout>
            </Container>
          )}
          {!editEmpresa && (
            <Box variant="small" color="text-body-secondary">
              Al guardar se actualizan solo tus datos personales.
            </Box>
          )}
        </SpaceBetween>
      </Form>
    </form>
  );
}
